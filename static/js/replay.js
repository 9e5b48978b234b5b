// The replay page: a finished game, step by step, as the server's engine replayed it
// (GET /api/games/{id}/replay: each step's event and whole position, every hand shown,
// the running scores). The page derives no position: the game module for the game's
// kind draws each step's board, the move log's words are the live page's.
import { api, boot, el } from "./api.js";
import { isScoring } from "./game/model.js";
import { shownTile } from "./game/players.js";
import {
  bagCount,
  blockedAfter,
  blockedSentence,
  drawnCount,
  eventLines,
  pointsText,
  somethingWrong,
  tileCount,
  turnCount,
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
  replay: null, // the server's replay: {game, players, options, solo, result, steps}
  frames: [], // frames[i]: what step i shows: {board, lastPlaced, hands, bag, scores, current, gained}
  lines: [], // lines[i] (i ≥ 1): the step's move log lines [{text, tile, note?}]
  scoring: false, // whether the game counts points
  step: 0, // the step shown: 0 = the deal, N = after the N-th move
  playing: false, // stepping on its own
  error: "", // why the game cannot be replayed
  notOver: false, // the game is still being played
};

// --- the steps ---------------------------------------------------------------------------------

/** Each step as the page shows it; the tile laid last is the latest "play" so far. */
function framesOf(steps) {
  let lastPlaced = null;
  return steps.map((step, index) => {
    if (step.event?.action === "play") lastPlaced = game.placementOf(step.event);
    const before = index ? steps[index - 1].scores : step.scores;
    return {
      board: step.board,
      lastPlaced,
      hands: step.hands,
      bag: step.bag,
      scores: step.scores,
      current: step.current,
      gained: step.scores.map((score, seat) => score - before[seat]),
      event: step.event,
    };
  });
}

function linesOf(steps) {
  const seen = { players: state.replay.players };
  return steps.map((step) =>
    step.event ? eventLines(seen, step.version, step.event, { scoring: state.scoring, describeEvent: game.describeEvent }) : [],
  );
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
  board.show(frame);

  const line = state.step === 0 ? t("The deal") : state.lines[state.step][0].text;
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

function signedPoints(points) {
  return points > 0 ? `+${points}` : points < 0 ? `\u2212${Math.abs(points)}` : "";
}

function renderPlayers(frame, atEnd) {
  const result = state.replay.result;
  const list = $("players");
  const key = `${state.step}`;
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
      );
    }),
  );
  $("replay-result").textContent = result && atEnd ? resultText(result, frame) : "";
}

/** The result in words: the game module's when it words its end, else the shared ones. */
function resultText(result, frame) {
  const players = state.replay.players;
  const winners = winnersSentence(result.winners.map((seat) => players[seat]));
  if (game.describeEnd) {
    const ended = {
      players,
      solo: state.replay.solo,
      endEvent: frame.event?.finished ? frame.event : null,
      game: { scores: frame.scores, ended_by: result.ended_by, winners: result.winners, finished: true },
    };
    return game.describeEnd(ended, { names: players, winners }).result;
  }
  if (players.length === 1) {
    return result.ended_by === "out"
      ? t("Hand emptied in {turns}, {draws}.", { turns: turnCount(result.turns[0]), draws: drawnCount(result.draws[0]) })
      : blockedAfter(result.turns[0]);
  }
  return result.ended_by === "blocked" ? blockedSentence() + " " + winners : winners;
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
        const score = state.scoring
          ? el("span", { class: "log-score", "data-testid": "log-score", title: t("{name}'s score", { name: state.replay.players[seat] }) }, String(state.frames[step].scores[seat]))
          : null;
        const button = el("button", { type: "button", class: "log-move", onclick: () => jump(step) }, el("span", { class: "log-version" }, `${step}.`), text, score);
        return el("li", { "data-step": step }, button);
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
  state.replay = replay;
  state.scoring = isScoring({ game: { options: replay.options || {} } });
  state.frames = framesOf(replay.steps);
  state.lines = linesOf(replay.steps);
  const link = $("record-link");
  link.href = `/api/games/${encodeURIComponent(state.gameId)}/record`;
  link.classList.remove("disabled");
  link.removeAttribute("aria-disabled");
  link.removeAttribute("role");
  goTo(0);
}

load();
