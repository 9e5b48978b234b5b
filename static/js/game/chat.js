// Table talk on the live game page (docs/protocol.md, "Table talk"): the Chat button
// with its count of unread lines, the panel beside the board (a sheet over the foot of
// a phone's screen), its lines, the preset reactions, free text where the table allows
// it, and the small actions on a line. Lines travel on the game's socket; the shell hands
// this module the messages about talk (`chat`, `chat_status`, a snapshot's `chat`, the
// acks and errors of its own lines). The state and its changes are game/chat-model.js,
// the words game/chat-words.js, the drawing game/chat-view.js; this is the wiring.
import { api, boot, el } from "../api.js";
import * as model from "./chat-model.js";
import { keepAtEnd, nearEnd, renderChat, renderCounter, renderMenus, scrollToEnd, watchSide } from "./chat-view.js";
import * as words from "./chat-words.js";

const $ = (id) => document.getElementById(id);
const SHEET = "(max-width: 900px)"; // narrower: the panel is a sheet over the foot of the screen
const SEEN_RATIO = 0.6; // a line is read once this much of it has been in view…
const SEEN_PX = 48; // …or this many pixels of a line taller than the chat's window
const OPEN_KEY = "chromino.chat-open"; // a wide screen keeps the panel open from game to game
const ANNOUNCE_DELAY_MS = 60;
const DONE_MS = 6000; // what an action on a line did stays this long under the input
const SWITCHED_MS = 5000; // as does what the free-text switch now means

function requestRender(ctx) {
  if (!ctx.frame) {
    ctx.frame = requestAnimationFrame(() => {
      ctx.frame = 0;
      renderChat(ctx);
    });
  }
}

/** The status under the input (polite); with `forMs`, it clears itself after that long. */
function say(ctx, text, forMs = 0) {
  const chat = ctx.chat;
  chat.status = text;
  clearTimeout(chat.statusTimer);
  chat.statusTimer = 0;
  if (text && forMs) {
    chat.statusTimer = setTimeout(() => {
      chat.statusTimer = 0;
      if (chat.status === text) say(ctx, "");
    }, forMs);
  }
  ctx.requestRender();
}

function announce(ctx, text) {
  const region = $("chat-live");
  clearTimeout(ctx.chat.announceTimer);
  region.textContent = "";
  ctx.chat.announceTimer = setTimeout(() => (region.textContent = text), ANNOUNCE_DELAY_MS);
}

/** While the panel shows and the tab is visible, the lines that have been in view are
 * read (and those before them): the badge counts the rest, and a player tells the
 * server (only when that grows). Whether the reading grew. */
function reportRead(ctx) {
  const chat = ctx.chat;
  if (!chat.open || document.visibilityState !== "visible" || !chat.known) return false;
  const { grew, tell } = model.advanceRead(chat, model.newestSeen(chat, ctx.watcher ? ctx.inView : null));
  if (tell !== null && ctx.connection.send({ type: "chat_read", seq: tell })) chat.readSent = tell;
  return grew;
}

/** Lines come into view and go out of it as the list scrolls, the panel opens or closes
 * and the page scrolls: only a line that has been in view is read. */
function watchLines(ctx) {
  if (typeof IntersectionObserver === "undefined") return null;
  const seen = (entry) => entry.isIntersecting && (entry.intersectionRatio >= SEEN_RATIO || entry.intersectionRect.height >= SEEN_PX);
  return new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        const seq = Number(entry.target.dataset.seq);
        if (seen(entry)) ctx.inView.add(seq);
        else ctx.inView.delete(seq);
      }
      if (reportRead(ctx)) ctx.requestRender();
    },
    { threshold: [0, SEEN_RATIO, 1] },
  );
}

function setOpen(ctx, open, { focus = true } = {}) {
  const { chat, sheet } = ctx;
  chat.open = open;
  if (!sheet.matches) localStorage.setItem(OPEN_KEY, open ? "1" : "0");
  if (!open) chat.menu = null;
  renderChat(ctx);
  if (open) {
    ctx.scroll.stickToEnd = true;
    scrollToEnd(ctx);
    reportRead(ctx);
    renderChat(ctx);
    if (focus) $("chat-title").focus({ preventScroll: !sheet.matches });
  } else if (focus) {
    ctx.dom.toggle.focus();
  }
}

// --- what the server says -------------------------------------------------------------

function snapshot(ctx, message, view) {
  const chat = ctx.chat;
  const { first, lostSaid } = model.applySnapshot(chat, message.chat, view, boot.page?.invite_code);
  if (!chat.known) {
    ctx.requestRender();
    return;
  }
  if (lostSaid !== null) {
    if (words.tidy(ctx.dom.input.value) === lostSaid) ctx.dom.input.value = "";
    say(ctx, "");
  }
  if (first && !ctx.sheet.matches && localStorage.getItem(OPEN_KEY) === "1" && !chat.solo) chat.open = true;
  reportRead(ctx);
  ctx.requestRender();
}

function line(ctx, message) {
  const chat = ctx.chat;
  if (!model.take(chat, message)) return;
  const visible = chat.open && document.visibilityState === "visible";
  const mine = model.isMine(chat, message);
  if (!mine && model.shown(chat, message)) {
    announce(ctx, words.spokenLine(message));
    if (visible) ctx.scroll.stickToEnd = ctx.scroll.stickToEnd || nearEnd(ctx);
  }
  if (mine) ctx.scroll.stickToEnd = true;
  reportRead(ctx);
  ctx.requestRender();
}

function ack(ctx, message) {
  const sent = model.settleAck(ctx.chat, message);
  if (!sent) return false;
  if (sent.kind === "text") {
    const input = ctx.dom.input;
    if (words.tidy(input.value) === words.tidy(sent.text || "")) input.value = ""; // not what was typed since
    say(ctx, "");
  } else if (ctx.chat.status && !ctx.chat.statusTimer) say(ctx, "");
  ctx.requestRender();
  return true;
}

/** A refusal: mine to show when it answers a line sent here (or is about talk). */
function error(ctx, message) {
  const { ours, wait } = model.settleError(ctx.chat, message);
  if (ours) say(ctx, words.refusalText(message), wait);
  return ours;
}

/** The socket dropped: lines not acknowledged were maybe not said (the text stays typed
 * until the next snapshot shows whether it was). */
function closed(ctx) {
  if (model.dropPending(ctx.chat)) say(ctx, words.droppedText());
}

// --- saying things and acting on lines --------------------------------------------------

function sendLine(ctx, fields, kind) {
  const message = ctx.connection.isOpen() ? ctx.connection.sendWithId("chat", fields) : null;
  if (!message) {
    say(ctx, words.notConnectedText());
    return false;
  }
  ctx.chat.pending.set(message.id, { kind, text: fields.text });
  if (!ctx.chat.statusTimer) say(ctx, "");
  return true;
}

function sendText(ctx) {
  const text = ctx.dom.input.value;
  if (!text.trim()) {
    say(ctx, words.writeFirstText());
    ctx.dom.input.focus();
    return;
  }
  if (model.sendingText(ctx.chat)) return; // the one before is on its way
  sendLine(ctx, { text }, "text");
}

function openMenu(ctx, seq) {
  const chat = ctx.chat;
  chat.menu = chat.menu?.seq === seq ? null : { seq, confirm: null };
  renderMenus(ctx);
  if (chat.menu) ctx.items.get(seq)?.querySelector(".chat-menu button")?.focus();
}

function closeMenu(ctx, { focus = true } = {}) {
  const seq = ctx.chat.menu?.seq;
  ctx.chat.menu = null;
  renderMenus(ctx);
  if (focus && seq !== undefined) ctx.items.get(seq)?.querySelector(".chat-more")?.focus();
}

function confirmAction(ctx, kind) {
  ctx.chat.menu.confirm = kind;
  renderMenus(ctx);
  const menu = ctx.items.get(ctx.chat.menu.seq)?.querySelector(".chat-menu");
  (menu?.querySelector("input") || menu?.querySelector("button.danger, button.primary"))?.focus();
}

async function doAction(ctx, kind, line, reason = "") {
  const game = encodeURIComponent(ctx.gameId);
  try {
    if (kind === "report") await api("POST", `/api/chat/${game}/${line.seq}/report`, { reason });
    else if (kind === "mute") await api("PUT", `/api/me/mutes/${encodeURIComponent(line.user)}`);
    else if (kind === "table") await api("PUT", `/api/games/${game}/mutes/${encodeURIComponent(line.user)}`);
    else return;
    if (kind === "mute") ctx.chat.hidden.add(line.user);
    say(ctx, words.actionDoneText(kind, line), DONE_MS);
    closeMenu(ctx, { focus: false });
    ctx.requestRender();
    (ctx.chat.text && !ctx.chat.muted ? ctx.dom.input : $("chat-title")).focus({ preventScroll: true });
  } catch (problem) {
    say(ctx, problem.message);
  }
}

// --- wiring ---------------------------------------------------------------------------

function fillPresets(ctx) {
  $("chat-presets").replaceChildren(
    ...words.PRESETS.map(([code, said]) =>
      el(
        "button",
        { type: "button", class: "chat-preset", "data-preset": code, "data-testid": "chat-preset", onclick: () => sendLine(ctx, { preset: code }, "preset") },
        said(),
      ),
    ),
  );
}

/** The table's creator turns free text on or off (everyone hears it as chat_status too). */
async function switchText(ctx, box) {
  const wanted = box.checked;
  box.dataset.busy = "1";
  try {
    await api("PATCH", `/api/tables/${encodeURIComponent(ctx.chat.table)}/chat`, { text: wanted });
    ctx.chat.text = wanted;
    say(ctx, words.textSwitchedText(wanted), SWITCHED_MS);
  } catch (problem) {
    box.checked = !wanted;
    say(ctx, problem.message);
  } finally {
    box.dataset.busy = "";
    ctx.requestRender();
  }
}

function wire(ctx) {
  const { chat, dom, sheet } = ctx;
  dom.input.maxLength = words.MAX_TEXT;
  dom.toggle.addEventListener("click", () => setOpen(ctx, !chat.open));
  $("chat-jump").addEventListener("click", () => {
    scrollToEnd(ctx);
    dom.list.focus({ preventScroll: true });
    ctx.requestRender();
  });
  $("chat-close").addEventListener("click", () => setOpen(ctx, false));
  dom.form.addEventListener("submit", (event) => {
    event.preventDefault();
    sendText(ctx);
  });
  dom.input.addEventListener("input", () => {
    renderCounter(ctx);
    if (chat.status && !chat.statusTimer) say(ctx, "");
  });
  dom.panel.addEventListener("keydown", (event) => {
    if (event.key !== "Escape") return;
    if (chat.menu) {
      event.preventDefault();
      closeMenu(ctx);
    } else if (sheet.matches) {
      event.preventDefault();
      setOpen(ctx, false);
    }
  });
  $("chat-text-switch").addEventListener("change", (event) => switchText(ctx, event.currentTarget));
  document.addEventListener("visibilitychange", () => {
    reportRead(ctx);
    ctx.requestRender();
  });
  sheet.addEventListener("change", ctx.requestRender);
}

/**
 * The chat of the game page. `connection` sends (GameConnection); `gameId` names the
 * game for the HTTP actions. The shell calls: snapshot(message, view), line(message),
 * status(message), ack(message), error(message) → whether it was about a line said
 * here, closed() when the socket dropped, params() for the socket's query, moveTo(id)
 * when the socket moved on to another game.
 */
export function createChat({ gameId, connection }) {
  const ctx = {
    chat: model.createChatState(boot.me?.id ?? null),
    gameId,
    connection,
    dom: { panel: $("chat-panel"), list: $("chat-lines"), toggle: $("chat-toggle"), input: $("chat-input"), form: $("chat-form") },
    sheet: window.matchMedia(SHEET),
    items: new Map(), // seq → its <li>
    inView: new Set(), // the seqs of the lines in view now (the panel open, scrolled to them)
    scroll: { stickToEnd: true, atEnd: true, scrolledTo: -1 },
    frame: 0,
  };
  ctx.requestRender = () => requestRender(ctx);
  ctx.watcher = watchLines(ctx);
  ctx.actions = {
    more: (seq) => openMenu(ctx, seq),
    close: () => closeMenu(ctx),
    confirm: (kind) => confirmAction(ctx, kind),
    act: (kind, line, reason) => doAction(ctx, kind, line, reason),
  };
  fillPresets(ctx);
  watchSide(ctx);
  keepAtEnd(ctx);
  wire(ctx);
  return {
    snapshot: (message, view) => snapshot(ctx, message, view),
    line: (message) => line(ctx, message),
    status: (message) => {
      model.applyStatus(ctx.chat, message);
      ctx.requestRender();
    },
    ack: (message) => ack(ctx, message),
    error: (message) => error(ctx, message),
    closed: () => closed(ctx),
    params: () => model.socketParams(ctx.chat),
    moveTo: (next) => moveTo(ctx, next),
  };
}

/** The socket moved on to the game `next` (a rematch): its table talk starts afresh. */
function moveTo(ctx, next) {
  const open = ctx.chat.open;
  clearTimeout(ctx.chat.statusTimer);
  ctx.gameId = next;
  ctx.chat = Object.assign(model.createChatState(boot.me?.id ?? null), { open });
  for (const item of ctx.items.values()) item.remove(); // the list's other children stay
  ctx.items.clear();
  ctx.inView.clear();
  Object.assign(ctx.scroll, { stickToEnd: true, atEnd: true, scrolledTo: -1 });
  ctx.requestRender();
}
