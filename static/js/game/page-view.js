// Drawing the live game page around the board from its state (game/shell.js holds the
// wiring): the connection banner, the status line, the hourglass or a turn-based pace,
// the hand area, the move bar, and the title. Each function takes the page's `ctx`:
//   state      → the one state object (game/model.js)
//   mounted    → {game, play, hand}: the game module on the page and its placing and hand
//   connection → the game's socket (reportSeen tells the server what I saw)
//   look       → what the drawing remembers between frames: {warned, seenReported, baseTitle}
//   announce(text), requestRender()
import { el } from "../api.js";
import { isTurnBased, perMoveText, timeIsShort, timeLeftText } from "../pace.js";
import { renderTableRules } from "./aids.js";
import { renderEnd } from "./endscreen.js";
import { renderHandoff } from "./handoff.js";
import { renderLeaving } from "./leaving.js";
import { isMyTurn } from "./model.js";
import { renderLog } from "./movelog.js";
import { renderPlayers } from "./players.js";
import * as texts from "./texts.js";

const $ = (id) => document.getElementById(id);
const LOW_SECONDS = 10; // the hourglass warns in the turn's last seconds

/** Draw the whole page as the state says (at most once a frame: the shell's requestRender). */
export function renderPage(ctx) {
  const { state, mounted } = ctx;
  renderConnection(state);
  mounted.play.render();
  if (!state.game) return;
  renderStatus(ctx);
  reportSeen(ctx);
  renderHandArea(ctx);
  renderMoveBar(ctx);
  renderLeaving(state);
  renderHandoff(state, ctx.announce);
  renderPlayers($("players"), $("spectators"), state, mounted.game);
  renderTableRules(state);
  renderLog($("move-log"), state, mounted.game);
  renderEnd(state, mounted.game, ctx.requestRender);
  $("end-reopen").hidden = !(state.game.finished && state.endClosed);
  const title = isMyTurn(state) ? texts.myTurnTitle() : ctx.look.baseTitle;
  if (document.title !== title) document.title = title;
}

function renderConnection(state) {
  const banner = $("connection-banner");
  const lost = state.connection === "lost" || state.connection === "syncing" || state.connection === "gone";
  banner.hidden = !lost;
  banner.dataset.state = state.connection;
  $("connection-text").textContent = texts.connectionText(state.connection, state.goneCode);
  // A server newer than the page: the way on is a reload, one click away.
  $("reload-page").hidden = !(state.connection === "gone" && state.goneCode === "reload");
  // Gone before any snapshot: "Connecting…" would promise what will not come.
  if (state.connection === "gone" && !state.game) $("turn-line").textContent = "";
  document.body.classList.toggle("offline", lost);
}

function renderStatus(ctx) {
  const state = ctx.state;
  const line = texts.statusLine(state);
  for (const part of [$("turn-line"), $("dock-turn")]) {
    part.textContent = line;
    part.classList.toggle("mine", isMyTurn(state));
  }
  $("bag-count").textContent = texts.bagCount(state.game.bag);
  renderTimer(ctx);
}

/** The hourglass: the time left, a bar draining with it, a warning in the last seconds. */
export function renderTimer(ctx) {
  const { state, look } = ctx;
  const timer = $("turn-timer");
  const pace = $("turn-pace");
  const turnBased = isTurnBased(state.turnDays) && state.game && !state.game.finished;
  pace.hidden = !turnBased;
  if (turnBased) renderPace(state, pace);
  if (!state.game || !state.deadline || state.game.finished || turnBased) {
    timer.hidden = true;
    look.warned = null;
    return;
  }
  const exact = Math.max(0, state.deadline - (Date.now() / 1000 + state.clockSkew));
  const left = Math.ceil(exact);
  const text = `${Math.floor(left / 60)}:${String(left % 60).padStart(2, "0")}`;
  timer.hidden = false;
  const time = $("turn-timer-text");
  if (time.textContent !== text) time.textContent = text;
  const seconds = state.game.options.turn_seconds || 0;
  const share = seconds ? Math.min(1, exact / seconds) : 0;
  $("turn-timer-fill").style.transform = `scaleX(${share.toFixed(3)})`;
  const low = left <= LOW_SECONDS;
  timer.classList.toggle("low", low);
  timer.title = texts.timerTitle(state, left);
  // Say it once a turn, to the player whose hourglass it is.
  const turn = `${state.game.current}:${state.deadline}`;
  if (low && left > 0 && isMyTurn(state) && look.warned !== turn) {
    look.warned = turn;
    ctx.announce(texts.timeRunningOut(left));
  }
}

/** A turn-based game's pace: "2 days per move · 1 d 4 h left", the deadline in my
 * own time in its tooltip (days, not seconds: no hourglass). */
function renderPace(state, pace) {
  const deadline = state.deadline ? state.deadline - state.clockSkew : null; // on my clock
  const rule = perMoveText(state.turnDays);
  const left = deadline ? timeLeftText(deadline) : "";
  const shown = `${rule}|${left}`;
  if (pace.dataset.shown !== shown) {
    pace.dataset.shown = shown;
    // On a phone the time left alone: the rule is in the tooltip and the table's rules.
    pace.replaceChildren(el("span", { class: "pace-rule" }, left ? `${rule} · ` : rule), left ? el("span", { class: "pace-left" }, left) : "");
  }
  pace.classList.toggle("low", Boolean(deadline) && timeIsShort(deadline));
  pace.title = deadline ? `${rule} · ${texts.moveBy(new Date(deadline * 1000))}` : rule;
}

/** Tell the server which version I have seen while this tab is visible: no
 * notification goes out for a turn I am looking at. */
export function reportSeen(ctx) {
  const { state, look } = ctx;
  if (state.seat === null || state.version === null || document.visibilityState !== "visible") return;
  if (state.version === look.seenReported) return;
  if (ctx.connection.send({ type: "seen", version: state.version })) look.seenReported = state.version;
}

function renderHandArea(ctx) {
  const { state, mounted } = ctx;
  const watching = state.seat === null;
  $("hand-area").hidden = watching;
  $("watching").hidden = !watching;
  if (watching) {
    // A hand hidden (pass-and-play) leaves no tile in the page, not even out of sight.
    if ($("hand").childElementCount) $("hand").replaceChildren();
    $("hand-hint").textContent = "";
    const preview = $("orientation-preview"); // the picked tile's picture, drawn while seated
    if (preview?.dataset.key) {
      preview.replaceChildren();
      preview.dataset.key = preview.dataset.picture = "";
    }
    return;
  }
  mounted.hand.render(state);
  $("hand-hint").textContent = texts.handHint(state, () => mounted.play.pickedHint());
}

function renderMoveBar(ctx) {
  const state = ctx.state;
  if (state.seat === null) return;
  const current = state.game;
  const myTurn = isMyTurn(state);
  const busy = Boolean(state.pending);
  for (const part of document.querySelectorAll(".move-bar, .keyboard-help")) part.hidden = current.finished;
  ctx.mounted.play.renderControls();
  $("draw").disabled = !(myTurn && current.can_draw) || busy;
  // Say why Draw is off when the help level (not the rules) keeps it off.
  const held = myTurn && state.drawHeld && !current.finished;
  $("draw").title = held ? texts.drawHeldWhy() : "";
  $("draw-why").hidden = !held;
  $("draw-why").textContent = held ? texts.drawHeldWhy() : "";
  $("pass").disabled = !(myTurn && current.can_pass) || busy;
  const error = $("move-error");
  error.hidden = !state.error;
  error.textContent = state.error;
}
