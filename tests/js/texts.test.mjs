// The game page's words (static/js/game/texts.js), in English: the status line, the
// hints, the refusals, the move log's lines.
import assert from "node:assert/strict";
import { test } from "node:test";

import * as texts from "../../static/js/game/texts.js";

function page(fields = {}) {
  return {
    seat: 0,
    players: ["Ada", "Bob"],
    legal: [],
    picked: null,
    game: { current: 0, finished: false, hands: [["aab"]], can_draw: true, drawn_tile: null },
    ...fields,
  };
}

test("whose turn, as a line and as a sentence", () => {
  assert.equal(texts.statusLine(page()), "Your turn");
  assert.equal(texts.turnSentence(page()), "Your turn.");
  const theirs = page({ game: { ...page().game, current: 1 } });
  assert.equal(texts.statusLine(theirs), "Bob's turn");
  assert.equal(texts.turnSentence(theirs), "Bob's turn.");
  assert.equal(texts.statusLine(page({ game: { ...page().game, finished: true } })), "Game over");
  assert.equal(texts.seatName(page(), 5), "Seat 6");
});

test("the hand's hint follows the turn, the list of places and the pick", () => {
  assert.equal(texts.handHint(page(), () => "picked"), "None of your tiles fits: draw a tile.");
  assert.equal(texts.handHint(page({ legal: [{ tile: "aab" }] }), () => "picked"), "Highlighted tiles fit somewhere: pick one.");
  assert.equal(texts.handHint(page({ legal: [{ tile: "aab" }], picked: "aab" }), () => "picked"), "picked");
  assert.equal(texts.handHint(page({ legal: null }), () => "picked"), "Pick a tile to lay.");
  const drawn = page({ game: { ...page().game, drawn_tile: "aab", can_draw: false } });
  assert.equal(texts.handHint(drawn, () => ""), "Only the tile you drew may be laid now; it fits nowhere: pass.");
  assert.equal(texts.handHint(page({ game: { ...page().game, current: 1 } }), () => ""), "Waiting for Bob.");
});

test("the placing hints", () => {
  assert.equal(texts.pickedHint(1, { fitsAnotherWay: false }), "1 place for this tile this way.");
  assert.equal(texts.pickedHint(3, { fitsAnotherWay: false }), "3 places for this tile this way.");
  assert.equal(texts.pickedHint(0, { fitsAnotherWay: true }), "It does not fit this way: turn it.");
  const said = (scene) => `${scene.points} points.`;
  assert.equal(texts.ghostWords({ status: "target", points: 4 }, { x: 2, y: -1 }, said), "Column 2, row −1. It fits here. 4 points.");
  assert.equal(texts.ghostWords({ status: "off" }, { x: 0, y: 0 }, said), "Column 0, row 0. Not a highlighted place.");
});

test("a refusal in words: the game's own first, then the shared ones, then the server's", () => {
  assert.equal(texts.refusal({ code: "not_your_turn" }), "It is not your turn.");
  assert.equal(texts.refusal({ code: "overlap" }, { overlap: "Taken." }), "Taken.");
  assert.equal(texts.refusal({ code: "new_code", message: "As sent." }), "As sent.");
  assert.equal(texts.refusal({ code: "new_code" }), "Something went wrong.");
});

test("an event in the log: the move, its notes, the end", () => {
  const describeEvent = (event, { name }) => ({ text: `${name} played`, tile: "aab", notes: ["+3", { text: "bonus", tile: "abc" }] });
  const lines = texts.eventLines(page(), 9, { seat: 1, stand_in: true, finished: true }, { scoring: true, describeEvent });
  assert.deepEqual(lines, [
    { version: 9, text: "The bot (for Bob) played", tile: "aab", said: undefined },
    { version: 9, text: "+3", tile: null, note: true },
    { version: 9, text: "bonus", tile: "abc", note: true },
    { version: 9, text: "The game is over.", tile: null, note: true },
  ]);
  const left = texts.eventLines(page(), 3, { seat: 0, action: "resign" }, { scoring: true, describeEvent });
  assert.equal(left[0].text, "Ada left the game");
});

test("a bot for an absent player, and the connection's banner", () => {
  assert.equal(texts.awayLine("Bob", true), "Bob is away: a bot plays for them.");
  assert.equal(texts.awayLine("Bob", true, { mine: true, ranOut: true }), "Your time ran out: a bot plays for you until you take your seat back.");
  assert.equal(texts.awayLine("Bob", false, { mine: true }), "You took your seat back.");
  assert.equal(texts.connectionText("gone", "no_spectators"), "Only its players can watch this game.");
  assert.equal(texts.connectionText("syncing"), "Connected again — catching up…");
  assert.equal(texts.bagCount(-2), "Bag: −2");
});
