// A run on the puzzle page (templates/puzzle.html): a streak, whose puzzles get harder
// until the first miss, or a timed run of three minutes. The server keeps the run: it
// starts it (POST /api/puzzles/runs), counts each try, hands over the next puzzle and
// says when it is over; its clock decides. This part shows the score, the time left
// (the server's clock read on this device's, corrected by the offset the page was
// written with) and the run's end.
import { api, toast } from "./api.js";
import { sentences, t } from "./i18n.js";
import * as words from "./puzzle-words.js";

const $ = (id) => document.getElementById(id);
const TICK_MS = 250;

/**
 * The run of the page (`mode`: "streak" or "timed"); `serverNow` is the server's time
 * when it wrote the page, `best` my best score so far. `hooks` are the page's:
 * show(puzzle) → a promise, say({verdict, explanation, tone}), buttons(), freeze(),
 * focusTitle().
 */
export function createRun({ mode, serverNow, best, hooks }) {
  const offset = words.clockOffset(serverNow, Date.now());
  let run = null; // the server's run ({id, score, over, ends_at, best, puzzle})
  let waiting = null; // a streak's next puzzle, while the player reads why the last was right
  let over = false;
  let timedOut = false; // the run ended with its clock, not with a miss
  let ticker = 0;
  let bestSeen = best || 0;

  function tick() {
    const left = words.timeLeft(run.ends_at, Date.now(), offset);
    $("run-clock").textContent = words.clockText(left);
    if (left <= 0) end({ timeUp: true });
  }

  function starting(on) {
    for (const id of ["run-start", "run-again"]) {
      if ($(id)) $(id).disabled = on;
    }
  }

  async function start() {
    starting(true);
    try {
      run = await api("POST", "/api/puzzles/runs", { mode });
    } catch (problem) {
      toast(problem.message);
      return;
    } finally {
      starting(false);
    }
    over = false;
    waiting = null;
    $("run-intro").hidden = true;
    $("run-end").hidden = true;
    $("run-bar").hidden = false;
    $("puzzle-kicker").textContent = $("puzzle-kicker").dataset.runName;
    $("run-score").textContent = String(run.score);
    $("puzzle").dataset.run = "on";
    if (!run.puzzle) return end();
    if (mode === "timed") {
      tick();
      ticker = setInterval(tick, TICK_MS);
    }
    await hooks.show(run.puzzle);
    hooks.focusTitle();
  }

  /** A judged try of the run (`said`: the words of its verdict), and where it leads. */
  function answered(result, said) {
    run = { ...run, ...result.run };
    bestSeen = Math.max(bestSeen, run.best);
    $("run-score").textContent = String(run.score);
    if (over) return tellEnd(); // a try sent as the time ran out: it counted, nothing follows
    const following = run.over ? null : run.puzzle;
    if (mode === "timed" && following) {
      // Against the clock the next puzzle comes at once, the verdict on the last said over it.
      hooks.show(following).then(() => hooks.say({ verdict: said.verdict, tone: said.tone }));
      return;
    }
    hooks.say(said);
    if (!following) return end();
    waiting = following;
  }

  async function next() {
    if (!waiting) return;
    const puzzle = waiting;
    waiting = null;
    await hooks.show(puzzle);
    hooks.focusTitle();
  }

  function end({ timeUp = false } = {}) {
    if (over || !run) return;
    over = true;
    clearInterval(ticker);
    hooks.freeze();
    if (timeUp) hooks.say({}); // the last verdict was the last puzzle's, no longer in sight
    timedOut = timeUp;
    tellEnd();
    $("run-end").hidden = false;
    $("puzzle").dataset.run = "over";
    hooks.buttons();
    if (timeUp) {
      $("run-clock").textContent = words.clockText(0);
      $("run-end-title").focus();
    }
  }

  /** The end's words: the score and my best (again, when a last try's answer comes late). */
  function tellEnd() {
    const best = Math.max(bestSeen, run.score);
    const said = words.runEndText({ score: run.score, best });
    $("run-end-score").textContent = timedOut ? sentences(t("Time is up."), said) : said;
    $("run-end-best").textContent = String(best);
  }

  function wire() {
    $("run-start")?.addEventListener("click", start);
    $("run-again").addEventListener("click", start);
  }

  return {
    wire,
    id: () => run?.id ?? null,
    over: () => over,
    waiting: () => Boolean(waiting),
    answered,
    next,
    end: () => end({ timeUp: mode === "timed" }),
  };
}
