// The one placing controller of the live game page, for every game: pick a tile from
// the hand, turn it, point at a place with the mouse, a finger, a drag or the arrow
// keys, and lay it. It knows no geometry and no rule: the game module hands it its
// board, its targets (worked out from the server's `legal`, never from the rules),
// its ways of turning a tile, and its words (docs/frontend.md, "The game's input").
// The shell (game/shell.js) owns everything else and calls what mountPlacing returns.
// The placing state changes in board/placing-state.js, the camera's moves to the places
// in board/sight.js, the controls in board/placing-controls.js; this is the wiring.
//
// Its functions take the controller's context `p`: the shell's context's state,
// requestRender, announce, command, focusHandTile, unlockSound and signal; `game`, the
// game's input; `board`, the game's board mounted on the <svg>; `viewControls`; `touch`,
// whether the player places with a finger (the screen's main pointer at first, then
// whatever last tapped the board or pressed a tile of the hand); `drag`; and `moves`,
// the player's actions bound to `p`.
import { isMyTurn, myHand } from "../game/model.js";
import * as shared from "../game/texts.js";
import { labelled } from "../i18n.js";
import { createView, fitView, keepInView } from "./camera.js";
import { wireViewControls } from "./controls.js";
import { wireHandDrag } from "./drag.js";
import { renderControls, wireControls } from "./placing-controls.js";
import * as placing from "./placing-state.js";
import { fitForFinger, showPlaces, visibleArea } from "./sight.js";

const $ = (id) => document.getElementById(id);
const CLICK_AFTER_DRAG_MS = 500; // the click that ends a drag is not a pick
const GHOST_MARGIN = 2; // camera units kept between the ghost and the edge of the view
// What may lie over the board on the screen: the action bar fixed at a phone's foot, the
// connection banner stuck at the window's top.
const OVERLAYS = ["action-dock", "connection-banner"];

/** The screen boxes of what lies over the board now (fixed or sticky, shown). */
function overlayBoxes() {
  const boxes = [];
  for (const id of OVERLAYS) {
    const overlay = $(id);
    if (!overlay || overlay.hidden) continue;
    const position = getComputedStyle(overlay).position;
    if (position === "fixed" || position === "sticky") boxes.push(overlay.getBoundingClientRect());
  }
  return boxes;
}

/** Bring the picked tile's places into sight (board/sight.js), as the page now lies. */
function showPickedPlaces(p) {
  const { state, game } = p;
  if (!state.picked || !state.legal || !isMyTurn(state)) return;
  const places = state.legal.filter((entry) => entry.tile === state.picked);
  if (!places.length) return;
  const { width, height } = p.board.size();
  if (!width || !height) return;
  const screen = { width: window.innerWidth, height: window.innerHeight };
  const area = visibleArea(p.board.svg.getBoundingClientRect(), overlayBoxes(), screen, width, height);
  const turned = game.targets.current(state).map((target) => target.placement);
  showPlaces(state.view, { board: game.board, places, turned, area, width, height, touch: p.touch });
}

function keepGhostInView(p) {
  const { state, game } = p;
  // While the camera follows the board, a target it shows leaves the view as it is.
  const { width, height } = p.board.size();
  const middle = game.board.middleOf(state.ghost);
  if (state.view.follow && !p.touch && game.targets.ghostScene(state)?.status === "target") {
    const halfW = width / 2 / state.view.scale;
    const halfH = height / 2 / state.view.scale;
    if (Math.abs(middle.x - state.view.cx) < halfW - 0.5 && Math.abs(middle.y - state.view.cy) < halfH - 0.5) return;
  }
  const before = `${state.view.cx},${state.view.cy}`;
  keepInView(state.view, middle.x - 0.5, middle.y - 0.5, width, height, GHOST_MARGIN);
  if (before !== `${state.view.cx},${state.view.cy}`) state.view.follow = false;
}

function ghostWords(p) {
  const scene = p.game.targets.ghostScene(p.state);
  return scene ? shared.ghostWords(scene, p.state.ghost, p.game.words.pointsSaid) : "";
}

// --- the player's actions -------------------------------------------------------------

function pick(p, tile, { keyboard = false } = {}) {
  // A view the player moved by hand still shows where the tile can go (a camera that
  // follows the board does so at every render).
  if (placing.pickTile(p.state, p.game, tile) && !p.state.view.follow) showPickedPlaces(p);
  if (keyboard) {
    if (placing.startGhost(p.state, p.game)) keepGhostInView(p);
    p.board.svg.focus();
    p.announce(labelled(p.game.tileLabel(tile), ghostWords(p)));
  }
  p.requestRender();
}

function turn(p, next) {
  if (!p.state.picked) return;
  placing.turnTile(p.state, p.game, next);
  // A view the player moved by hand still shows where the tile, turned, can go.
  if (!p.state.view.follow) showPickedPlaces(p);
  p.announce(`${p.game.words.turned(p.state.picked, p.state.orientation)} ${ghostWords(p)}`);
  p.requestRender();
}

/** Arrow keys: to the next target that way when targets are shown, else one cell. */
function moveGhost(p, dx, dy) {
  if (!placing.ghostToward(p.state, p.game, dx, dy)) {
    p.announce(shared.noTargetThatWay());
    return;
  }
  keepGhostInView(p);
  p.announce(ghostWords(p));
  p.requestRender();
}

function setGhost(p, cell) {
  if (placing.ghostOn(p.state, p.game, cell)) p.requestRender();
}

/** Lay the picked tile on `cell` (as board/placing-state.js's layingAt decides). */
function placeAt(p, cell) {
  const laying = placing.layingAt(p.state, p.game, cell);
  if (!laying) return;
  if (laying.refused) {
    p.requestRender();
    return;
  }
  p.command("play", { ...laying.placement });
  p.state.ghost = { ...laying.cell };
}

/**
 * A click or a tap on the board. A mouse has already shown the ghost by hovering, so its
 * click on a place lays the tile there at once. A finger has no hover: its first tap on
 * a place only shows the ghost and its points, a second tap on that same place (or
 * "Lay it here") lays it; a tap counts only on the place as drawn (the cell its box
 * fills), never on the squares around it, and a tap off every place lays nothing.
 */
function tapCell(p, cell, { touch = false } = {}) {
  const state = p.state;
  p.touch = touch;
  if (!state.picked) return;
  if (!isMyTurn(state)) return setGhost(p, cell);
  if (state.legal) {
    if (touch) return touchTarget(p, cell);
    if (p.game.targets.at(state, cell)) placeAt(p, cell);
    else setGhost(p, cell);
  } else if (placing.sameCell(state.ghost, cell)) {
    placeAt(p, cell); // a second tap on the ghost lays it
  } else {
    state.ghost = { ...cell };
    p.announce(ghostWords(p));
    p.requestRender();
  }
}

/** A finger on a listed place: the ghost first, the tile at the second tap on it. */
function touchTarget(p, cell) {
  const state = p.state;
  const target = p.game.targets.at(state, cell);
  if (!target || !placing.sameCell(target.cell, cell)) {
    state.ghost = { ...cell };
    state.error = p.game.targets.current(state).length ? shared.notATarget() : "";
    p.requestRender();
    return;
  }
  if (placing.sameCell(state.ghost, cell)) return placeAt(p, cell);
  state.ghost = { ...cell };
  state.error = "";
  p.announce(ghostWords(p));
  p.requestRender();
}

// --- what the shell calls -----------------------------------------------------------------

/** Draw the board: tiles, the last one laid, the targets and the ghost. */
function render(p) {
  const { state, game, board } = p;
  const tiles = state.game ? state.game.board : [];
  if (state.view.follow) {
    const { width, height } = board.size();
    // The board's own bounds, the same for every viewer of the position (the places to
    // lay a tile are only the player to move's, and they made the two players' first
    // views differ).
    const places = isMyTurn(state) && state.legal ? state.legal : [];
    fitView(state.view, game.board.fitBox(tiles, []), width, height, game.board.fitMargin);
    // A tile picked: where it can go shows, whole, clear of what lies over the board.
    if (state.picked && places.length) showPickedPlaces(p);
    else fitForFinger(state.view, { board: game.board, places, width, height, touch: p.touch });
  }
  board.svg.classList.toggle("has-pick", Boolean(state.picked && isMyTurn(state)));
  const scene = { view: state.view, tiles, lastPlaced: state.lastPlaced, targets: game.targets.current(state), ghost: game.targets.ghostScene(state) };
  board.draw(scene);
}

function pickedHint(p) {
  const { state, game } = p;
  if (state.legal === null) return game.targets.ghostScene(state)?.status === "taken" ? shared.placeTaken() : game.words.freeHint();
  // A finger's first tap showed the place: say how to lay the tile there.
  if (p.touch && game.targets.ghostScene(state)?.status === "target") return shared.tapAgainHint();
  const fitsAnotherWay = state.legal.some((entry) => entry.tile === state.picked);
  return shared.pickedHint(game.targets.current(state).length, { fitsAnotherWay });
}

function handClick(p, event, tile) {
  if (Date.now() - p.drag.endedAt() < CLICK_AFTER_DRAG_MS) return;
  const keyboard = event.detail === 0;
  if (p.state.picked === tile && !keyboard) {
    p.moves.putBack();
    return;
  }
  pick(p, tile, { keyboard });
}

function handPointerDown(p, event, tile) {
  if (event.button !== 0) return;
  if (p.touch !== (event.pointerType !== "mouse")) {
    p.touch = event.pointerType !== "mouse";
    p.requestRender();
  }
  p.unlockSound();
  p.drag.start(event, tile);
}

/** Keys anywhere on the page (the shell has left out typing in fields): the turning keys, Escape. */
function keydown(p, event) {
  const { state, game } = p;
  if (!state.picked) return;
  const way = game.turns.find((candidate) => candidate.key === event.key.toLowerCase());
  if (way) {
    event.preventDefault();
    turn(p, way.next);
  } else if (event.key === "Escape") {
    event.preventDefault();
    const tile = state.picked;
    const fromBoard = document.activeElement === p.board.svg;
    placing.unpick(state, game);
    p.announce(shared.tilePutBack());
    p.requestRender();
    if (fromBoard) p.focusHandTile(tile);
  }
}

/** The game moved: keep the pick sensible, and pick a tile just drawn. */
function afterChange(p, wasMyTurn) {
  const { state, game } = p;
  const hand = myHand(state);
  if (state.picked && !hand.includes(state.picked)) placing.unpick(state, game);
  if (state.game.finished) placing.unpick(state, game);
  const drawn = state.game.drawn_tile;
  if (drawn && hand.includes(drawn) && state.picked !== drawn && isMyTurn(state)) pick(p, drawn);
  if (!isMyTurn(state) && wasMyTurn && state.picked) state.ghost = null;
}

/** A tile was laid: if the player moved the view by hand, still bring it into sight. */
function showPlaced(p, placement) {
  if (p.state.view.follow || !placement) return;
  const { width, height } = p.board.size();
  p.game.board.showPlaced(p.state.view, placement, width, height);
}

/** The drag of a tile from the hand onto the board (board/drag.js). */
function wireDrag(p) {
  const { state, game } = p;
  return wireHandDrag({
    state,
    board: p.board,
    avatarClass: game.avatarClass,
    tileIcon: game.tileIcon,
    pick: (tile) => pick(p, tile),
    hover: (cell) => setGhost(p, cell),
    drop: (cell) => placeAt(p, state.legal ? (game.targets.at(state, cell)?.cell ?? cell) : cell),
    requestRender: p.requestRender,
    signal: p.signal,
  });
}

/**
 * Mount the board and the placing input of one game on the page. `context` is what the
 * shell gives a game module's mountPlay (docs/frontend.md); `game` is the game's input:
 *   board        → {mount(svg, hooks), fitBox(tiles, places), fitMargin, middleOf(cell),
 *                   cellAtPoint(x, y), showPlaced(view, placement, width, height),
 *                   tapSize: camera units of a place's drawn box, its shorter side}
 *   upright      → how a freshly picked tile is turned
 *   turns        → [{button, key, next}]: each way of turning (the button's id, its key,
 *                   orientation → the next one)
 *   targets      → {current(state), at(state, cell), ghostScene(state), placementAt(tile, orientation, cell)}
 *   words        → {turned(tile, orientation): said on a turn, pointsSaid(scene): a target's worth said,
 *                   placeWorth(scene): shown on "Lay it here", freeHint(): the hint when no places are listed}
 *   tileIcon(name, orientation), tileLabel(name), preview(state) → {picture, icon()}, avatarClass
 * Returns the Play the shell calls (render, renderControls, pickedHint, handClick, …).
 */
export function mountPlacing(context, game) {
  const { state, signal } = context;
  const p = { ...context, game, touch: Boolean(window.matchMedia?.("(pointer: coarse)").matches) };
  state.view = createView();
  state.orientation = game.upright;
  p.board = game.board.mount(context.svg, {
    view: () => state.view,
    changed: p.requestRender,
    tap: (cell, how) => tapCell(p, cell, how),
    hover: (cell) => {
      if (state.picked && !state.drag) setGhost(p, cell);
    },
    signal,
  });
  p.viewControls = wireViewControls(p.board, state.view, { reversed: p.preferences.reversed_arrows, onChange: p.requestRender, signal });
  p.moves = {
    turn: (next) => turn(p, next),
    moveGhost: (dx, dy) => moveGhost(p, dx, dy),
    placeAt: (cell) => placeAt(p, cell),
    layGhost: () => placeAt(p, state.ghost ?? placing.startGhost(state, game)),
    putBack: () => {
      placing.unpick(state, game);
      p.requestRender();
    },
  };
  p.drag = wireDrag(p);
  wireControls(p);
  return {
    render: () => render(p),
    renderControls: () => renderControls(p),
    pickedHint: () => pickedHint(p),
    handClick: (event, tile) => handClick(p, event, tile),
    handPointerDown: (event, tile) => handPointerDown(p, event, tile),
    keydown: (event) => keydown(p, event),
    afterChange: (wasMyTurn) => afterChange(p, wasMyTurn),
    showPlaced: (placement) => showPlaced(p, placement),
  };
}
