// The chat's state and words (static/js/game/chat-model.js, chat-words.js): what the
// server's messages do to it, read without a page.
import assert from "node:assert/strict";
import { test } from "node:test";

import * as chat from "../../static/js/game/chat-model.js";
import * as words from "../../static/js/game/chat-words.js";

const ME = 7;
const line = (seq, fields = {}) => ({ seq, user: 3, name: "Ada", room: "players", text: `line ${seq}`, ...fields });
const seated = { seat: 0, solo: false };

function withTalk(talk, view = seated) {
  const state = chat.createChatState(ME);
  return { state, result: chat.applySnapshot(state, { lines: [], ...talk }, view) };
}

test("a snapshot without talk leaves the chat unknown", () => {
  const state = chat.createChatState(ME);
  assert.deepEqual(chat.applySnapshot(state, null, seated), { first: false, lostSaid: null });
  assert.equal(state.known, false);
  assert.deepEqual(chat.socketParams(state), {});
});

test("a player's first snapshot takes the lines and the server's reading", () => {
  const { state, result } = withTalk({ lines: [line(1), line(2), line(3)], read: 2, text: true, table: "abc" });
  assert.equal(result.first, true);
  assert.equal(state.newest, 3);
  assert.equal(state.read, 2);
  assert.equal(state.readSent, 2);
  assert.equal(state.table, "abc");
  assert.equal(chat.unread(state), 1);
  assert.deepEqual(chat.socketParams(state), { chat_since: 3 });
});

test("a spectator's first snapshot counts only lines said after it", () => {
  const { state } = withTalk({ lines: [line(1), line(2)] }, { seat: null, solo: false });
  assert.equal(state.room, "spectators");
  assert.equal(chat.unread(state), 0);
  chat.take(state, line(3));
  assert.equal(chat.unread(state), 1);
});

test("the table's code comes from the page when the talk names none", () => {
  const state = chat.createChatState(ME);
  chat.applySnapshot(state, { lines: [] }, seated, "inv1");
  assert.equal(state.table, "inv1");
});

test("my own lines and those of people I muted are never unread", () => {
  const { state } = withTalk({ lines: [line(1, { user: ME }), line(2, { user: 4 }), line(3)] });
  state.hidden.add(4);
  assert.equal(chat.unread(state), 1);
  assert.equal(chat.shown(state, line(2, { user: 4 })), false);
  assert.equal(chat.isMine(state, line(1, { user: ME })), true);
  assert.equal(chat.newestSeen(state, null), 3);
  assert.equal(chat.newestSeen(state, new Set([1, 2])), 1);
});

test("a line is held once, in seq order", () => {
  const state = chat.createChatState(ME);
  assert.equal(chat.take(state, line(5)), true);
  assert.equal(chat.take(state, line(5)), false);
  assert.equal(chat.take(state, { seq: "x" }), false);
  chat.take(state, line(2));
  assert.deepEqual(chat.orderedSeqs(state), [2, 5]);
  assert.equal(state.newest, 5);
});

test("reading grows, and a player tells the server only what it has not told", () => {
  const { state } = withTalk({ lines: [line(1), line(2)], read: 1 });
  assert.deepEqual(chat.advanceRead(state, 2), { grew: true, tell: 2 });
  state.readSent = 2;
  assert.deepEqual(chat.advanceRead(state, 1), { grew: false, tell: null });
  const watcher = withTalk({ lines: [line(1)] }, { seat: null, solo: false }).state;
  chat.take(watcher, line(2));
  assert.deepEqual(chat.advanceRead(watcher, 2), { grew: true, tell: null });
});

test("a status message changes only what it names", () => {
  const { state } = withTalk({ text: true, moderator: true });
  chat.applyStatus(state, { muted: true });
  assert.equal(state.muted, true);
  assert.equal(state.text, true);
  chat.applyStatus(state, { text: false });
  assert.equal(state.text, false);
  assert.equal(state.moderator, true);
});

test("an ack settles the line it answers, and only that", () => {
  const state = chat.createChatState(ME);
  state.pending.set("a1", { kind: "text", text: "hi" });
  assert.equal(chat.settleAck(state, { id: "zz" }), null);
  assert.equal(chat.sendingText(state), true);
  assert.deepEqual(chat.settleAck(state, { id: "a1" }), { kind: "text", text: "hi" });
  assert.equal(chat.sendingText(state), false);
});

test("refusals about talk are the chat's, with how long their words stay", () => {
  const state = chat.createChatState(ME);
  state.pending.set("a1", { kind: "preset" });
  assert.deepEqual(chat.settleError(state, { code: "stale_version" }), { ours: false, wait: 0 });
  assert.deepEqual(chat.settleError(state, { id: "a1", code: "chat_too_fast", retry_after: 2.2 }), { ours: true, wait: 3500 });
  assert.equal(state.pending.size, 0);
  assert.deepEqual(chat.settleError(state, { code: "chat_too_fast" }), { ours: true, wait: 5500 });
  chat.settleError(state, { code: "chat_muted" });
  assert.equal(state.muted, true);
  state.text = true;
  chat.settleError(state, { code: "chat_text_off" });
  assert.equal(state.text, false);
});

test("a line lost in a drop is known said when the next snapshot holds it", () => {
  const state = chat.createChatState(ME);
  chat.applySnapshot(state, { lines: [] }, seated);
  assert.equal(chat.dropPending(state), false);
  state.pending.set("a1", { kind: "text", text: "  well   played " });
  assert.equal(chat.dropPending(state), true);
  assert.equal(state.lost, "well played");
  const { lostSaid } = chat.applySnapshot(state, { lines: [line(9, { user: ME, text: "well played" })] }, seated);
  assert.equal(lostSaid, "well played");
  assert.equal(state.lost, null);
});

test("a line's words: the server's wording of a preset, its English, or the text", () => {
  assert.equal(words.lineWords({ preset: "hello", said: "Bonjour !" }), "Bonjour !");
  assert.equal(words.lineWords({ preset: "hello" }), "Hello!");
  assert.equal(words.lineWords({ preset: "newer" }), "newer");
  assert.equal(words.lineWords({ text: "<b>hi</b>" }), "<b>hi</b>");
  assert.equal(words.spokenLine({ name: "Ada", room: "spectators", text: "hi" }), "Ada (watching): hi");
  assert.equal(words.spokenLine({ name: "Guest 123456", room: "players", preset: "oops" }), "Guest 123456: Oops!");
  assert.equal(words.PRESETS.length, 12);
});

test("the chat's notes and figures", () => {
  assert.equal(words.tidy("  a \n b\t c "), "a b c");
  assert.equal(words.refusalText({ code: "chat_too_fast", retry_after: 1 }), "Too fast: wait a second before saying more.");
  assert.equal(words.refusalText({ code: "chat_too_fast", retry_after: 3 }), "Too fast: wait 3 seconds before saying more.");
  assert.equal(words.refusalText({ code: "chat_too_fast" }), "Too fast: wait a moment before saying more.");
  assert.equal(words.refusalText({ code: "odd", message: "Odd." }), "Odd.");
  assert.equal(words.badgeText(100), "99+");
  assert.equal(words.badgeText(4), "4");
  assert.equal(words.counterText(239), "");
  assert.equal(words.counterText(250), "250 / 300");
  assert.equal(words.unreadText(0), "");
  assert.equal(words.unreadText(2), "2 unread lines");
  assert.equal(words.whyNotText({ muted: true }), "The table's creator muted you.");
  assert.equal(words.whyNotText({ text: true }), "");
  assert.match(words.whyNotText({ text: false, creator: "Ada" }), /Ada, who made it/);
});
