// The game page's state (static/js/game/model.js): snapshots, live deltas and the
// values derived from them, applied without a page or a socket.
import assert from "node:assert/strict";
import { test } from "node:test";

import * as model from "../../static/js/game/model.js";

/** What the model needs of a game module: its log lines, its placements, its deal. */
const game = {
  describe: (version, event) => [{ version, text: `${event.action} by ${event.seat}`, tile: event.tile ?? null }],
  standIn: (seat) => `a bot plays for ${seat}`,
  placementOf: (event) => ({ tile: event.tile, x: event.x, y: event.y }),
  dealtTiles: 1,
};

function gameState(fields = {}) {
  return {
    players: ["Ada", "Bob"],
    hands: [["aab", "abc"], null],
    board: [{ tile: "xyz", x: 0, y: 0 }],
    current: 0,
    finished: false,
    options: { turn_seconds: 0 },
    ...fields,
  };
}

function snapshotOf(fields = {}) {
  return { type: "welcome", version: 4, seat: 0, players: ["Ada", "Bob"], bots: [null, "greedy"], state: gameState(), legal: [{ tile: "aab" }], ...fields };
}

function opened(fields = {}) {
  const state = model.createState({ gameId: "g1", kind: "chromino" });
  const result = model.applySnapshot(state, snapshotOf(fields), game);
  return { state, result };
}

test("the first snapshot opens the page: names, my hand, my turn, what fits", () => {
  const { state, result } = opened();
  assert.deepEqual(result, { first: true, wasMyTurn: false, resend: null });
  assert.equal(state.connection, "open");
  assert.deepEqual(state.players, ["Ada", "Medium bot"]);
  assert.deepEqual(model.myHand(state), ["aab", "abc"]);
  assert.equal(model.isMyTurn(state), true);
  assert.deepEqual([...model.playableTiles(state)], ["aab"]);
  assert.equal(state.logGap, true); // version 4, and no event logged before it
  assert.equal(state.lastPlaced, null); // only the dealt tile lies on the board
});

test("events replayed before a snapshot are logged when it arrives", () => {
  const state = model.createState({ gameId: "g1", kind: "chromino" });
  for (const version of [1, 2]) {
    assert.equal(model.applyEvent(state, { version, event: { action: "draw", seat: 0 } }, game), null);
  }
  model.applySnapshot(state, snapshotOf({ version: 2 }), game);
  assert.deepEqual(state.log.map((line) => line.text), ["draw by 0", "draw by 0"]);
  assert.equal(state.logGap, false);
  assert.deepEqual(state.caughtUp, []);
});

test("a delta changes the fields it names and appends what grew", () => {
  const { state } = opened();
  const before = state.game;
  const change = model.applyEvent(
    state,
    {
      version: 5,
      event: { action: "play", seat: 0, tile: "aab", x: 1, y: 0 },
      changes: { current: 1, hands: [["abc"], null] },
      added: { board: [{ tile: "aab", x: 1, y: 0 }] },
    },
    game,
  );
  assert.deepEqual(change, { lines: [{ version: 5, text: "play by 0", tile: "aab" }], wasMyTurn: true, turnMoved: true, placed: true, gap: false });
  assert.notEqual(state.game, before);
  assert.equal(before.board.length, 1); // the old state is left as it was
  assert.equal(state.game.board.length, 2);
  assert.deepEqual(state.lastPlaced, { tile: "aab", x: 1, y: 0 });
  assert.equal(state.legal, null);
  assert.equal(model.isMyTurn(state), false);
  assert.equal(state.version, 5);
});

test("a delta already applied is ignored, one after a gap is missed", () => {
  const { state } = opened();
  assert.equal(model.applyEvent(state, { version: 4, event: { action: "pass", seat: 0 }, changes: {} }, game), null);
  assert.deepEqual(model.applyEvent(state, { version: 7, event: { action: "pass", seat: 0 }, changes: {} }, game), { missed: true });
  assert.equal(state.version, 4);
  const whole = model.applyEvent(state, { version: 7, event: { action: "pass", seat: 0 }, state: gameState({ current: 1 }) }, game);
  assert.equal(whole.gap, true);
  assert.equal(state.version, 7);
});

test("a turn's start sets the clock's skew from the deadline", () => {
  const { state } = opened({ state: gameState({ options: { turn_seconds: 60 } }) });
  const now = Date.now() / 1000;
  model.applyEvent(state, { version: 5, event: { action: "pass", seat: 0 }, changes: { current: 1 }, deadline: now + 1000 }, game);
  assert.ok(Math.abs(state.clockSkew - 940) < 5, state.clockSkew);
});

test("a pass-and-play seat is forgotten once its turn is over", () => {
  const { state } = opened({ local_seats: [0, 1] });
  model.applyEvent(state, { version: 5, event: { action: "pass", seat: 0 }, changes: { current: 1 } }, game);
  assert.equal(state.seat, null);
});

test("a command in flight is sent again after a reconnection only if the game has not moved", () => {
  const { state } = opened();
  state.pending = { id: "c1", message: { id: "c1", version: 4 } };
  assert.deepEqual(model.applySnapshot(state, snapshotOf(), game).resend, { id: "c1", version: 4 });
  model.applySnapshot(state, snapshotOf({ version: 5 }), game);
  assert.equal(state.pending, null);
});

test("a bot standing in is said once in the log, before its move", () => {
  const { state } = opened();
  const change = model.applyEvent(state, { version: 5, event: { action: "pass", seat: 0, stand_in: true }, changes: { current: 1 } }, game);
  assert.deepEqual(change.lines.map((line) => line.text), ["a bot plays for 0", "pass by 0"]);
  const next = model.applyEvent(state, { version: 6, event: { action: "pass", seat: 0, stand_in: true }, changes: { current: 1 } }, game);
  assert.deepEqual(next.lines.map((line) => line.text), ["pass by 0"]);
});

test("away, acks and errors", () => {
  const { state } = opened();
  assert.equal(model.applyAway(state, { seat: 1, away: false, version: 4 }, "back"), null);
  assert.deepEqual(model.applyAway(state, { seat: 1, away: true, version: 4 }, "away"), { version: 4, text: "away", tile: null, note: true });
  assert.deepEqual(state.away, [false, true]);
  state.pending = { id: "c2" };
  model.applyAck(state, { id: "other" });
  assert.deepEqual(state.pending, { id: "c2" });
  assert.deepEqual(model.applyError(state, { code: "stale_version", id: "c2" }), { gone: false, resync: true });
  assert.equal(state.pending, null);
  assert.deepEqual(model.applyError(state, { code: "no_such_game" }), { gone: true, resync: false });
  assert.equal(state.connection, "gone");
});

test("winners shown, scoring, and the time-ran-out reading of a bot", () => {
  const { state } = opened({ solo: true, state: gameState({ finished: true, ended_by: "blocked", winners: [0], options: { scoring: "none" } }) });
  assert.deepEqual(model.shownWinners(state), []);
  assert.equal(model.isScoring(state), false);
  assert.equal(model.timeRanOut(state), false);
  state.solo = false;
  assert.deepEqual(model.shownWinners(state), [0]);
  state.turnDays = 2;
  assert.equal(model.timeRanOut(state), true);
});

test("a rematch asked before a reconnection may be asked again, unless the welcome names it", () => {
  const { state } = opened({ state: gameState({ finished: true }) });
  state.rematchAsked = true; // asked on the socket, which dropped before its answer
  model.applySnapshot(state, snapshotOf({ type: "state", version: 4 }), game);
  assert.equal(state.rematchAsked, true, "a sync's state is no answer to it");
  model.applySnapshot(state, snapshotOf({ version: 4 }), game);
  assert.equal(state.rematchAsked, false);
  assert.equal(state.nextGame, null);
  state.rematchAsked = true;
  model.applySnapshot(state, snapshotOf({ version: 4, next_game: "g2" }), game);
  assert.equal(state.nextGame, "g2");
});
