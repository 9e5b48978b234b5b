// The analysis board (templates/analysis.html, docs/analysis.md): a finished game's
// position as its mover saw it (GET /api/games/{id}/analysis/{version}: their hand and
// the board, never another hand or the bag), the game module's own board and placing
// controller, and the server's answer to a placement tried there (POST …/analysis): its
// points and the engine's word on it beside its own choice. No rule is worked out here.
// A shared line (/analysis/{id}) opens with its placement tried.
import { api, boot, toast } from "./api.js";
import { engineLine, lossLine, placementFields, pointsLine } from "./analysis-words.js";
import * as model from "./game/model.js";
import { shownNames } from "./game/names.js";
import { t } from "./i18n.js";
import { ANNOUNCE_DELAY_MS, createAnnouncer, mountOnePosition, wireBoardKeys } from "./one-position.js";
import { valuesText } from "./replay-coach.js";

const $ = (id) => document.getElementById(id);

const page = boot.page || {};
const kind = page.game;
const gameId = page.game_id;
const preferences = boot.me?.preferences || {};

const state = model.createState({ gameId: null, kind });
let game = null; // the game module
let play = null; // its placing controller
let hand = null;
let position = null; // the server's {mover, state, legal}
let mine = null; // the try: {fields, answer}
let engine = null; // the engine's choice, laid the same way: {fields, answer}
let shown = "position"; // what the board shows: "position", "mine" or "engine"
let shared = null; // the saved line's link
let frame = 0;

function requestRender() {
  if (!frame) frame = requestAnimationFrame(render);
}

const announce = createAnnouncer();

function say(text, tone) {
  const feedback = $("analysis-feedback");
  feedback.textContent = "";
  if (tone) feedback.dataset.tone = tone;
  else delete feedback.dataset.tone;
  setTimeout(() => (feedback.textContent = text), ANNOUNCE_DELAY_MS);
}

function tryPath() {
  return `/api/games/${encodeURIComponent(gameId)}/analysis`;
}

/** Show the position, the try or the engine's choice on the board. */
function show(which) {
  shown = which;
  const laid = which === "mine" ? mine : which === "engine" ? engine : null;
  Object.assign(state, {
    // A laid try leaves nothing more to lay: the position after it, shown as over.
    game: laid ? { ...laid.answer.state, finished: true } : structuredClone(position.state),
    legal: laid ? null : position.legal,
    lastPlaced: laid ? { ...laid.fields } : null,
    picked: null,
    ghost: null,
    error: "",
  });
  play.afterChange(true);
  requestRender();
}

/** The placing controller's command: a "play" is answered by the server, on this position only. */
function command(type, fields = {}) {
  if (type !== "play" || state.pending || mine) return false;
  state.pending = { fields };
  requestRender();
  say(t("The engine is weighing this move…"));
  api("POST", tryPath(), { version: page.version, placement: fields })
    .then((answer) => {
      state.pending = null;
      if (!answer.legal) {
        say(answer.message, "refused");
        requestRender();
        return;
      }
      mine = { fields, answer };
      show("mine");
      say(""); // the answer is the list beside the board: said once, whole
      announce(answerWords(answer).join(" "));
    })
    .catch((problem) => {
      state.pending = null;
      say(problem.message, "refused");
      requestRender();
    });
  return true;
}

async function showEngine() {
  const preferred = mine?.answer.verdict?.preferred;
  if (!preferred || preferred.action !== "play") return;
  if (!engine) {
    const fields = placementFields(preferred);
    $("show-engine").disabled = true;
    try {
      engine = { fields, answer: await api("POST", tryPath(), { version: page.version, placement: fields }) };
    } catch (problem) {
      toast(problem.message);
      return;
    } finally {
      $("show-engine").disabled = false;
    }
  }
  show("engine");
  announce(t("The board shows the engine's choice."));
}

function showMine() {
  show("mine");
  announce(t("The board shows your move."));
}

function tryAgain() {
  mine = null;
  engine = null;
  shared = null;
  show("position");
  say("");
}

async function save() {
  const body = { game_id: gameId, version: page.version, placement: mine.fields };
  $("save-line").disabled = true;
  try {
    const saved = await api("POST", "/api/analysis", body);
    shared = `${location.origin}/analysis/${encodeURIComponent(saved.id)}`;
    requestRender();
    requestAnimationFrame(() => $("share-link").select());
    announce(t("Saved: the link to this move is below."));
  } catch (problem) {
    toast(problem.message);
  } finally {
    $("save-line").disabled = false;
  }
}

/** The answer's three lines: the try's points, the engine's choice and the loss, its estimate. */
function answerWords(answer) {
  const verdict = answer.verdict;
  const engineWords = [engineLine(verdict, game.moveWords), lossLine(verdict)].filter(Boolean).join(" ");
  return [pointsLine(answer) || t("Laid: this game counts no points."), engineWords, verdict ? valuesText(verdict) : ""];
}

function renderAnswer() {
  const answer = mine?.answer;
  $("analysis-answer").hidden = !answer;
  if (answer) {
    const [points, engineWords, values] = answerWords(answer);
    $("answer-points").textContent = points;
    $("answer-engine").textContent = engineWords;
    $("answer-values").textContent = values;
  }
  const canShow = Boolean(answer?.verdict && !answer.verdict.same_as_best && answer.verdict.preferred.action === "play");
  $("show-engine").hidden = !canShow || shown === "engine";
  $("show-mine").hidden = shown !== "engine";
  $("try-again").hidden = !answer;
  $("save-line").hidden = !answer || Boolean(shared);
  $("share").hidden = !shared;
  if (shared && $("share-link").value !== shared) $("share-link").value = shared;
}

function render() {
  frame = 0;
  if (!position) return;
  play.render();
  hand.render(state);
  play.renderControls();
  $("hand-hint").textContent = mine ? "" : state.picked ? play.pickedHint() : t("Pick a tile to lay.");
  $("move-error").hidden = !state.error;
  $("move-error").textContent = state.error;
  document.querySelector(".move-bar").hidden = Boolean(mine);
  renderAnswer();
}

/** The position (and, for a shared line, its try) from the server. */
async function fetchPosition() {
  if (!page.line) return { position: await api("GET", `${tryPath()}/${encodeURIComponent(page.version)}`) };
  const line = await api("GET", `/api/analysis/${encodeURIComponent(page.line)}`);
  return { position: line.position, line };
}

function describe(where) {
  const names = shownNames(where.state.players);
  Object.assign(state, { seat: where.mover, players: names });
  $("analysis-where").textContent = t("Move {number} of the game: {name} to play.", { number: page.version + 1, name: names[where.mover] });
}

async function mount() {
  ({ game, play, hand } = await mountOnePosition(kind, { state, preferences, requestRender, announce, command }));
  $("show-engine").addEventListener("click", showEngine);
  $("show-mine").addEventListener("click", showMine);
  $("try-again").addEventListener("click", tryAgain);
  $("save-line").addEventListener("click", save);
  wireBoardKeys((event) => play.keydown(event));
  const loaded = await fetchPosition();
  position = loaded.position;
  describe(position);
  if (loaded.line) {
    mine = { fields: placementFields(loaded.line.placement), answer: loaded.line.answer };
    $("analysis-note").hidden = !loaded.line.note;
    $("analysis-note").textContent = loaded.line.note || "";
    show("mine");
  } else {
    show("position");
  }
}

mount().catch((problem) => {
  console.error(problem);
  say(problem.message, "refused");
});
