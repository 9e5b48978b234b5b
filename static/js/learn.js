// The "Learn to play" page (templates/learn.html, docs/lessons.md): a game's lessons
// one after the other. Each lesson is a position the server built with the game's
// engine and sent as the live game sends one (`state`, `legal`); the page shows it with
// the game module's own board and placing controller, as the live page does, and asks
// the server (POST /api/lessons/<game>/<lesson>) what a tile laid there means: no rule
// is worked out here. The places where a tile fits are outlined only after "Hint", so
// a newcomer first tries, and the server explains a refusal.
import { api, boot, toast } from "./api.js";
import * as model from "./game/model.js";
import { playSolo } from "./home.js";
import { t } from "./i18n.js";
import { ANNOUNCE_DELAY_MS, createAnnouncer, mountOnePosition, wireBoardKeys } from "./one-position.js";

const $ = (id) => document.getElementById(id);

const kind = boot.page?.game;
const lessons = boot.page?.lessons || [];
const preferences = boot.me?.preferences || {};

const state = model.createState({ gameId: null, kind });
let index = 0;
let hinted = false; // the hint was asked for: the places are outlined
let outcome = null; // the server's answer to the tile laid ({legal: true, achieved, …}), or null
let play = null;
let hand = null;
let frame = 0;
const announce = createAnnouncer();

function requestRender() {
  if (!frame) frame = requestAnimationFrame(render);
}

/**
 * The answer to a lesson's move, where screen readers hear it (the region is polite).
 * On a narrow screen the lesson's words are above the board, out of sight while the
 * player lays a tile: a refusal is also shown under the hand (for the eyes only: it is
 * said once), and the end of a lesson is scrolled into sight.
 */
function say(text, tone) {
  const feedback = $("lesson-feedback");
  feedback.textContent = "";
  feedback.dataset.tone = tone;
  $("lesson-echo").textContent = tone === "refused" ? text : "";
  setTimeout(() => {
    feedback.textContent = text;
    if (tone !== "refused" && window.matchMedia?.("(max-width: 900px)").matches) {
      feedback.scrollIntoView({ block: "nearest" });
    }
  }, ANNOUNCE_DELAY_MS);
}

/** Show lesson `number` (0-based) in its starting position. */
function start(number, { focus = false } = {}) {
  index = number;
  const lesson = lessons[index];
  hinted = false;
  outcome = null;
  Object.assign(state, {
    seat: 0,
    players: [""],
    game: structuredClone(lesson.state),
    legal: null,
    lastPlaced: null,
    picked: null,
    ghost: null,
    pending: null,
    error: "",
  });
  if (state.view) state.view.follow = true;
  $("lesson-progress").textContent = t("Lesson {number} of {count}", { number: index + 1, count: lessons.length });
  $("lesson-title").textContent = lesson.title;
  $("lesson-text").textContent = lesson.text;
  $("lesson-hint").textContent = lesson.hint;
  $("lesson-feedback").textContent = "";
  $("lesson-echo").textContent = "";
  delete $("lesson-feedback").dataset.tone;
  if (focus) $("lesson-title").focus();
  requestRender();
}

function showHint() {
  hinted = true;
  if (!outcome) state.legal = lessons[index].legal;
  requestRender();
  announce(`${lessons[index].hint} ${document.querySelector(".lesson-hint-places").textContent}`);
}

/** The placing controller's command: a "play" is judged by the server, for this lesson only. */
function command(type, fields = {}) {
  if (type !== "play" || state.pending || outcome) return false;
  const lesson = lessons[index];
  state.pending = { fields };
  state.error = "";
  requestRender();
  api("POST", `/api/lessons/${encodeURIComponent(kind)}/${encodeURIComponent(lesson.key)}`, fields)
    .then((answer) => {
      if (lessons[index] !== lesson) return; // the player moved on meanwhile
      state.pending = null;
      if (!answer.legal) {
        say(answer.message, "refused"); // the board is as it was: the player tries again
      } else {
        outcome = answer;
        // The lesson's one move is made: the position after it, with nothing more to lay.
        state.game = { ...answer.state, finished: true };
        state.legal = null;
        state.lastPlaced = { ...fields };
        play.afterChange(true);
        say(answer.message, answer.achieved ? "achieved" : "missed");
      }
      requestRender();
    })
    .catch((problem) => {
      state.pending = null;
      say(problem.message, "refused");
      requestRender();
    });
  return true;
}

function render() {
  frame = 0;
  play.render();
  hand.render(state);
  play.renderControls();
  const last = index === lessons.length - 1;
  const achieved = Boolean(outcome?.achieved);
  $("hand-hint").textContent = handHint();
  $("move-error").hidden = !state.error;
  $("move-error").textContent = state.error;
  $("lesson-hint-box").hidden = !hinted;
  $("lesson-show-hint").hidden = hinted || Boolean(outcome);
  document.querySelector(".move-bar").hidden = Boolean(outcome); // nothing more to lay
  $("lesson-retry").hidden = !outcome;
  $("lesson-retry").classList.toggle("primary", Boolean(outcome) && !achieved);
  $("lesson-next").hidden = !achieved || last;
  $("lesson-solo").hidden = !achieved || !last;
}

function handHint() {
  if (outcome) return "";
  if (!state.picked) return t("Pick a tile to lay.");
  return play.pickedHint();
}

async function mountLessons() {
  ({ play, hand } = await mountOnePosition(kind, { state, preferences, requestRender, announce, command }));
  $("lesson-show-hint").addEventListener("click", showHint);
  $("lesson-retry").addEventListener("click", () => start(index));
  $("lesson-next").addEventListener("click", () => start(index + 1, { focus: true }));
  $("lesson-solo").addEventListener("click", () => playSolo(kind));
  wireBoardKeys((event) => play.keydown(event));
  start(0);
}

mountLessons().catch((problem) => {
  console.error(problem);
  toast(problem.message);
});
