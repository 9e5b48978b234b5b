// The replay page: a finished game, move by move, from its record
// (chromino-game/1, RULES.md section 9). The record holds the deal, the bag in
// drawing order and every move, so each position is bookkeeping: a play puts
// the tile on the board and takes it from the hand, a draw (or a timeout's
// penalty, while the bag lasts) moves the bag's first tile to the hand.
import { api, boot, el } from "./api.js";
import { createView, fitView, mountBoard, wireViewControls } from "./board.js";
import { t } from "./i18n.js";
import { bounds, tileIcon, tileLabel } from "./tiles.js";

const preferences = boot.me?.preferences || {};
const $ = (id) => document.getElementById(id);
const STEP_MS = 900; // pause between moves while playing

const state = {
  gameId: boot.page?.game_id, // the game replayed
  record: null, // the chromino-game/1 record
  summary: null, // the game's summary: players, result
  frames: [], // frames[i]: the position after i moves: {board, hands, bag, lastPlaced}
  lines: [], // the moves in words, one per move
  step: 0, // the position shown: 0 = the deal, N = after the N-th move
  playing: false, // stepping on its own
  view: createView(), // the board camera
  error: "", // why the game cannot be replayed
};

// --- building the positions ------------------------------------------------------------

function buildFrames(record) {
  const hands = record.hands.map((hand) => [...hand]);
  let bagIndex = 0;
  let board = [record.start];
  const frames = [{ board, hands: hands.map((hand) => [...hand]), bag: record.bag.length, lastPlaced: null }];
  let lastPlaced = null;
  for (const move of record.moves) {
    const hand = hands[move.player];
    if (move.action === "play") {
      const placement = { tile: move.tile, x: move.x, y: move.y, dir: move.dir };
      board = [...board, placement];
      const index = hand.indexOf(move.tile);
      if (index >= 0) hand.splice(index, 1);
      lastPlaced = placement;
    } else if (move.action === "draw" || (move.action === "timeout" && bagIndex < record.bag.length)) {
      if (bagIndex < record.bag.length) hand.push(record.bag[bagIndex++]);
    }
    frames.push({
      board,
      hands: hands.map((h) => [...h]),
      bag: record.bag.length - bagIndex,
      lastPlaced,
    });
  }
  return frames;
}

function moveText(move, frameBefore, frameAfter) {
  const name = state.record.players[move.player];
  switch (move.action) {
    case "play":
      return { text: t("{name} laid {tile}", { name, tile: move.tile }), tile: move.tile };
    case "draw": {
      const drawn = frameAfter.hands[move.player].at(-1);
      return { text: t("{name} drew {tile}", { name, tile: drawn }), tile: drawn };
    }
    case "pass":
      return { text: t("{name} passed", { name }), tile: null };
    case "timeout":
      return frameAfter.bag < frameBefore.bag
        ? { text: t("{name} ran out of time and drew a penalty tile", { name }), tile: null }
        : { text: t("{name} ran out of time", { name }), tile: null };
    default:
      return { text: `${name}: ${move.action}`, tile: null };
  }
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

const board = mountBoard($("board"), {
  view: () => state.view,
  changed: requestRender,
  tap: () => {},
  hover: () => {},
});

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
  if (state.view.follow) {
    const { width, height } = board.size();
    fitView(state.view, bounds(frame.board), width, height, 1.2);
  }
  board.draw({ view: state.view, tiles: frame.board, lastPlaced: frame.lastPlaced, targets: null, ghost: null });

  const line = state.step === 0 ? t("The deal") : state.lines[state.step - 1].text;
  $("replay-line").textContent = line;
  $("bag-count").textContent = t("Bag: {count}", { count: frame.bag });
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
      const details = [el("span", { class: "count" }, hand.length === 1 ? t("1 tile") : t("{count} tiles", { count: hand.length }))];
      if (atEnd && result && scoring) details.push(el("span", { class: "score" }, t("{points} points", { points: result.scores[seat] })));
      const winner = atEnd && result && result.winners.includes(seat);
      return el(
        "li",
        { class: `player${current === seat ? " current" : ""}${winner ? " winner" : ""}`, "data-testid": "player", "data-seat": seat },
        el(
          "span",
          { class: "player-name" },
          name,
          current === seat ? el("span", { class: "to-play" }, " · " + t("to play")) : null,
          winner ? el("span", { class: "to-play" }, " · " + t("winner")) : null,
        ),
        el("span", { class: "player-details" }, ...details),
        el(
          "span",
          { class: "revealed", "data-testid": "replay-hand" },
          ...hand.map((tile) => {
            const icon = tileIcon(tile);
            icon.setAttribute("role", "img");
            icon.setAttribute("aria-label", tileLabel(tile));
            icon.removeAttribute("aria-hidden");
            return icon;
          }),
        ),
      );
    }),
  );
  const text = $("replay-result");
  if (result && atEnd) {
    const names = result.winners.map((seat) => state.record.players[seat]);
    let words =
      names.length === 1 ? t("{name} wins!", { name: names[0] }) : t("Joint winners: {names}.", { names: names.join(", ") });
    if (state.record.players.length === 1) {
      words =
        result.ended_by === "out"
          ? t("Hand emptied in {turns} turns, {draws} tiles drawn.", { turns: result.turns[0], draws: result.draws[0] })
          : t("The game is blocked after {turns} turns.", { turns: result.turns[0] });
    } else if (result.ended_by === "blocked") {
      words = t("The game is blocked.") + " " + words;
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
          el("span", { class: "log-text" }, line.text, line.tile ? " " : null, line.tile ? tileIcon(line.tile, "E", { class: "tile-icon log-tile" }) : null),
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

wireViewControls(board, state.view, {
  reversed: preferences.reversed_arrows,
  onChange: requestRender,
});

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
  state.frames = buildFrames(state.record);
  state.lines = state.record.moves.map((move, index) => moveText(move, state.frames[index], state.frames[index + 1]));
  $("record-link").href = `/api/games/${encodeURIComponent(state.gameId)}/record`;
  goTo(0);
}

load();
