// The puzzle page's words and times (static/js/puzzle-words.js), in English: a timed
// run's clock read on the server's time, a try's verdict and rating change, a run's
// end, and the tiles a server's text names.
import assert from "node:assert/strict";
import { test } from "node:test";

import * as words from "../../static/js/puzzle-words.js";

test("the clock offset is the server's time minus the device's", () => {
  const device = Date.parse("2026-05-01T12:00:00Z");
  assert.equal(words.clockOffset("2031-03-14T09:26:00+00:00", device), Date.parse("2031-03-14T09:26:00Z") - device);
  assert.equal(words.clockOffset("2026-05-01T11:59:58Z", device), -2000);
  assert.equal(words.clockOffset("not a time", device), 0);
});

test("the time left is read on the server's clock, whatever the device's says", () => {
  const server = Date.parse("2031-03-14T09:26:00Z");
  const device = Date.parse("2026-05-01T12:00:00Z");
  const offset = words.clockOffset("2031-03-14T09:26:00Z", device);
  const ends = new Date(server + 180_000).toISOString();
  assert.equal(words.timeLeft(ends, device, offset), 180_000);
  assert.equal(words.timeLeft(ends, device + 55_000, offset), 125_000);
  assert.equal(words.timeLeft(ends, device + 200_000, offset), 0);
  assert.equal(words.timeLeft(null, device, offset), 0);
});

test("a countdown shows minutes and two digits of seconds, a part of a second as a second", () => {
  assert.equal(words.clockText(180_000), "3:00");
  assert.equal(words.clockText(125_000), "2:05");
  assert.equal(words.clockText(124_001), "2:05");
  assert.equal(words.clockText(9_000), "0:09");
  assert.equal(words.clockText(1), "0:01");
  assert.equal(words.clockText(0), "0:00");
  assert.equal(words.clockText(-500), "0:00");
});

test("a try's verdict", () => {
  assert.equal(words.verdictText({ correct: true }, false), "Solved!");
  assert.equal(words.verdictText({ correct: true }, true), "Solved, with the hint.");
  assert.equal(words.verdictText({ correct: false }, true), "Not the answer.");
});

test("the rating change, up or down with a real minus sign, or practice", () => {
  assert.equal(words.ratingText({ before: 1500, after: 1512 }), "Your puzzle rating: 1500 → 1512 (+12)");
  assert.equal(words.ratingText({ before: 1500, after: 1384 }), "Your puzzle rating: 1500 → 1384 (\u2212116)");
  assert.equal(words.ratingText({ before: 1500, after: 1500 }), "Your puzzle rating: 1500 → 1500 (0)");
  assert.equal(words.ratingText(null), "Practice: your rating does not change.");
});

test("a run's end says how many were solved, and a new best", () => {
  assert.equal(words.runEndText({ score: 1, best: 1 }), "You solved 1 puzzle. Your best so far!");
  assert.equal(words.runEndText({ score: 3, best: 7 }), "You solved 3 puzzles.");
  assert.equal(words.runEndText({ score: 0, best: 0 }), "You solved 0 puzzles.");
});

test("the tiles a server's text names are cut out for their pictures, whole words only", () => {
  assert.deepEqual(words.tileParts("After that, GRY fits nowhere.", ["BBR", "GRY"]), [
    { text: "After that, " },
    { tile: "GRY" },
    { text: " fits nowhere." },
  ]);
  assert.deepEqual(words.tileParts("GRYX and XGRY stay words.", ["GRY"]), [{ text: "GRYX and XGRY stay words." }]);
  assert.deepEqual(words.tileParts("That placement scores 12 points.", ["012", "345"]), [
    { text: "That placement scores 12 points." },
  ]);
  assert.deepEqual(words.tileParts("", ["GRY"]), []);
  assert.deepEqual(words.tileParts("No tiles.", []), [{ text: "No tiles." }]);
});
