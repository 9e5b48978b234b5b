// Where the picked Chromino tile can go, worked out from the server's legal
// placements (never from the rules): the targets for the way the tile is turned,
// the target a cell designates, and what the ghost shows. Pure functions of the
// page's state; a cell is {x, y} on the square grid, a target's `cell` is the one
// under the tile's middle square (the one the player points at). The placing
// controller (board/placing.js) does the rest.
import { isMyTurn, isScoring } from "../../game/model.js";
import { DIRS, cellsOf, centreOf, placementAround, sameWay } from "./tiles.js";

/** How a freshly picked tile is turned: east, its letters in name order. */
export const UPRIGHT = "E";

// Targets are cached by identity, so the board redraws them only when they change.
let cache = { legal: undefined, tile: undefined, orientation: undefined, list: [] };

/** Legal entries for the picked tile turned as it is: [{placement, cell, points, contacts}]. */
export function currentTargets(state) {
  if (!state.legal || !state.picked || !isMyTurn(state)) return [];
  const { legal, picked, orientation } = state;
  if (cache.legal === legal && cache.tile === picked && cache.orientation === orientation) return cache.list;
  const list = legal
    .filter((entry) => entry.tile === picked && sameWay(picked, entry.dir, orientation))
    .map((entry) => ({
      placement: { tile: entry.tile, x: entry.x, y: entry.y, dir: entry.dir },
      cell: centreOf(entry),
      points: isScoring(state) ? entry.points : undefined,
      contacts: entry.contacts,
    }));
  cache = { legal, tile: picked, orientation, list };
  return list;
}

/** The target a cell designates: one centred on it, else the nearest one covering it. */
export function targetAt(state, cell) {
  const targets = currentTargets(state);
  const exact = targets.find((target) => target.cell.x === cell.x && target.cell.y === cell.y);
  if (exact) return exact;
  let best = null;
  let bestDistance = Infinity;
  for (const target of targets) {
    const [dx, dy] = DIRS[target.placement.dir];
    const covers = [0, 1, 2].some((i) => target.placement.x + i * dx === cell.x && target.placement.y + i * dy === cell.y);
    if (!covers) continue;
    const distance = Math.abs(target.cell.x - cell.x) + Math.abs(target.cell.y - cell.y);
    if (distance < bestDistance) [best, bestDistance] = [target, distance];
  }
  return best;
}

/** What the ghost shows: the placement, and "target" / "off" (not a listed place) / "free" (no list) /
 * "taken" (no list, and over a tile on the board: it may not fit). */
export function ghostScene(state) {
  if (!state.picked || !state.ghost) return null;
  const target = state.legal && isMyTurn(state) ? targetAt(state, state.ghost) : null;
  if (target && target.cell.x === state.ghost.x && target.cell.y === state.ghost.y) {
    return { placement: target.placement, status: "target", points: target.points };
  }
  const placement = placementAround(state.picked, state.orientation, state.ghost.x, state.ghost.y);
  if (state.legal && isMyTurn(state)) return { placement, status: "off" };
  return { placement, status: overlaps(placement, state.game?.board || []) ? "taken" : "free" };
}

/** Whether a placement covers a square a tile on the board covers: what the page sees
 * without any list of places (assistance None), no rule involved. */
export function overlaps(placement, board) {
  const covered = new Set(board.flatMap((tile) => cellsOf(tile).map(({ x, y }) => `${x},${y}`)));
  return cellsOf(placement).some(({ x, y }) => covered.has(`${x},${y}`));
}

/** The placing controller's view of Chromino's targets (board/placing.js). */
export const targets = {
  current: currentTargets,
  at: targetAt,
  ghostScene,
  placementAt: (tile, dir, cell) => placementAround(tile, dir, cell.x, cell.y),
};
