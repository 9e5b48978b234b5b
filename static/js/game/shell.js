// The live game page around the board: one state object (game/model.js), the server's
// messages applied to it (game/receive.js), and the page drawn from it at most once a
// frame (game/page-view.js: status line, timer, hand, draw and pass, players, move log,
// end screen, title, connection banner). This is the wiring: the connection, the
// buttons and keys, and the game module (docs/frontend.md), which owns the board and
// placing a tile, mounted on the page's <svg>. No rules: the server sends the legal
// placements, the page shows them and reports choices.
import { api, toast } from "../api.js";
import { loadGame } from "../games/registry.js";
import { keysHelpKey } from "./aids.js";
import { createChat } from "./chat.js";
import { GameConnection } from "./connection.js";
import { createHand } from "./hand.js";
import { wireHandoff } from "./handoff.js";
import { wireLeaving } from "./leaving.js";
import * as model from "./model.js";
import { renderPage, renderTimer, reportSeen } from "./page-view.js";
import { command, receive } from "./receive.js";
import { mountSettings } from "./settings.js";
import { soundOn } from "./sound-default.js";
import { createSound } from "./sound.js";
import * as texts from "./texts.js";

const $ = (id) => document.getElementById(id);
const TIMER_TICK_MS = 250; // the turn timer shows seconds: redraw it a few times a second
const ANNOUNCE_DELAY_MS = 60; // emptied, then filled after this, so screen readers say a repeat
const MOVE_KEYS = { d: "draw", p: "pass" };

function requestRender(ctx) {
  if (ctx.frame) return;
  ctx.frame = requestAnimationFrame(() => {
    ctx.frame = 0;
    renderPage(ctx);
  });
}

function announce(ctx, text) {
  if (!text) return;
  const region = $("announcer");
  clearTimeout(ctx.announceTimer);
  region.textContent = "";
  ctx.announceTimer = setTimeout(() => (region.textContent = text), ANNOUNCE_DELAY_MS);
}

/** Put a game module on the page (again, with another, if the server names another kind). */
function mount(ctx, module) {
  const state = ctx.state;
  ctx.mounted?.stop.abort();
  $("hand").replaceChildren(); // its tiles were drawn by the module before
  Object.assign(state, { picked: null, orientation: null, ghost: null, drag: null }); // the new module's to set
  const stop = new AbortController();
  const play = module.mountPlay({
    state,
    svg: $("board"),
    preferences: ctx.preferences,
    requestRender: ctx.requestRender,
    announce: ctx.announce,
    command: (type, fields) => command(ctx, type, fields),
    focusHandTile: (tile) => ctx.mounted.hand.focus(tile),
    unlockSound: ctx.sound.unlock,
    signal: stop.signal,
  });
  ctx.mounted = { game: module, play, hand: createHand($("hand"), { game: module, play }), stop };
  if (state.game) play.afterChange(model.isMyTurn(state)); // a swap mid-game: let it pick a tile just drawn
  ctx.requestRender();
}

/** The server says this game is of another kind than the page shows: show it with the right module. */
async function followKind(ctx, kind) {
  try {
    const module = await loadGame(kind);
    if (ctx.state.kind === kind && ctx.mounted.game !== module) mount(ctx, module);
  } catch (problem) {
    console.error(problem); // keep the module there is: the page still shows the players and the log
  }
}

/** What the model needs of the game module (see model.js), worded by the page. */
function modelWords(ctx) {
  const state = ctx.state;
  return {
    describe: (version, event) =>
      texts.eventLines(state, version, event, { scoring: model.isScoring(state), describeEvent: ctx.mounted.game.describeEvent }),
    standIn: (seat) => texts.awayLine(texts.seatName(state, seat), true, { mine: seat === state.seat, ranOut: model.timeRanOut(state) }),
    placementOf: (event) => ctx.mounted.game.placementOf(event),
    get dealtTiles() {
      return ctx.mounted.game.dealtTiles;
    },
  };
}

function connect(ctx, gameId) {
  const state = ctx.state;
  return new GameConnection({
    path: `/ws/games/${encodeURIComponent(gameId)}`,
    since: () => state.version ?? 0, // 0 the first time: every event so far (the move log), then a snapshot
    params: () => ctx.chat.params(), // on reopening, only the chat lines after those the page holds
    onOpen() {
      if (state.connection !== "open") state.connection = state.everConnected ? "syncing" : "connecting";
      ctx.requestRender();
    },
    onMessage: (message) => receive(ctx, message),
    onClose(retrying) {
      if (retrying) state.connection = "lost";
      ctx.chat.closed();
      ctx.requestRender();
    },
  });
}

/** D draws a tile and P passes, as their buttons do and only when those are enabled;
 * on a keyboard set to another script (Cyrillic…), the keys where D and P are. */
function drawOrPassKey(ctx, event) {
  const latin = /^[a-z]$/i.test(event.key);
  const letter = latin ? event.key.toLowerCase() : (event.code || "").replace(/^Key/, "").toLowerCase();
  const id = MOVE_KEYS[letter];
  if (!id || ctx.state.seat === null || !$("end-screen").hidden) return false;
  event.preventDefault();
  if (!$(id).disabled) $(id).click();
  return true;
}

/** Keys anywhere on the page but in fields and the chat: Escape on the end screen, D
 * and P, the keys' help, then the game module's. */
function pageKeydown(ctx, event) {
  ctx.sound.unlock();
  if (event.altKey || event.ctrlKey || event.metaKey) return;
  if (event.target.closest && event.target.closest("input, textarea, select, [contenteditable]")) return;
  if (event.target.closest && event.target.closest("#chat-panel")) return; // its own keys (chat.js)
  if (event.key === "Escape" && !$("end-screen").hidden) {
    ctx.state.endClosed = true;
    ctx.requestRender();
    return;
  }
  if (drawOrPassKey(ctx, event) || keysHelpKey(event)) return;
  ctx.mounted.play.keydown(event);
}

/** Ask for the rematch: on the page's own socket, which deals it and moves the page on
 * ("moved", then its welcome; a refusal comes back as an error); with no socket open,
 * over HTTP, then to the rematch's page. */
async function askRematch(ctx, button) {
  ctx.state.rematchAsked = true;
  if (ctx.connection.send({ type: "rematch" })) {
    ctx.requestRender();
    return;
  }
  button.disabled = true;
  try {
    const { game_id: next } = await api("POST", `/api/games/${encodeURIComponent(ctx.state.gameId)}/rematch`);
    ctx.state.nextGame = next;
    joinRematch(ctx, next);
  } catch (problem) {
    ctx.state.rematchAsked = false;
    button.disabled = false;
    toast(problem.message);
  }
}

/** To the rematch on this page's own socket ("moved", then its welcome); with no socket
 * open, by loading its page. Whether the socket takes it. */
function joinRematch(ctx, next) {
  if (ctx.connection.send({ type: "join_rematch" })) return true;
  location.assign(`/g/${encodeURIComponent(next)}`);
  return false;
}

/** The socket moved on to the game `next`: the page becomes that game's, in place — a
 * fresh state, board and table talk, its address in the history (Back loads the game
 * before). Its welcome follows on the socket. */
function moveOn(ctx, next) {
  const { state } = ctx;
  const kind = state.kind;
  for (const key of Object.keys(state)) delete state[key];
  Object.assign(state, model.createState({ gameId: next, kind }), { everConnected: true, connection: "syncing" });
  ctx.connection.path = `/ws/games/${encodeURIComponent(next)}`;
  ctx.chat.moveTo(next);
  const log = $("move-log"); // drawn a line at a time (movelog.js): it starts again empty
  log.replaceChildren();
  delete log.dataset.count;
  delete log.dataset.gap;
  ctx.look.warned = null;
  ctx.look.seenReported = null;
  history.pushState({ gameId: next }, "", `/g/${encodeURIComponent(next)}`);
  mount(ctx, ctx.mounted.game);
}

/** Straight to a tile: the picked one, else one that fits, else the first. */
function skipToHand(event) {
  const hand = $("hand");
  const tile = hand.querySelector(".picked") || hand.querySelector(".playable") || hand.querySelector("button");
  if (!tile || $("hand-area").hidden) return;
  event.preventDefault();
  tile.focus();
}

function wireButtons(ctx) {
  const { state } = ctx;
  $("reload-page").addEventListener("click", () => location.reload());
  $("draw").addEventListener("click", () => command(ctx, "draw"));
  wireLeaving((type, fields) => command(ctx, type, fields), ctx.requestRender);
  wireHandoff({ state, send: (message) => ctx.connection.send(message), announce: ctx.announce, requestRender: ctx.requestRender });
  $("pass").addEventListener("click", () => command(ctx, "pass"));
  for (const [key, id] of Object.entries(MOVE_KEYS)) $(id).setAttribute("aria-keyshortcuts", key.toUpperCase());
  $("end-close").addEventListener("click", () => {
    state.endClosed = true;
    ctx.requestRender();
    requestAnimationFrame(() => $("end-reopen").focus());
  });
  $("end-reopen").addEventListener("click", () => {
    state.endClosed = false;
    ctx.requestRender();
  });
  $("skip-to-hand").addEventListener("click", skipToHand);
  $("skip-to-board").addEventListener("click", (event) => {
    event.preventDefault();
    $("board").focus();
  });
  $("rematch").addEventListener("click", (event) => askRematch(ctx, event.currentTarget));
  $("join-rematch").addEventListener("click", (event) => {
    if (state.nextGame && ctx.connection.send({ type: "join_rematch" })) event.preventDefault();
  });
  // A game this page moved on from is in the history: going back to it loads its page.
  window.addEventListener("popstate", () => {
    if (location.pathname !== `/g/${encodeURIComponent(state.gameId)}`) location.reload();
  });
}

/** Start the page for `gameId`, shown by `game` (a game module) until the server names another kind. */
export function startGamePage({ gameId, game, preferences }) {
  const ctx = {
    state: model.createState({ gameId, kind: game.kind }),
    preferences,
    sound: createSound(soundOn(preferences.sound)),
    mounted: null, // {game, play, hand, stop}: the game module on the page
    frame: 0,
    announceTimer: 0,
    look: { baseTitle: document.title, warned: null, seenReported: null }, // warned: the turn whose hourglass warning was said
  };
  ctx.requestRender = () => requestRender(ctx);
  ctx.announce = (text) => announce(ctx, text);
  ctx.followKind = (kind) => followKind(ctx, kind);
  ctx.moveOn = (next) => moveOn(ctx, next);
  ctx.words = modelWords(ctx);
  ctx.connection = connect(ctx, gameId);
  ctx.chat = createChat({ gameId, connection: ctx.connection }); // table talk: its panel, its lines (chat.js)
  wireButtons(ctx);
  document.addEventListener("keydown", (event) => pageKeydown(ctx, event));
  document.addEventListener("pointerdown", ctx.sound.unlock, { once: true });
  setInterval(() => renderTimer(ctx), TIMER_TICK_MS);
  document.addEventListener("visibilitychange", () => reportSeen(ctx));
  mount(ctx, game);
  mountSettings({ preferences, sound: ctx.sound, remount: () => mount(ctx, ctx.mounted.game) });
  ctx.connection.start();
  ctx.requestRender();
}
