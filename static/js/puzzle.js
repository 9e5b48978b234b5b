// A puzzle's page (templates/puzzle.html, docs/puzzles.md): one puzzle, the day's, or a
// run's puzzles one after another (static/js/puzzle-run.js). The board and the placing
// are the game module's (static/js/puzzle-board.js); a tile laid there goes to the
// server (POST /api/puzzles/<id>/tries), which says whether it was the answer and why,
// what it did to my rating, and, after a miss, how the solution leaves the board. The
// page works nothing out: it shows what the server answered.
import { api, boot, el, sentenceCase, toast } from "./api.js";
import { t } from "./i18n.js";
import { wireBoardKeys } from "./one-position.js";
import { createBoard } from "./puzzle-board.js";
import { createRun } from "./puzzle-run.js";
import * as words from "./puzzle-words.js";

const $ = (id) => document.getElementById(id);
const SAY_DELAY_MS = 60; // the answer box emptied, then filled after this, so a repeat is said
const PLACES_KEY = "puzzle-places"; // localStorage: "off" when the player hides the places

const mode = boot.page?.mode || "puzzle";
const inRun = mode === "streak" || mode === "timed";

let puzzle = null;
let hinted = false; // the hint was asked for this puzzle (a solve then counts as a draw)
let answer = null; // the server's answer to the tile laid ({legal: true, correct, …}), or null
let sayTimer = 0;

const board = createBoard({ onPlay: tryPlacement, preferences: boot.me?.preferences || {} });
const run = inRun ? createRun({ mode, serverNow: boot.page.now, best: boot.page.best, hooks: runHooks() }) : null;

// --- what the panel says ------------------------------------------------------------------

/** A server's words with the tiles they name shown as the tiles' pictures. */
function withTiles(node, text) {
  node.replaceChildren();
  for (const part of words.tileParts(text, board.dealt())) {
    if (part.tile === undefined) node.append(part.text);
    else node.append(el("span", { class: "said-tile", role: "img", "aria-label": board.tileLabel(part.tile) }, board.tileIcon(part.tile)));
  }
}

/** The answer box: the verdict, why, and what it did to my rating (`tone`: solved, missed, refused). */
function say({ verdict = "", explanation = "", rating = "", tone = "" }) {
  const box = $("answer");
  for (const id of ["answer-verdict", "answer-explanation", "answer-rating", "answer-solution"]) $(id).replaceChildren();
  box.dataset.tone = tone;
  $("puzzle-echo").textContent = tone === "refused" ? explanation : "";
  clearTimeout(sayTimer);
  sayTimer = setTimeout(() => {
    $("answer-verdict").textContent = verdict;
    withTiles($("answer-explanation"), explanation);
    $("answer-rating").textContent = rating;
    if (tone && tone !== "refused" && window.matchMedia?.("(max-width: 900px)").matches) {
      box.scrollIntoView({ block: "nearest" });
    }
  }, SAY_DELAY_MS);
}

function showButtons() {
  const done = Boolean(answer);
  const runOver = run?.over();
  if ($("puzzle-hint")) $("puzzle-hint").hidden = !puzzle || hinted || done;
  const solution = $("show-solution");
  solution.hidden = !done || answer.correct || !answer.solution_state;
  solution.textContent = answer?.shown ? solution.dataset.try : solution.dataset.solution;
  if ($("try-again")) $("try-again").hidden = !done;
  $("next-puzzle").hidden = inRun ? !done || runOver || !run.waiting() : !done;
}

function showPuzzle(next) {
  puzzle = next;
  hinted = false;
  answer = null;
  $("puzzle").dataset.puzzle = next.id;
  $("puzzle-title").textContent = next.goal_title;
  $("puzzle-question").textContent = next.question;
  $("puzzle-game").textContent = next.game_title;
  $("puzzle-rating").textContent = String(next.rating);
  $("puzzle-about").hidden = false;
  $("hint-box").hidden = true;
  document.title = `${next.goal_title} · ${t("Puzzles")} · ${t("Chromino online")}`;
  say({});
  showButtons();
  return board.show(next);
}

// --- a try ----------------------------------------------------------------------------------

/** The placing controller's "play": the server judges it. Whether it was sent. */
function tryPlacement(fields) {
  if (!puzzle || answer || run?.over()) return false;
  const asked = puzzle;
  const body = { placement: fields, hinted, run: run ? run.id() : null };
  api("POST", `/api/puzzles/${encodeURIComponent(asked.id)}/tries`, body)
    .then((result) => {
      if (puzzle !== asked) return; // the page moved on meanwhile
      if (!result.legal) {
        board.refused(); // the board is as it was: the player tries again
        say({ explanation: result.message, tone: "refused" });
        return;
      }
      answered(result, fields);
    })
    .catch((problem) => {
      board.refused();
      if (run && problem.code === "run_over") run.end();
      else say({ explanation: problem.message, tone: "refused" });
    });
  return true;
}

function answered(result, fields) {
  answer = { ...result, placement: fields, shown: false };
  board.lay(result.state, fields);
  const verdict = words.verdictText(result, hinted);
  const tone = result.correct ? "solved" : "missed";
  if (run) {
    run.answered(result, { verdict, explanation: result.explanation, tone });
  } else {
    say({ verdict, explanation: result.explanation, rating: words.ratingText(result.rated), tone });
  }
  showButtons();
}

/** After a miss, the board shows the solution, or my try again (the button says which is next). */
function toggleSolution() {
  if (!answer?.solution_state) return;
  answer.shown = !answer.shown;
  if (answer.shown) board.lay(answer.solution_state, answer.solution);
  else board.lay(answer.state, answer.placement);
  $("answer-solution").textContent = answer.shown ? t("The solution is on the board: its tile is outlined.") : "";
  showButtons();
  if (window.matchMedia?.("(max-width: 900px)").matches) $("board").scrollIntoView({ block: "nearest" });
}

function tryAgain() {
  answer = null;
  board.reset();
  say({});
  showButtons();
}

async function askHint() {
  const asked = puzzle;
  try {
    const hint = await api("POST", `/api/puzzles/${encodeURIComponent(asked.id)}/hint`);
    if (puzzle !== asked) return;
    hinted = true;
    const text = $("hint-text");
    text.replaceChildren(t("The answer lays this tile:"), " ");
    text.append(el("span", { class: "said-tile", "aria-hidden": "true" }, board.tileIcon(hint.tile)), " ", board.tileLabel(hint.tile));
    $("hint-box").hidden = false;
    board.hintTile(hint.tile);
    board.announce(text.textContent);
    showButtons();
  } catch (problem) {
    toast(problem.message);
  }
}

// --- the next puzzle --------------------------------------------------------------------------

async function nextPuzzle() {
  if (run) return run.next();
  const theme = puzzle.theme;
  try {
    const next = await api("GET", `/api/puzzles/next?theme=${encodeURIComponent(theme)}`);
    history.pushState({ id: next.id }, "", `/puzzles/${encodeURIComponent(next.id)}`);
    $("puzzle-kicker").textContent = t("Puzzle");
    await showPuzzle(next);
    $("puzzle-title").focus();
  } catch (problem) {
    $("next-puzzle").hidden = true;
    say({ explanation: sentenceCase(problem.message), tone: "refused" });
  }
}

/** Back or forward to another puzzle of this page's history: that puzzle, as it starts. */
async function returnTo(event) {
  const id = event.state?.id;
  if (!id || id === puzzle?.id) return;
  try {
    await showPuzzle(await api("GET", `/api/puzzles/${encodeURIComponent(id)}`));
  } catch (problem) {
    toast(problem.message);
  }
}

// --- a run's part of the page -------------------------------------------------------------------

function runHooks() {
  return {
    show: (next) => {
      $("puzzle-board").hidden = false;
      return showPuzzle(next);
    },
    say,
    buttons: showButtons,
    freeze: () => board.freeze(),
    focusTitle: () => $("puzzle-title").focus(),
  };
}

// --- wiring ------------------------------------------------------------------------------------

function wirePlaces() {
  const box = $("show-places");
  let stored = null;
  try {
    stored = localStorage.getItem(PLACES_KEY);
  } catch {
    // storage refused (a private window): the places show
  }
  box.checked = stored !== "off";
  board.setPlaces(box.checked);
  box.addEventListener("change", () => {
    board.setPlaces(box.checked);
    try {
      localStorage.setItem(PLACES_KEY, box.checked ? "on" : "off");
    } catch {
      // not remembered: it holds for this page
    }
  });
}

function wire() {
  $("puzzle-hint")?.addEventListener("click", askHint);
  $("show-solution").addEventListener("click", toggleSolution);
  $("try-again")?.addEventListener("click", tryAgain);
  $("next-puzzle").addEventListener("click", nextPuzzle);
  wireBoardKeys((event) => board.keydown(event));
  wirePlaces();
}

async function open() {
  wire();
  if (run) return run.wire();
  const first = boot.page.puzzle;
  history.replaceState({ id: first.id }, "");
  window.addEventListener("popstate", returnTo);
  await showPuzzle(first);
}

open().catch((problem) => {
  console.error(problem);
  toast(problem.message);
});
