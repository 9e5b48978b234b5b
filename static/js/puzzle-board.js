// The puzzle page's board (templates/puzzle.html): the position of one puzzle after
// another, shown and placed with the game module's own board and placing controller, as
// the live game and the lessons are. A run may pass from one game to another: the
// controller of the game shown is let go (its AbortSignal) and the next game's mounted
// on the same <svg>, its own controls taken from its <template>. What a tile laid means
// is the server's to say: a "play" goes to `onPlay`, which asks it.
import { fitBoardRoom } from "./game/hand.js";
import * as model from "./game/model.js";
import { t } from "./i18n.js";
import { createAnnouncer, mountOnePosition } from "./one-position.js";

const $ = (id) => document.getElementById(id);
const SLOTS = ["help", "placing", "keys"];

/** Put the game `kind`'s own parts (the board's help, the placing controls, the keys)
 * in the page's slots, unless they are there already. */
function takeParts(kind) {
  const layout = $("puzzle");
  if (layout.dataset.game === kind) return;
  const parts = [...document.querySelectorAll("template.game-parts")].find((each) => each.dataset.game === kind);
  if (!parts) throw new Error(`no controls for the game ${JSON.stringify(kind)}`);
  for (const slot of SLOTS) {
    const own = parts.content.querySelector(`[data-slot="${slot}"]`).cloneNode(true);
    document.querySelector(`.parts-slot[data-slot="${slot}"]`).replaceChildren(...own.childNodes);
  }
  layout.dataset.game = kind;
}

/**
 * The board of the page. `onPlay(fields)` is called with a placement the player lays
 * (it returns whether it was taken); `preferences` are the reader's (palette, arrows).
 * Returns {show(puzzle), lay(state, placement), reset(), freeze(), refused(), setPlaces(on),
 * hintTile(tile), tileIcon(tile), tileLabel(tile), dealt(), keydown(event), announce(text),
 * render()}.
 */
export function createBoard({ onPlay, preferences }) {
  const state = model.createState({ gameId: null, kind: null });
  let puzzle = null;
  let places = true; // the places where a tile fits are outlined
  let settled = false; // a try was laid (or the solution shown): nothing more to lay
  let hinted = null; // the tile the hint named
  let mounted = { kind: null, game: null, play: null, hand: null, controller: null };
  let frame = 0;
  let refit = false; // what lies above or below the board changed: its room is measured again
  const announce = createAnnouncer();

  function requestRender({ moved = false } = {}) {
    refit ||= moved;
    if (!frame) frame = requestAnimationFrame(render);
  }

  function command(type, fields = {}) {
    if (type !== "play" || state.pending || settled) return false;
    if (!onPlay({ ...fields })) return false;
    state.pending = { fields };
    state.error = "";
    requestRender();
    return true;
  }

  async function mount(kind) {
    if (mounted.kind === kind) return;
    mounted.controller?.abort();
    takeParts(kind);
    const controller = new AbortController();
    $("hand").replaceChildren();
    state.kind = kind;
    const parts = await mountOnePosition(kind, {
      state,
      preferences,
      requestRender: () => requestRender(),
      announce,
      command,
      signal: controller.signal,
    });
    mounted = { kind, ...parts, controller };
  }

  /** The position as it starts, for the player to move. */
  function start() {
    settled = false;
    Object.assign(state, {
      seat: 0,
      players: [""],
      game: structuredClone(puzzle.board.state),
      legal: places ? puzzle.board.legal : null,
      lastPlaced: null,
      picked: null,
      ghost: null,
      pending: null,
      error: "",
    });
    if (state.view) state.view.follow = true;
    requestRender({ moved: true });
  }

  async function show(next) {
    hinted = null; // before the wait: a hint asked while the game's module loads is kept
    await mount(next.game);
    puzzle = next;
    start();
  }

  /** A position after a move (the try, or the solution): shown, nothing more to lay. */
  function lay(after, placement) {
    settled = true;
    state.pending = null;
    state.game = { ...after, finished: true };
    state.legal = null;
    state.lastPlaced = { ...placement };
    if (state.view) state.view.follow = true;
    mounted.play.afterChange(true);
    requestRender({ moved: true });
  }

  /** Nothing more to lay on this position (a run's time is up). */
  function freeze() {
    if (!state.game) return;
    settled = true;
    state.pending = null;
    state.game = { ...state.game, finished: true };
    state.legal = null;
    mounted.play.afterChange(true);
    requestRender({ moved: true });
  }

  function setPlaces(on) {
    places = on;
    if (puzzle && !settled) state.legal = on ? puzzle.board.legal : null;
    requestRender();
  }

  function handHint() {
    if (settled || !state.game) return "";
    if (!state.picked) return t("Pick a tile to lay.");
    return mounted.play.pickedHint();
  }

  function render() {
    frame = 0;
    if (!mounted.play || !state.game) return;
    mounted.play.render();
    mounted.hand.render(state);
    mounted.play.renderControls();
    for (const button of $("hand").querySelectorAll(".hand-tile")) {
      button.classList.toggle("hinted", button.dataset.tile === hinted);
    }
    $("hand-hint").textContent = handHint();
    $("move-error").hidden = !state.error;
    $("move-error").textContent = state.error;
    document.querySelector(".move-bar").hidden = settled;
    if (refit) {
      refit = false;
      fitBoardRoom();
    }
  }

  return {
    show,
    lay,
    reset: start,
    freeze,
    setPlaces,
    render: () => requestRender({ moved: true }),
    announce,
    hintTile(tile) {
      hinted = tile;
      requestRender();
    },
    /** The server refused the try: the position is as it was, for another one. */
    refused() {
      state.pending = null;
      requestRender();
    },
    tileIcon: (tile) => mounted.game.tileIcon(tile),
    tileLabel: (tile) => mounted.game.tileLabel(tile),
    /** The tiles the puzzle deals (the names the server's words may hold). */
    dealt: () => puzzle?.board.state.hands[0] ?? [],
    keydown: (event) => mounted.play?.keydown(event),
  };
}
