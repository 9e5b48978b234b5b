// The placing state of the live game page, and the pure functions that change it: the
// tile picked from the hand, how it is turned, and the ghost (the cell it would go to).
// They read the page's one state object (game/model.js: picked, orientation, ghost,
// legal, error) and the game's input (`game`: board, upright, targets, as
// board/placing.js describes it); no page here, so the unit tests under Node call them.
import { isMyTurn } from "../game/model.js";
import * as shared from "../game/texts.js";
import { nearestTarget, startingCell, targetToward } from "./moves.js";

export const sameCell = (a, b) => Boolean(a && b) && a.x === b.x && a.y === b.y;

/** Pick `tile` (upright, no ghost) unless it is picked already; whether it was not. */
export function pickTile(state, game, tile) {
  state.error = "";
  if (state.picked === tile) return false;
  state.picked = tile;
  state.orientation = game.upright;
  state.ghost = null;
  return true;
}

export function unpick(state, game) {
  state.picked = null;
  state.ghost = null;
  state.orientation = game.upright;
}

/** Turn the picked tile the way `next` says, the ghost kept on a target near where it was. */
export function turnTile(state, game, next) {
  const ghost = state.ghost;
  state.orientation = next[state.orientation];
  if (ghost && state.legal && isMyTurn(state) && !game.targets.at(state, ghost)) {
    const near = nearestTarget(game.board, game.targets.current(state), ghost);
    if (near) state.ghost = { ...near.cell };
  }
}

/** The ghost's first cell for the keyboard: a target near the middle of the view, or that middle. */
export function startGhost(state, game) {
  state.ghost = startingCell(game.board, game.targets.current(state), state.view);
  return state.ghost;
}

/** Arrow keys: the ghost to the next target that way when targets are shown, else one
 * cell. False when no target lies that way (the ghost stays). */
export function ghostToward(state, game, dx, dy) {
  const shown = game.targets.current(state);
  if (!state.ghost) {
    startGhost(state, game);
  } else if (shown.length) {
    const next = targetToward(game.board, shown, state.ghost, dx, dy);
    if (!next) return false;
    state.ghost = { ...next.cell };
  } else {
    state.ghost = { x: state.ghost.x + dx, y: state.ghost.y + dy };
  }
  return true;
}

/** The ghost on `cell`, or on the target that cell designates; whether it moved. */
export function ghostOn(state, game, cell) {
  const target = state.legal && isMyTurn(state) && cell ? game.targets.at(state, cell) : null;
  const next = target ? { ...target.cell } : cell;
  const same = (next && state.ghost && next.x === state.ghost.x && next.y === state.ghost.y) || next === state.ghost;
  if (same) return false;
  state.ghost = next;
  return true;
}

/**
 * Laying the picked tile on `cell`: the listed placement there, or (no list) as it is
 * turned. Returns {placement, cell} to send; {refused: true} when it cannot go there
 * (state.error says why, the ghost shows where); null when there is nothing to lay now.
 */
export function layingAt(state, game, cell) {
  if (!state.picked || !cell || !isMyTurn(state) || state.pending) return null;
  if (state.legal) {
    const target = game.targets.at(state, cell);
    if (target) return { placement: target.placement, cell: target.cell };
    state.ghost = { ...cell };
    state.error = shared.notATarget();
    return { refused: true };
  }
  if (game.targets.ghostScene({ ...state, ghost: cell })?.status === "taken") {
    // Over a tile on the board: it cannot go there, whatever the rules (no list to say more).
    state.ghost = { ...cell };
    state.error = shared.placeTaken();
    return { refused: true };
  }
  return { placement: game.targets.placementAt(state.picked, state.orientation, cell), cell };
}

/** The "Lay it here" button's worth: what the ghost's place scores, null when unpriced. */
export function ghostWorth(scene, words) {
  const priced = scene?.status === "target" && scene.points !== undefined && scene.points !== null;
  return priced ? words.placeWorth(scene) : null;
}

/** Whether "Lay it here" can lay the tile now. */
export function canLay(state, scene) {
  return isMyTurn(state) && !state.pending && Boolean(scene) && scene.status !== "off" && scene.status !== "taken";
}
