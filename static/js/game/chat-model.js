// The state of table talk on the game page, and the pure functions that change it as
// the server's messages arrive (docs/protocol.md, "Table talk"). No page here: the
// chat's wiring (game/chat.js) calls these and then shows the result, and the unit
// tests under Node call them alone.
import { tidy } from "./chat-words.js";

/** The chat of one page, before any snapshot: `me` is my account's id (null: none). */
export function createChatState(me = null) {
  return {
    me,
    known: false, // a snapshot carried the chat (a server without talk sends none)
    lines: new Map(), // seq → line, every line I hold
    newest: 0, // the newest seq I hold
    read: 0, // the newest seq I have read (the server's, then what I told it)
    readSent: 0, // the newest chat_read sent
    room: "players",
    text: false, // free text allowed now
    muted: false, // the table's creator muted me
    moderator: false, // I made the table
    table: null, // the table's invite code (for the free-text switch), when the page knows it
    creator: null, // the name of who made the table: the one who can turn free text on
    seated: false, // I play (only players tell the server what they read)
    solo: false,
    open: false,
    pending: new Map(), // id → {kind: "preset" | "text", text?}: lines sent, waiting for their ack
    lost: null, // the text of a line sent as the socket dropped: said or not, the next snapshot tells
    hidden: new Set(), // people I muted from this page: their lines go at once
    menu: null, // {seq, confirm: null | "report" | "mute" | "table"}: a line's actions shown
    status: "", // the line under the input: a refusal, or what an action did
    statusTimer: 0,
    announceTimer: 0,
  };
}

export function isMine(chat, line) {
  return chat.me !== null && line.user === chat.me;
}

/** Whether a line shows: not when I muted its author from this page. */
export function shown(chat, line) {
  return !(line.user !== null && chat.hidden.has(line.user));
}

/** The lines after my reading, neither mine nor hidden. */
export function unread(chat) {
  let count = 0;
  for (const line of chat.lines.values()) if (line.seq > chat.read && !isMine(chat, line) && shown(chat, line)) count += 1;
  return count;
}

/** Hold a line; false when it is no line or one already held. */
export function take(chat, line) {
  if (!line || !Number.isInteger(line.seq) || chat.lines.has(line.seq)) return false;
  chat.lines.set(line.seq, line);
  chat.newest = Math.max(chat.newest, line.seq);
  return true;
}

/** The lines held, in the order they were said. */
export function orderedSeqs(chat) {
  return [...chat.lines.keys()].sort((a, b) => a - b);
}

/** Whether a line of free text of mine is on its way (the next waits for it). */
export function sendingText(chat) {
  return [...chat.pending.values()].some((sent) => sent.kind === "text");
}

/**
 * A snapshot's talk (`talk`, null from a server without it) for the viewer `view`
 * ({seat, solo}); `invite` is the table's code the page was given. Returns {first: the
 * first talk this page holds, lostSaid: the text of the line lost in a drop, when it
 * was said after all (else null)}.
 */
export function applySnapshot(chat, talk, view, invite = null) {
  chat.seated = view.seat !== null;
  chat.solo = view.solo;
  if (!talk) {
    chat.known = false;
    return { first: false, lostSaid: null };
  }
  const first = !chat.known;
  chat.known = true;
  for (const line of talk.lines || []) take(chat, line);
  let lostSaid = null;
  if (chat.lost !== null) {
    // A line of mine with those words got through before the drop: it was said.
    const lost = chat.lost;
    if ([...chat.lines.values()].some((line) => isMine(chat, line) && line.text === lost)) lostSaid = lost;
    chat.lost = null;
  }
  chat.room = talk.room || (chat.seated ? "players" : "spectators");
  chat.text = Boolean(talk.text);
  chat.muted = Boolean(talk.muted);
  chat.moderator = Boolean(talk.moderator);
  chat.table = talk.table ?? invite ?? null;
  chat.creator = talk.creator ?? null;
  if (chat.seated) chat.read = Math.max(chat.read, Number(talk.read) || 0);
  else if (first) chat.read = Math.max(chat.read, chat.newest); // a spectator's reading is not kept: new lines count
  if (first && chat.seated) chat.readSent = chat.read;
  return { first, lostSaid };
}

/** A `chat_status` message: what changed at the table. */
export function applyStatus(chat, message) {
  if ("text" in message) chat.text = Boolean(message.text);
  if ("muted" in message) chat.muted = Boolean(message.muted);
  if ("moderator" in message) chat.moderator = Boolean(message.moderator);
}

/** An ack: the line it answers (no longer pending), or null when it answers none sent here. */
export function settleAck(chat, message) {
  const sent = chat.pending.get(message.id);
  if (!sent) return null;
  chat.pending.delete(message.id);
  return sent;
}

/** A refusal: whether it is about talk (a line sent here, or a `chat_` code), and how
 * long its words stay (milliseconds; 0: until something else is said). */
export function settleError(chat, message) {
  const ours = (message.id && chat.pending.has(message.id)) || String(message.code || "").startsWith("chat_");
  if (!ours) return { ours: false, wait: 0 };
  if (message.id) chat.pending.delete(message.id);
  if (message.code === "chat_muted") chat.muted = true;
  if (message.code === "chat_text_off") chat.text = false;
  const wait = message.code === "chat_too_fast" ? (Math.ceil(Number(message.retry_after)) || 5) * 1000 + 500 : 0;
  return { ours: true, wait };
}

/** The socket dropped: lines not acknowledged were maybe not said. Whether any was
 * pending (the text of one stays in `lost` until a snapshot tells). */
export function dropPending(chat) {
  if (!chat.pending.size) return false;
  const text = [...chat.pending.values()].find((sent) => sent.kind === "text");
  chat.lost = text ? tidy(text.text) : null;
  chat.pending.clear();
  return true;
}

/** The socket's query on (re)opening: only the lines after those I hold. */
export function socketParams(chat) {
  return chat.known ? { chat_since: chat.newest } : {};
}

/** The newest line shown that has been in view (`inView`: seqs; null: every line counts). */
export function newestSeen(chat, inView) {
  let newest = 0;
  for (const line of chat.lines.values()) {
    if (shown(chat, line) && (!inView || inView.has(line.seq))) newest = Math.max(newest, line.seq);
  }
  return newest;
}

/**
 * My reading grows to `newest` (never back). Returns {grew, tell}: whether it grew, and
 * the seq to tell the server (a player's, only beyond what was told), else null.
 */
export function advanceRead(chat, newest) {
  const grew = newest > chat.read;
  if (grew) chat.read = newest;
  const tell = chat.seated && chat.read > chat.readSent ? chat.read : null;
  return { grew, tell };
}
