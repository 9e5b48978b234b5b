// The coach's checked reason (static/js/coach-words.js), in English, read without a page.
import assert from "node:assert/strict";
import { test } from "node:test";

import { stuckText } from "../../static/js/coach-words.js";

test("a move that left no tile a place more often is told so, with the engine's counts", () => {
  const note = { stuck: { deals: 10, played: 7, preferred: 1 } };
  assert.equal(
    stuckText(note),
    "After this move, no tile fitted at the next turn in 7 of 10 deals that could follow; after the coach's move, in 1.",
  );
});

test("no reason is said when the counts do not speak against the move made", () => {
  assert.equal(stuckText({ stuck: { deals: 10, played: 2, preferred: 2 } }), "");
  assert.equal(stuckText({ stuck: { deals: 10, played: 0, preferred: 3 } }), "");
  assert.equal(stuckText({}), "");
  assert.equal(stuckText(null), "");
});
