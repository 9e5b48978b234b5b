// The live game page around the board: it keeps the connection, feeds the server's
// messages to the model, and renders what the model holds (status line, timer,
// hand, draw and pass, players, move log, end screen, title, connection banner),
// at most once a frame. The board and placing a tile belong to the game module
// (docs/frontend.md), mounted on the page's <svg> and called from here. No rules:
// the server sends the legal placements, the page shows them and reports choices.
import { api, el, toast } from "../api.js";
import { loadGame } from "../games/registry.js";
import { keysHelpKey, renderTableRules } from "./aids.js";
import { sentences } from "../i18n.js";
import { isTurnBased, perMoveText, timeIsShort, timeLeftText } from "../pace.js";
import { createChat } from "./chat.js";
import { GameConnection } from "./connection.js";
import { renderEnd } from "./endscreen.js";
import { createHand } from "./hand.js";
import { renderHandoff, wireHandoff } from "./handoff.js";
import { offerNews, renderLeaving, wireLeaving } from "./leaving.js";
import * as model from "./model.js";
import { renderLog } from "./movelog.js";
import { renderPlayers } from "./players.js";
import { mountSettings } from "./settings.js";
import { soundOn } from "./sound-default.js";
import { createSound } from "./sound.js";
import * as texts from "./texts.js";

const $ = (id) => document.getElementById(id);
const TIMER_TICK_MS = 250; // the turn timer shows seconds: redraw it a few times a second
const ANNOUNCE_DELAY_MS = 60; // emptied, then filled after this, so screen readers say a repeat
const LOW_SECONDS = 10; // the hourglass warns in the turn's last seconds

/** Start the page for `gameId`, shown by `game` (a game module) until the server names another kind. */
export function startGamePage({ gameId, game, preferences }) {
  const state = model.createState({ gameId, kind: game.kind });
  const sound = createSound(soundOn(preferences.sound));
  const baseTitle = document.title;
  let mounted = null; // {game, play, hand, stop}: the game module on the page
  let frame = 0;
  let announceTimer = 0;
  let warned = null; // the turn whose hourglass warning was said
  let seenReported = null; // the version the server was last told I saw

  function requestRender() {
    if (!frame) frame = requestAnimationFrame(render);
  }

  function announce(text) {
    if (!text) return;
    const region = $("announcer");
    clearTimeout(announceTimer);
    region.textContent = "";
    announceTimer = setTimeout(() => (region.textContent = text), ANNOUNCE_DELAY_MS);
  }

  /** Put a game module on the page (again, with another, if the server names another kind). */
  function mount(module) {
    mounted?.stop.abort();
    $("hand").replaceChildren(); // its tiles were drawn by the module before
    Object.assign(state, { picked: null, orientation: null, ghost: null, drag: null }); // the new module's to set
    const stop = new AbortController();
    const play = module.mountPlay({
      state,
      svg: $("board"),
      preferences,
      requestRender,
      announce,
      command,
      focusHandTile: (tile) => mounted.hand.focus(tile),
      unlockSound: sound.unlock,
      signal: stop.signal,
    });
    mounted = { game: module, play, hand: createHand($("hand"), { game: module, play }), stop };
    if (state.game) play.afterChange(model.isMyTurn(state)); // a swap mid-game: let it pick a tile just drawn
    requestRender();
  }

  /** The server says this game is of another kind than the page shows: show it with the right module. */
  async function followKind(kind) {
    try {
      const module = await loadGame(kind);
      if (state.kind === kind && mounted.game !== module) mount(module);
    } catch (problem) {
      console.error(problem); // keep the module there is: the page still shows the players and the log
    }
  }

  // What the model needs of the game module (see model.js).
  const words = {
    describe: (version, event) =>
      texts.eventLines(state, version, event, { scoring: model.isScoring(state), describeEvent: mounted.game.describeEvent }),
    standIn: (seat) => texts.awayLine(texts.seatName(state, seat), true, { mine: seat === state.seat, ranOut: model.timeRanOut(state) }),
    placementOf: (event) => mounted.game.placementOf(event),
    get dealtTiles() {
      return mounted.game.dealtTiles;
    },
  };

  // --- the connection and what the server says ----------------------------------------

  const connection = new GameConnection({
    path: `/ws/games/${encodeURIComponent(gameId)}`,
    since: () => state.version ?? 0, // 0 the first time: every event so far (the move log), then a snapshot
    params: () => chat.params(), // on reopening, only the chat lines after those the page holds
    onOpen() {
      if (state.connection !== "open") state.connection = state.everConnected ? "syncing" : "connecting";
      requestRender();
    },
    onMessage: receive,
    onClose(retrying) {
      if (retrying) state.connection = "lost";
      chat.closed();
      requestRender();
    },
  });
  const chat = createChat({ gameId, connection }); // table talk: its panel, its lines (chat.js)

  function receive(message) {
    switch (message.type) {
      case "welcome":
      case "state":
        onSnapshot(message);
        break;
      case "event":
        onEvent(message);
        break;
      case "presence":
        model.applyPresence(state, message);
        break;
      case "assistance":
        model.applyAssistance(state, message);
        break;
      case "ack":
        if (!chat.ack(message)) model.applyAck(state, message);
        break;
      case "error":
        if (!chat.error(message)) onError(message);
        break;
      case "chat":
        chat.line(message);
        break;
      case "chat_status":
        chat.status(message);
        break;
      case "end_offer":
        state.endOffer = message.offer ?? null;
        announce(offerNews(state, message));
        break;
      case "away": {
        const how = { mine: message.seat === state.seat, ranOut: model.timeRanOut(state) };
        const line = model.applyAway(state, message, texts.awayLine(texts.seatName(state, message.seat), message.away, how));
        if (line) announce(line.text);
        break;
      }
      case "rematch":
        if (message.game_id && state.nextGame !== message.game_id) {
          state.nextGame = message.game_id;
          announce(state.rematchAsked ? "" : texts.rematchReady());
        }
        break;
      default:
        break; // "pong", and anything newer than this page
    }
    requestRender();
  }

  function onSnapshot(message) {
    const { first, wasMyTurn, resend } = model.applySnapshot(state, message, words);
    chat.snapshot(message, state);
    connection.resetBackoff();
    if (state.errorOffline) {
      // The "not connected" refusal was about the connection, which is back.
      state.error = "";
      state.errorOffline = false;
    }
    if (first) rememberBest(state.game.finished ? "after" : "before");
    if (resend && !connection.send(resend)) state.pending = null;
    if (state.kind !== mounted.game.kind) followKind(state.kind);
    afterChange(wasMyTurn, first);
    if (first) announce(state.game.finished ? texts.gameOverSentence() : texts.turnSentence(state));
    else if (model.isMyTurn(state) && !wasMyTurn) announce(texts.turnSentence(state));
  }

  function onEvent(message) {
    const change = model.applyEvent(state, message, words);
    if (!change) return;
    if (change.missed) {
      sync(); // a delta after events this page missed applies to nothing: ask for them
      return;
    }
    if (change.placed) {
      mounted.play.showPlaced(state.lastPlaced);
      sound.playLaid();
    }
    takeMoment(message);
    if (state.game.finished) rememberBest("after");
    if (message.event.action === "timeout" && message.event.seat === state.seat) {
      // Told where the player looks, not only in the log: the clock played for them.
      toast(texts.myTimeRanOut(message.event));
      sound.playTimeout();
    }
    afterChange(change.wasMyTurn, false);
    const said = sentences(...change.lines.map((line) => texts.spoken(line, mounted.game.tileLabel)));
    const next = !state.game.finished && change.turnMoved ? texts.turnSentence(state) : "";
    announce(sentences(said, next));
    if (change.gap) sync(); // the log missed events: ask for them
  }

  function onError(message) {
    const { gone, resync } = model.applyError(state, message);
    if (gone) {
      connection.stop();
      state.error = texts.goneText(state.goneCode);
      return;
    }
    if (resync) sync();
    state.error = texts.refusal(message, mounted.game.refusals?.());
    state.errorOffline = false;
    announce(state.error);
  }

  /**
   * Going out and winning, seen as they happen (not on joining a finished game): a moment
   * of motion on the rows concerned (state.moment; CSS, none with reduced motion) and a
   * sound when sound is on: a bright call for going out, a longer phrase for my win.
   */
  function takeMoment(message) {
    const winners = model.shownWinners(state);
    state.moment = null; // the moment before is over
    if (state.game.finished) {
      state.moment = winners.length ? { kind: "won", seats: winners, version: message.version } : null;
      if (state.seat !== null && winners.includes(state.seat)) sound.playWin();
      else sound.playEnd();
    } else if (message.event.went_out) {
      state.moment = { kind: "out", seats: [message.event.seat], version: message.version };
      sound.playOut();
    }
  }

  /** After the game moved: the game module tidies the pick; my turn starting chimes. */
  function afterChange(wasMyTurn, first) {
    mounted.play.afterChange(wasMyTurn);
    if (model.isMyTurn(state) && !wasMyTurn && !first) sound.playTurn();
  }

  /** Send a command ("play", "draw", "pass") decided at the version shown; false when offline. */
  function command(type, fields = {}) {
    if (state.connection !== "open" || state.version === null || !connection.isOpen()) {
      state.error = texts.notConnected();
      state.errorOffline = true;
      requestRender();
      return false;
    }
    const message = connection.sendCommand(type, state.version, fields);
    state.pending = { id: message.id, message };
    state.error = "";
    state.errorOffline = false;
    requestRender();
    return true;
  }

  function sync() {
    connection.sync(state.version);
  }

  /** My personal best of this kind, read when a solo game opens ("before") and once it ends ("after"). */
  async function rememberBest(when) {
    if (!state.solo || state.seat === null || state.soloBest[when] !== undefined) return;
    state.soloBest[when] = null; // asked
    try {
      state.soloBest[when] = await api("GET", `/api/me/solo-best?game=${encodeURIComponent(state.kind)}`);
    } catch {
      state.soloBest[when] = null;
    }
    requestRender();
  }

  // --- rendering ----------------------------------------------------------------------

  function render() {
    frame = 0;
    renderConnection();
    mounted.play.render();
    if (!state.game) return;
    renderStatus();
    reportSeen();
    renderHandArea();
    renderMoveBar();
    renderLeaving(state);
    renderHandoff(state, announce);
    renderPlayers($("players"), $("spectators"), state, mounted.game);
    renderTableRules(state);
    renderLog($("move-log"), state, mounted.game);
    renderEnd(state, mounted.game, requestRender);
    $("end-reopen").hidden = !(state.game.finished && state.endClosed);
    renderTitle();
  }

  function renderConnection() {
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

  function renderStatus() {
    const turnLine = $("turn-line");
    const line = texts.statusLine(state);
    turnLine.textContent = line;
    turnLine.classList.toggle("mine", model.isMyTurn(state));
    const dock = $("dock-turn");
    dock.textContent = line;
    dock.classList.toggle("mine", model.isMyTurn(state));
    $("bag-count").textContent = texts.bagCount(state.game.bag);
    renderTimer();
  }

  /** The hourglass: the time left, a bar draining with it, a warning in the last seconds. */
  function renderTimer() {
    const timer = $("turn-timer");
    const pace = $("turn-pace");
    const turnBased = isTurnBased(state.turnDays) && state.game && !state.game.finished;
    pace.hidden = !turnBased;
    if (turnBased) renderPace(pace);
    if (!state.game || !state.deadline || state.game.finished || turnBased) {
      timer.hidden = true;
      warned = null;
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
    if (low && left > 0 && model.isMyTurn(state) && warned !== turn) {
      warned = turn;
      announce(texts.timeRunningOut(left));
    }
  }

  /** A turn-based game's pace: "2 days per move · 1 d 4 h left", the deadline in my
   * own time in its tooltip (days, not seconds: no hourglass). */
  function renderPace(pace) {
    const deadline = state.deadline ? state.deadline - state.clockSkew : null; // on my clock
    const rule = perMoveText(state.turnDays);
    const left = deadline ? timeLeftText(deadline) : "";
    const shown = `${rule}|${left}`;
    if (pace.dataset.shown !== shown) {
      pace.dataset.shown = shown;
      // On a phone the time left alone: the rule is in the tooltip and the table's rules.
      pace.replaceChildren(
        el("span", { class: "pace-rule" }, left ? `${rule} · ` : rule),
        left ? el("span", { class: "pace-left" }, left) : "",
      );
    }
    pace.classList.toggle("low", Boolean(deadline) && timeIsShort(deadline));
    pace.title = deadline ? `${rule} · ${texts.moveBy(new Date(deadline * 1000))}` : rule;
  }

  /** Tell the server which version I have seen while this tab is visible: no
   * notification goes out for a turn I am looking at. */
  function reportSeen() {
    if (state.seat === null || state.version === null || document.visibilityState !== "visible") return;
    if (state.version === seenReported) return;
    if (connection.send({ type: "seen", version: state.version })) seenReported = state.version;
  }

  function renderHandArea() {
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

  function renderMoveBar() {
    if (state.seat === null) return;
    const current = state.game;
    const myTurn = model.isMyTurn(state);
    const busy = Boolean(state.pending);
    for (const part of document.querySelectorAll(".move-bar, .keyboard-help")) part.hidden = current.finished;
    mounted.play.renderControls();
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

  function renderTitle() {
    const title = model.isMyTurn(state) ? texts.myTurnTitle() : baseTitle;
    if (document.title !== title) document.title = title;
  }

  // --- wiring -------------------------------------------------------------------------

  $("reload-page").addEventListener("click", () => location.reload());
  $("draw").addEventListener("click", () => command("draw"));
  wireLeaving(command, requestRender);
  wireHandoff({ state, send: (message) => connection.send(message), announce, requestRender });
  $("pass").addEventListener("click", () => command("pass"));
  const MOVE_KEYS = { d: "draw", p: "pass" };
  for (const [key, id] of Object.entries(MOVE_KEYS)) $(id).setAttribute("aria-keyshortcuts", key.toUpperCase());

  /** D draws a tile and P passes, as their buttons do and only when those are enabled;
   * on a keyboard set to another script (Cyrillic…), the keys where D and P are. */
  function drawOrPassKey(event) {
    const latin = /^[a-z]$/i.test(event.key);
    const letter = latin ? event.key.toLowerCase() : (event.code || "").replace(/^Key/, "").toLowerCase();
    const id = MOVE_KEYS[letter];
    if (!id || state.seat === null || !$("end-screen").hidden) return false;
    event.preventDefault();
    if (!$(id).disabled) $(id).click();
    return true;
  }
  $("end-close").addEventListener("click", () => {
    state.endClosed = true;
    requestRender();
    requestAnimationFrame(() => $("end-reopen").focus());
  });
  $("end-reopen").addEventListener("click", () => {
    state.endClosed = false;
    requestRender();
  });
  $("skip-to-hand").addEventListener("click", (event) => {
    // Straight to a tile: the picked one, else one that fits, else the first.
    const hand = $("hand");
    const tile = hand.querySelector(".picked") || hand.querySelector(".playable") || hand.querySelector("button");
    if (!tile || $("hand-area").hidden) return;
    event.preventDefault();
    tile.focus();
  });
  $("skip-to-board").addEventListener("click", (event) => {
    event.preventDefault();
    $("board").focus();
  });
  $("rematch").addEventListener("click", async (event) => {
    const button = event.currentTarget;
    button.disabled = true;
    try {
      state.rematchAsked = true;
      const { game_id: next } = await api("POST", `/api/games/${encodeURIComponent(state.gameId)}/rematch`);
      location.assign(`/g/${encodeURIComponent(next)}`);
    } catch (problem) {
      button.disabled = false;
      toast(problem.message);
    }
  });

  document.addEventListener("keydown", (event) => {
    sound.unlock();
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    if (event.target.closest && event.target.closest("input, textarea, select, [contenteditable]")) return;
    if (event.target.closest && event.target.closest("#chat-panel")) return; // its own keys (chat.js)
    if (event.key === "Escape" && !$("end-screen").hidden) {
      state.endClosed = true;
      requestRender();
      return;
    }
    if (drawOrPassKey(event) || keysHelpKey(event)) return;
    mounted.play.keydown(event);
  });
  document.addEventListener("pointerdown", sound.unlock, { once: true });
  setInterval(renderTimer, TIMER_TICK_MS);
  document.addEventListener("visibilitychange", reportSeen);

  mount(game);
  mountSettings({ preferences, sound, remount: () => mount(mounted.game) });
  connection.start();
  requestRender();
}

