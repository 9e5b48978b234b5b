// The replay page: a finished game, move by move, from its record. The game module
// for the game's kind turns the record into positions and draws the board; the
// move log's words are the live page's (game/texts.js).
import { api, boot, el } from "./api.js";
import { shownTile } from "./game/players.js";
import {
  bagCount,
  blockedAfter,
  blockedSentence,
  moveLine,
  pointsText,
  somethingWrong,
  tileCount,
  toPlayMark,
  winnersSentence,
} from "./game/texts.js";
import { kindOf, loadGame } from "./games/registry.js";
import { t } from "./i18n.js";

const preferences = boot.me?.preferences || {};
const $ = (id) => document.getElementById(id);
const STEP_MS = 900; // pause between moves while playing

const state = {
  gameId: boot.page?.game_id, // the game replayed
  record: null, // the game's record (chromino-game/1 for Chromino)
  summary: null, // the game's summary: players, result
  frames: [], // frames[i]: the position after i moves: {board, hands, bag, lastPlaced}
  lines: [], // the moves in words, one per move: {text, tile}
  step: 0, // the position shown: 0 = the deal, N = after the N-th move
  playing: false, // stepping on its own
  error: "", // why the game cannot be replayed
};

// --- the moves in words ----------------------------------------------------------------------

/** A move as the live log says it: the tile drawn is the hand's newest, a penalty is a tile from the bag. */
function moveText(move, frameBefore, frameAfter) {
  const name = state.record.players[move.player];
  const drawn = move.action === "draw" ? frameAfter.hands[move.player].at(-1) : undefined;
  return moveLine(name, { action: move.action, tile: move.tile, drawn, penalty: frameAfter.bag < frameBefore.bag });
}

// --- changing the state ---------------------------------------------------------------------

function goTo(step) {
  const last = state.frames.length - 1;
  state.step = Math.max(0, Math.min(last, step));
  if (state.step === last) stop();
  requestRender();
}

let playTimer = 0;
function play() {
  if (state.step >= state.frames.length - 1) state.step = 0;
  state.playing = true;
  clearInterval(playTimer);
  playTimer = setInterval(() => goTo(state.step + 1), STEP_MS);
  requestRender();
}

function stop() {
  state.playing = false;
  clearInterval(playTimer);
  requestRender();
}

// --- rendering ---------------------------------------------------------------------------------

let frameRequest = 0;
function requestRender() {
  if (!frameRequest) frameRequest = requestAnimationFrame(render);
}

let game = null; // the game module for this game's kind
let board = null; // its replay board, once the module is loaded

function render() {
  frameRequest = 0;
  const error = $("replay-error");
  error.hidden = !state.error;
  error.replaceChildren(...(state.error ? [state.error] : []));
  if (state.error && !state.record) {
    error.append(" ", el("a", { href: `/g/${encodeURIComponent(state.gameId)}` }, t("Go to the game")));
  }
  if (!state.record) return;
  const frame = state.frames[state.step];
  const last = state.frames.length - 1;
  board.show(frame);

  const line = state.step === 0 ? t("The deal") : state.lines[state.step - 1].text;
  $("replay-line").textContent = line;
  $("bag-count").textContent = bagCount(frame.bag);
  $("replay-step").textContent = t("Move {step} of {total}", { step: state.step, total: last });
  const slider = $("replay-slider");
  slider.max = String(last);
  if (slider.value !== String(state.step)) slider.value = String(state.step);
  $("replay-start").disabled = state.step === 0;
  $("replay-back").disabled = state.step === 0;
  $("replay-forward").disabled = state.step === last;
  $("replay-end").disabled = state.step === last;
  const playButton = $("replay-play");
  playButton.classList.toggle("playing", state.playing);
  const playLabel = state.playing ? playButton.dataset.labelPause : playButton.dataset.labelPlay;
  playButton.setAttribute("aria-label", playLabel);
  playButton.title = playLabel;

  renderPlayers(frame, state.step === last);
  renderLog();
}

function renderPlayers(frame, atEnd) {
  const result = state.summary?.game?.result;
  const scoring = (state.record.options.scoring || "none") !== "none";
  const key = `${state.step}`;
  const list = $("players");
  if (list.dataset.key === key) return;
  list.dataset.key = key;
  const current = state.step < state.record.moves.length ? state.record.moves[state.step].player : null;
  list.replaceChildren(
    ...state.record.players.map((name, seat) => {
      const hand = frame.hands[seat];
      const details = [el("span", { class: "count" }, tileCount(hand.length))];
      if (atEnd && result && scoring) details.push(el("span", { class: "score" }, pointsText(result.scores[seat])));
      const winner = atEnd && result && result.winners.includes(seat);
      return el(
        "li",
        { class: `player${current === seat ? " current" : ""}${winner ? " winner" : ""}`, "data-testid": "player", "data-seat": seat },
        el(
          "span",
          { class: "player-name" },
          name,
          current === seat ? el("span", { class: "to-play" }, toPlayMark()) : null,
          winner ? el("span", { class: "to-play" }, " · " + t("winner")) : null,
        ),
        el("span", { class: "player-details" }, ...details),
        el(
          "span",
          { class: "revealed", "data-testid": "replay-hand" },
          ...hand.map((tile) => shownTile(game, tile)),
        ),
      );
    }),
  );
  const text = $("replay-result");
  if (result && atEnd) {
    let words = winnersSentence(result.winners.map((seat) => state.record.players[seat]));
    if (state.record.players.length === 1) {
      words =
        result.ended_by === "out"
          ? t("Hand emptied in {turns} turns, {draws} tiles drawn.", { turns: result.turns[0], draws: result.draws[0] })
          : blockedAfter(result.turns[0]);
    } else if (result.ended_by === "blocked") {
      words = blockedSentence() + " " + words;
    }
    text.textContent = words;
  } else {
    text.textContent = "";
  }
}

function renderLog() {
  const list = $("move-log");
  if (!list.children.length) {
    list.append(
      el("li", { "data-step": 0 }, el("button", { type: "button", class: "log-move", onclick: () => { stop(); goTo(0); } }, el("span", { class: "log-version" }, ""), el("span", { class: "log-text" }, t("The deal")))),
      ...state.lines.map((line, index) => {
        const button = el(
          "button",
          { type: "button", class: "log-move", onclick: () => { stop(); goTo(index + 1); } },
          el("span", { class: "log-version" }, `${index + 1}.`),
          el("span", { class: "log-text" }, line.text, line.tile ? " " : null, line.tile ? game.tileIcon(line.tile, { class: "tile-icon log-tile" }) : null),
        );
        return el("li", { "data-step": index + 1 }, button);
      }),
    );
  }
  const previous = list.querySelector("li.current");
  const current = list.querySelector(`li[data-step="${state.step}"]`);
  if (previous !== current) {
    previous?.classList.remove("current");
    previous?.querySelector("button")?.removeAttribute("aria-current");
    current?.classList.add("current");
    current?.querySelector("button")?.setAttribute("aria-current", "step");
    if (current) {
      const top = current.offsetTop;
      if (top < list.scrollTop || top > list.scrollTop + list.clientHeight - current.offsetHeight) {
        list.scrollTop = top - list.clientHeight / 2;
      }
    }
  }
}

// --- wiring ---------------------------------------------------------------------------------------

$("replay-start").addEventListener("click", () => { stop(); goTo(0); });
$("replay-back").addEventListener("click", () => { stop(); goTo(state.step - 1); });
$("replay-forward").addEventListener("click", () => { stop(); goTo(state.step + 1); });
$("replay-end").addEventListener("click", () => { stop(); goTo(state.frames.length - 1); });
$("replay-play").addEventListener("click", () => (state.playing ? stop() : play()));
$("replay-slider").addEventListener("input", (event) => { stop(); goTo(Number(event.target.value)); });

document.addEventListener("keydown", (event) => {
  if (!state.record || event.altKey || event.ctrlKey || event.metaKey) return;
  if (event.target.closest && event.target.closest("input, textarea, select, button, a")) {
    if (event.key === " " || event.target.closest("input")) return;
  }
  const actions = {
    ArrowLeft: () => { stop(); goTo(state.step - 1); },
    ArrowRight: () => { stop(); goTo(state.step + 1); },
    Home: () => { stop(); goTo(0); },
    End: () => { stop(); goTo(state.frames.length - 1); },
    " ": () => (state.playing ? stop() : play()),
  };
  const action = actions[event.key];
  if (action) {
    event.preventDefault();
    action();
  }
});

async function load() {
  try {
    game = await loadGame(kindOf(boot.page?.game));
  } catch (problem) {
    console.error(problem); // a kind this front end has no module for
    state.error = somethingWrong();
    requestRender();
    return;
  }
  board = game.mountReplayBoard($("board"), { changed: requestRender, reversedArrows: preferences.reversed_arrows });
  try {
    state.summary = await api("GET", `/api/games/${encodeURIComponent(state.gameId)}`);
  } catch (problem) {
    state.error = problem.message;
    requestRender();
    return;
  }
  if (state.summary.game.status !== "finished") {
    state.error = t("This game is not over yet: its replay opens when it ends.");
    requestRender();
    return;
  }
  try {
    state.record = await api("GET", `/api/games/${encodeURIComponent(state.gameId)}/record`);
  } catch (problem) {
    state.error = problem.message;
    requestRender();
    return;
  }
  state.frames = game.replayFrames(state.record);
  state.lines = state.record.moves.map((move, index) => moveText(move, state.frames[index], state.frames[index + 1]));
  $("record-link").href = `/api/games/${encodeURIComponent(state.gameId)}/record`;
  goTo(0);
}

load();
