// Where the picked Triominos tile can go, from the server's legal placements (never
// from the rules): the targets for the tile as it is turned, the target a cell is,
// and the ghost. Pure functions of the page's state; a cell is {x, y} on the
// triangular grid (geometry.js). The placing controller (board/placing.js) does the rest.
import { isMyTurn, isScoring } from "../../game/model.js";
import { bonusOf } from "./texts.js";

/** How a freshly picked tile is turned: its first number on the point. */
export const UPRIGHT = 0;

/** Turning a tile a third clockwise: the number on the point moves to the next corner. */
export const TURN = { 0: 2, 2: 1, 1: 0 };

/** A triple (555) looks the same every way: the server lists it once, with rot 0. */
export function sameWay(name, a, b) {
  return a === b || (name[0] === name[1] && name[1] === name[2]);
}

// Targets are cached by identity, so the board redraws them only when they change.
let cache = { legal: undefined, tile: undefined, orientation: undefined, list: [] };

/** Legal entries for the picked tile turned as it is: [{placement, cell, points, figure, bonus}]. */
export function currentTargets(state) {
  if (!state.legal || !state.picked || !isMyTurn(state)) return [];
  const { legal, picked, orientation } = state;
  if (cache.legal === legal && cache.tile === picked && cache.orientation === orientation) return cache.list;
  const scoring = isScoring(state);
  const list = legal
    .filter((entry) => entry.tile === picked && sameWay(picked, entry.rot, orientation))
    .map((entry) => ({
      placement: { tile: entry.tile, x: entry.x, y: entry.y, rot: entry.rot },
      cell: { x: entry.x, y: entry.y },
      points: scoring ? entry.points : undefined,
      figure: scoring ? entry.figure || null : null,
      bonus: scoring && entry.figure ? bonusOf(entry.tile, entry.points) : 0,
    }));
  cache = { legal, tile: picked, orientation, list };
  return list;
}

/** The target on a cell, or null. */
export function targetAt(state, cell) {
  if (!cell) return null;
  return currentTargets(state).find((target) => target.cell.x === cell.x && target.cell.y === cell.y) || null;
}

/** What the ghost shows: the placement, and "target" / "off" (not a listed place) / "free" (no list) /
 * "taken" (no list, and over a tile on the board: it may not fit). */
export function ghostScene(state) {
  if (!state.picked || !state.ghost) return null;
  const listed = Boolean(state.legal) && isMyTurn(state);
  const target = listed ? targetAt(state, state.ghost) : null;
  if (target) {
    return { placement: target.placement, status: "target", points: target.points, figure: target.figure, bonus: target.bonus };
  }
  const placement = { tile: state.picked, x: state.ghost.x, y: state.ghost.y, rot: state.orientation };
  if (listed) return { placement, status: "off" };
  // No list (assistance None): a triangle already on the board is something the page sees.
  const taken = (state.game?.board || []).some((tile) => tile.x === placement.x && tile.y === placement.y);
  return { placement, status: taken ? "taken" : "free" };
}

/** The placing controller's view of Triominos' targets (board/placing.js). */
export const targets = {
  current: currentTargets,
  at: targetAt,
  ghostScene,
  placementAt: (tile, rot, cell) => ({ tile, x: cell.x, y: cell.y, rot }),
};
