// The replay's frames: what each step gained, and the tile laid last carried forward.
import assert from "node:assert/strict";
import { test } from "node:test";

import { framesOf } from "../../static/js/replay-frames.js";

const step = (scores, event, extra = {}) => ({ board: [], hands: [], bag: 3, current: 0, scores, event, ...extra });

test("each frame says what every seat gained by its step", () => {
  const frames = framesOf([step([0, 0], null), step([5, 0], { action: "play", tile: "A" }), step([5, 2], { action: "play", tile: "B" })], (event) => event.tile);
  assert.deepEqual(
    frames.map((frame) => frame.gained),
    [
      [0, 0],
      [5, 0],
      [0, 2],
    ],
  );
});

test("the tile laid last stays marked through draws and passes", () => {
  const steps = [step([0], null), step([3], { action: "play", tile: "A" }), step([3], { action: "draw" }), step([3], { action: "pass" })];
  const frames = framesOf(steps, (event) => `placed ${event.tile}`);
  assert.deepEqual(
    frames.map((frame) => frame.lastPlaced),
    [null, "placed A", "placed A", "placed A"],
  );
  assert.equal(frames[2].event.action, "draw");
  assert.equal(frames[3].bag, 3);
});
