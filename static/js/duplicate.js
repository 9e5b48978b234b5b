// A finished duplicate table's boards side by side (GET /api/duplicate/{code}/boards:
// each board's replay as the replay page gets it, the coach's notes included). One
// column per player, all at the same turn: the buttons, the slider and the arrow keys
// step every board at once, a turn at a time (the tiles drawn and the tile laid or the
// pass that ends it: what the ranking counts as turns); a board that ended earlier
// stays at its end. Each column says its turn in the replay's words and marks where
// the coach would have played otherwise. The page derives no position: each turn's
// board is the server's step that ends it.
import { api, boot, el } from "./api.js";
import { isScoring } from "./game/model.js";
import { personName } from "./game/names.js";
import { eventLines, somethingWrong } from "./game/texts.js";
import { kindOf, loadGame } from "./games/registry.js";
import { t, tn } from "./i18n.js";

const $ = (id) => document.getElementById(id);
const code = boot.page?.invite_code;
const preferences = boot.me?.preferences || {};

let game = null; // the game module of the table's kind
let columns = []; // per board: {name, frames, lines, notes, board, node, line, mark}
let step = 0; // the turn shown on every board (0: the deal)
let last = 0; // the longest board's last turn

// The actions that end a turn, as the game counts its turns (chromino/core/game.py
// _end_turn): a draw does not, the tile laid or the pass after it does.
const TURN_ENDS = new Set(["play", "pass", "timeout", "resign"]);

/** The replay's steps by turn: [[the deal], [the steps of turn 1], …]; steps after the
 * last turn's end (none in a game played to its end) make one more. */
function turnsOf(steps) {
  const turns = [[steps[0]]];
  let open = [];
  for (const entry of steps.slice(1)) {
    open.push(entry);
    if (TURN_ENDS.has(entry.event?.action)) {
      turns.push(open);
      open = [];
    }
  }
  if (open.length) turns.push(open);
  return turns;
}

/** Each turn's board as the replay board draws it (its last step's); the tile laid last is the latest "play". */
function framesOf(turns) {
  let lastPlaced = null;
  return turns.map((entries) => {
    for (const entry of entries) if (entry.event?.action === "play") lastPlaced = game.placementOf(entry.event);
    return { board: entries.at(-1).board, lastPlaced };
  });
}

/** What each turn did, in the replay's words: its moves' lines, one after the other. */
function linesOf(replay, turns, scoring) {
  const seen = { players: replay.players.map(personName) };
  return turns.map((entries) =>
    entries
      .filter((entry) => entry.event)
      .map((entry) => eventLines(seen, entry.version, entry.event, { scoring, describeEvent: game.describeEvent })[0].text)
      .join(" · "),
  );
}

/** The moves the coach would have made otherwise, by turn (the costliest, if two in one turn). */
function notesOf(replay, turns) {
  const byVersion = new Map((replay.coach?.notes || []).filter((note) => note.loss > 0).map((note) => [note.version, note]));
  const notes = new Map();
  turns.forEach((entries, turn) => {
    for (const entry of entries) {
      const note = byVersion.get(entry.version);
      if (note && !(notes.get(turn)?.loss >= note.loss)) notes.set(turn, note);
    }
  });
  return notes;
}

function coachStatus(replay) {
  const status = replay.coach?.status || "off";
  if (status === "pending" || status === "running") return t("The coach is looking at this game's moves…");
  if (status === "failed") return t("The coach could not look at this game.");
  return "";
}

function column(replay, index, scoring) {
  const name = personName(replay.players[0]);
  const titleId = `board-title-${index}`;
  const svg = document.createElementNS("http://www.w3.org/2000/svg", "svg");
  svg.setAttribute("class", "board duplicate-board-svg");
  svg.setAttribute("role", "img");
  svg.setAttribute("aria-labelledby", titleId);
  const line = el("p", { class: "duplicate-line", "data-testid": "duplicate-line" });
  const mark = el("p", { class: "coach-mark", "data-testid": "coach-mark", hidden: true });
  const turns = turnsOf(replay.steps);
  const notes = notesOf(replay, turns);
  const jumps = [...notes.keys()].map((at) =>
    el("button", { type: "button", class: "link-button", "data-testid": "coach-jump", onclick: () => goTo(at) }, t("turn {step}", { step: at })),
  );
  const summary = jumps.length
    ? el("p", { class: "coach-worst" }, t("The coach would have played otherwise at:"), " ", ...jumps.flatMap((button, at) => (at ? [", ", button] : [button])))
    : el("p", { class: "muted" }, coachStatus(replay) || t("{name}: every move as the coach would have made it.", { name }));
  const node = el(
    "section",
    { class: "duplicate-column", "data-testid": "duplicate-column", "aria-labelledby": titleId },
    el("h3", { id: titleId }, t("{name}'s board", { name })),
    el("div", { class: "board-wrap duplicate-board-wrap" }, svg),
    line,
    mark,
    summary,
  );
  const entry = { name, frames: framesOf(turns), lines: linesOf(replay, turns, scoring), notes, node, line, mark, board: null };
  return { entry, svg };
}

function goTo(wanted) {
  step = Math.max(0, Math.min(last, wanted));
  render();
}

function render() {
  for (const entry of columns) {
    const end = entry.frames.length - 1;
    const at = Math.min(step, end);
    entry.board.show(entry.frames[at]);
    entry.line.textContent =
      step === 0 ? t("The deal") : step > end ? tn("Finished after 1 turn.", "Finished after {count} turns.", end) : entry.lines[at];
    const note = step > 0 && step <= end ? entry.notes.get(step) : null;
    entry.mark.hidden = !note;
    entry.node.classList.toggle("diverged", Boolean(note));
    entry.mark.textContent = note ? t("The coach would {move}.", { move: game.moveWords(note.preferred) }) : "";
  }
  $("compare-step").textContent = t("Turn {step} of {total}", { step, total: last });
  const slider = $("compare-slider");
  slider.disabled = false;
  slider.max = String(last);
  if (slider.value !== String(step)) slider.value = String(step);
  $("compare-start").disabled = step === 0;
  $("compare-back").disabled = step === 0;
  $("compare-forward").disabled = step === last;
  $("compare-end").disabled = step === last;
}

$("compare-start").addEventListener("click", () => goTo(0));
$("compare-back").addEventListener("click", () => goTo(step - 1));
$("compare-forward").addEventListener("click", () => goTo(step + 1));
$("compare-end").addEventListener("click", () => goTo(last));
$("compare-slider").addEventListener("input", (event) => goTo(Number(event.target.value)));

document.addEventListener("keydown", (event) => {
  if (!columns.length || event.altKey || event.ctrlKey || event.metaKey) return;
  if (event.target.closest && event.target.closest("input, textarea, select")) return;
  const actions = { ArrowLeft: () => goTo(step - 1), ArrowRight: () => goTo(step + 1), Home: () => goTo(0), End: () => goTo(last) };
  const action = actions[event.key];
  if (action) {
    event.preventDefault();
    action();
  }
});

async function load() {
  const error = $("compare-error");
  try {
    game = await loadGame(kindOf(boot.page?.game));
    const answer = await api("GET", `/api/duplicate/${encodeURIComponent(code)}/boards`);
    const scoring = isScoring({ game: { options: answer.boards[0]?.options || {} } });
    const built = answer.boards.map((replay, index) => column(replay, index, scoring));
    $("duplicate-boards").replaceChildren(...built.map(({ entry }) => entry.node));
    columns = built.map(({ entry, svg }) => {
      entry.board = game.mountReplayBoard(svg, { changed: render, reversedArrows: preferences.reversed_arrows });
      return entry;
    });
    last = Math.max(0, ...columns.map((entry) => entry.frames.length - 1));
    goTo(0);
  } catch (problem) {
    console.error(problem);
    error.hidden = false;
    error.textContent = problem.message || somethingWrong();
  }
}

load();
