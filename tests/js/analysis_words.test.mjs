// The analysis board's answer in words (static/js/analysis-words.js), in English.
import assert from "node:assert/strict";
import { test } from "node:test";

import * as words from "../../static/js/analysis-words.js";

const play = { action: "play", tile: "RGB", x: 1, y: 0, dir: "E" };
const moveWords = (action) => (action.action === "play" ? `lay ${action.tile}` : action.action);
const verdict = (fields = {}) => ({ loss: 0, same_as_best: false, preferred: play, preferred_points: 7, ...fields });

test("a try's points are said only in a game that counts them", () => {
  assert.equal(words.pointsLine({ points: 12 }), "This move scores 12 points.");
  assert.equal(words.pointsLine({ points: null }), null);
});

test("the engine's choice is the same move, a placement with its points, or another action", () => {
  assert.match(words.engineLine(verdict({ same_as_best: true }), moveWords), /^As good as the engine's choice/);
  assert.equal(words.engineLine(verdict(), moveWords), "The engine's choice scores 7 points: lay RGB.");
  const draw = verdict({ preferred: { action: "draw" }, preferred_points: null });
  assert.equal(words.engineLine(draw, moveWords), "The engine would rather draw.");
  assert.equal(words.engineLine(null, moveWords), "This game has no engine to weigh moves.");
});

test("the loss is said in words, and the engine's own choice is never flagged", () => {
  assert.equal(words.lossLine(verdict({ same_as_best: true, loss: 0 })), "");
  assert.equal(words.lossLine(verdict({ loss: 0 })), "The engine finds it as good as its own choice.");
  assert.equal(words.lossLine(verdict({ loss: 0.01 })), "A little worse than the engine's choice.");
  assert.equal(words.lossLine(verdict({ loss: 0.05 })), "Worse than the engine's choice.");
  assert.equal(words.lossLine(verdict({ loss: 0.3 })), "Much worse than the engine's choice.");
});

test("an action's placement fields leave its kind out", () => {
  assert.deepEqual(words.placementFields(play), { tile: "RGB", x: 1, y: 0, dir: "E" });
});
