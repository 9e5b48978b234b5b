// The replay page: a finished game, step by step, as the server's engine replayed it
// (GET /api/games/{id}/replay: each step's event and whole position, every hand shown,
// the running scores). The page derives no position: the game module for the game's
// kind draws each step's board, the move log's words are the live page's.
import { api, boot, el } from "./api.js";
import { befriendSlot } from "./game/befriend.js";
import { lineItem } from "./game/chat-lines.js";
import { isScoring } from "./game/model.js";
import { shownNames } from "./game/names.js";
import { shownTile } from "./game/players.js";
import {
  bagCount,
  eventLines,
  pointsText,
  somethingWrong,
  tileCount,
  toPlayMark,
  winnersSentence,
} from "./game/texts.js";
import { kindOf, loadGame } from "./games/registry.js";
import { signedText, t } from "./i18n.js";
import { coachNote, renderCoach, renderLegend } from "./replay-coach.js";
import { framesOf } from "./replay-frames.js";

const preferences = boot.me?.preferences || {};
const $ = (id) => document.getElementById(id);
const STEP_MS = 900; // pause between moves while playing

const state = {
  gameId: boot.page?.game_id, // the game replayed
  replay: null, // the server's replay: {game, players, options, solo, result, steps}
  frames: [], // frames[i]: what step i shows: {board, lastPlaced, hands, bag, scores, current, gained}
  lines: [], // lines[i] (i ≥ 1): the step's move log lines [{text, tile, note?}]
  scoring: false, // whether the game counts points
  step: 0, // the step shown: 0 = the deal, N = after the N-th move
  playing: false, // stepping on its own
  error: "", // why the game cannot be replayed
  notOver: false, // the game is still being played
  coach: null, // the coach's notes: {status, notes, summary}
  notes: new Map(), // version → the coach's note on that move (only moves it would change)
  better: null, // a step whose better move is shown: the board is then the step before, with it
};

const COACH_POLL_MS = 3000; // how often to ask again while the coach is still at work

// --- the steps ---------------------------------------------------------------------------------

function linesOf(steps) {
  const seen = { players: state.replay.players };
  return steps.map((step) =>
    step.event ? eventLines(seen, step.version, step.event, { scoring: state.scoring, describeEvent: game.describeEvent }) : [],
  );
}

// --- changing the state ---------------------------------------------------------------------

function goTo(step) {
  const last = state.frames.length - 1;
  state.better = null;
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
// What the coach's notes (replay-coach.js) read of the page: its state, its game module, and the way to show a better move.
const coachView = {
  state,
  get game() {
    return game;
  },
  showBetter,
};

function render() {
  frameRequest = 0;
  const error = $("replay-error");
  error.hidden = !state.error;
  error.replaceChildren(...(state.error ? [state.error] : []));
  if (state.error && !state.replay && state.notOver) {
    error.append(" ", el("a", { href: `/g/${encodeURIComponent(state.gameId)}` }, t("Go to the game")));
  }
  if (!state.replay) {
    if (state.error) {
      $("replay-line").textContent = state.notOver ? t("This game is still being played.") : t("This game cannot be replayed.");
      for (const id of ["replay-start", "replay-back", "replay-play", "replay-forward", "replay-end"]) $(id).disabled = true;
      $("replay-slider").disabled = true;
    }
    return;
  }
  const frame = state.frames[state.step];
  const last = state.frames.length - 1;
  const better = state.better === null ? null : state.notes.get(state.better);
  if (better) {
    // The position the player moved from, with the move made and the coach's drawn where they go.
    const before = state.frames[state.better - 1];
    const ghosts = [
      [better.played, "played"],
      [better.preferred, "coach"],
    ]
      .filter(([action]) => action.action === "play")
      .map(([action, status]) => ({ placement: game.placementOf(action), status }));
    board.show({ ...before, ghost: ghosts });
  } else {
    board.show(frame);
  }
  renderLegend(coachView, better);

  const line = better
    ? t("Move {step}: the move made and the coach's move, from the same position.", { step: state.better })
    : state.step === 0
      ? t("The deal")
      : state.lines[state.step][0].text;
  $("replay-line").textContent = line;
  $("bag-count").textContent = bagCount(frame.bag);
  $("replay-step").textContent = t("Move {step} of {total}", { step: state.step, total: last });
  const slider = $("replay-slider");
  slider.disabled = false; // the controls wait, disabled, for the replay to load
  slider.max = String(last);
  if (slider.value !== String(state.step)) slider.value = String(state.step);
  $("replay-start").disabled = state.step === 0;
  $("replay-back").disabled = state.step === 0;
  $("replay-forward").disabled = state.step === last;
  $("replay-end").disabled = state.step === last;
  const playButton = $("replay-play");
  playButton.disabled = false;
  playButton.classList.toggle("playing", state.playing);
  const playLabel = state.playing ? playButton.dataset.labelPause : playButton.dataset.labelPlay;
  playButton.setAttribute("aria-label", playLabel);
  playButton.title = playLabel;

  renderTry(last, better);
  renderPlayers(better ? state.frames[state.better - 1] : frame, state.step === last && !better);
  renderLog();
  renderCoach(coachView);
}

/** The way to the analysis board from a step where a seat was to move (not the end). */
function renderTry(last, better) {
  Object.assign($("replay-try"), { hidden: Boolean(better) || state.step >= last, href: `/g/${encodeURIComponent(state.gameId)}/analysis/${state.step}` });
}

// --- the coach ------------------------------------------------------------------------------

function showBetter(step) {
  stop();
  state.step = step;
  state.better = step;
  requestRender();
}

async function followCoach() {
  while (state.coach && (state.coach.status === "pending" || state.coach.status === "running")) {
    await new Promise((resolve) => setTimeout(resolve, COACH_POLL_MS));
    try {
      const replay = await api("GET", `/api/games/${encodeURIComponent(state.gameId)}/replay`);
      takeCoach(replay.coach);
    } catch (problem) {
      console.error(problem);
      return;
    }
  }
}

function takeCoach(coach) {
  state.coach = coach;
  state.notes = new Map((coach?.notes || []).filter((note) => note.loss > 0).map((note) => [note.version, note]));
  const log = $("move-log");
  log.replaceChildren(); // the log is drawn again with the notes
  requestRender();
}

function signedPoints(points) {
  return points ? signedText(points) : "";
}

/** Whether a seat's person may be asked to be my friend from here: someone else, not a bot. */
function befriends(seat) {
  const replay = state.replay;
  return !replay.solo && !replay.bots[seat] && replay.seat !== null && replay.seat !== undefined && seat !== replay.seat;
}

function renderPlayers(frame, atEnd) {
  const result = state.replay.result;
  const list = $("players");
  const key = `${state.step}:${state.better}`;
  if (list.dataset.key === key) return;
  list.dataset.key = key;
  const current = atEnd ? null : frame.current;
  list.replaceChildren(
    ...state.replay.players.map((name, seat) => {
      const hand = frame.hands[seat] || [];
      const details = [el("span", { class: "count", "data-testid": "tile-count" }, tileCount(hand.length))];
      if (state.scoring) {
        details.push(el("span", { class: "score", "data-testid": "score" }, pointsText(frame.scores[seat])));
        const gained = signedPoints(frame.gained[seat]);
        if (gained) details.push(el("span", { class: `gained ${frame.gained[seat] > 0 ? "up" : "down"}`, "data-testid": "gained" }, gained));
      }
      const winner = atEnd && result && !(state.replay.solo && result.ended_by === "blocked") && result.winners.includes(seat);
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
        el("span", { class: "revealed", "data-testid": "replay-hand" }, ...hand.map((tile) => shownTile(game, tile))),
        befriends(seat) ? befriendSlot(state.replay.stored[seat]) : null,
      );
    }),
  );
  $("replay-result").textContent = result && atEnd ? resultText(result, frame) : "";
}

/** The result in words: the game module's (it is told this is the replay: said of the players, not to them). */
function resultText(result, frame) {
  const players = state.replay.players;
  const winners = winnersSentence(result.winners.map((seat) => players[seat]));
  const ended = {
    players,
    solo: state.replay.solo,
    endEvent: frame.event?.finished ? frame.event : null,
    game: {
      scores: frame.scores,
      ended_by: result.ended_by,
      winners: result.winners,
      finished: true,
      options: state.replay.options || {},
      turns_taken: result.turns,
      tiles_drawn: result.draws,
    },
  };
  return game.describeEnd(ended, { names: players, winners, replay: true }).result;
}

function renderLog() {
  const list = $("move-log");
  if (!list.children.length) {
    const deal = el("button", { type: "button", class: "log-move", onclick: () => jump(0) }, el("span", { class: "log-version" }, ""), el("span", { class: "log-text" }, t("The deal")));
    list.append(
      el("li", { "data-step": 0 }, deal),
      ...state.lines.slice(1).map((lines, index) => {
        const step = index + 1;
        const [move, ...notes] = lines;
        const seat = state.frames[step].event.seat;
        const text = el(
          "span",
          { class: "log-text" },
          move.text,
          move.tile ? " " : null,
          move.tile ? game.tileIcon(move.tile, { class: "tile-icon log-tile" }) : null,
          ...notes.map((note) => el("span", { class: "log-note" }, note.text)),
        );
        const coached = coachNote(coachView, step);
        const score = state.scoring
          ? el("span", { class: "log-score", "data-testid": "log-score", title: t("{name}'s score", { name: state.replay.players[seat] }) }, String(state.frames[step].scores[seat]))
          : null;
        const button = el("button", { type: "button", class: "log-move", onclick: () => jump(step) }, el("span", { class: "log-version" }, `${step}.`), text, score);
        return el("li", { "data-step": step }, button, coached);
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

/** What was said at the table, in the order it was said (text only: chat.js's lines). */
function showTalk(lines) {
  const said = Array.isArray(lines) ? [...lines].sort((a, b) => a.seq - b.seq) : [];
  const me = boot.me?.id ?? null;
  $("replay-talk").hidden = !said.length;
  $("talk-lines").replaceChildren(...said.map((line) => lineItem(line, { mine: me !== null && line.user === me })));
}

function jump(step) {
  stop();
  goTo(step);
}

// --- wiring ---------------------------------------------------------------------------------------

$("replay-start").addEventListener("click", () => jump(0));
$("replay-back").addEventListener("click", () => jump(state.step - 1));
$("replay-forward").addEventListener("click", () => jump(state.step + 1));
$("replay-end").addEventListener("click", () => jump(state.frames.length - 1));
$("replay-play").addEventListener("click", () => (state.playing ? stop() : play()));
$("replay-slider").addEventListener("input", (event) => jump(Number(event.target.value)));

document.addEventListener("keydown", (event) => {
  if (!state.replay || event.altKey || event.ctrlKey || event.metaKey) return;
  if (event.target.closest && event.target.closest("input, textarea, select, button, a")) {
    if (event.key === " " || event.target.closest("input")) return;
  }
  const actions = {
    ArrowLeft: () => jump(state.step - 1),
    ArrowRight: () => jump(state.step + 1),
    Home: () => jump(0),
    End: () => jump(state.frames.length - 1),
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
  let replay;
  try {
    replay = await api("GET", `/api/games/${encodeURIComponent(state.gameId)}/replay`);
  } catch (problem) {
    state.notOver = problem.code === "game_in_progress";
    state.error = state.notOver ? t("This game is not over yet: its replay opens when it ends.") : problem.message;
    requestRender();
    return;
  }
  state.replay = { ...replay, stored: replay.players, players: shownNames(replay.players, replay.bots) };
  state.scoring = isScoring({ game: { options: replay.options || {} } });
  state.frames = framesOf(replay.steps, (event) => game.placementOf(event));
  $("replay-imported").hidden = !replay.imported;
  state.lines = linesOf(replay.steps);
  const link = $("record-link");
  link.href = `/api/games/${encodeURIComponent(state.gameId)}/record`;
  link.classList.remove("disabled");
  link.removeAttribute("aria-disabled");
  link.removeAttribute("role");
  takeCoach(replay.coach);
  showTalk(replay.chat);
  goTo(0);
  followCoach();
}

load();
