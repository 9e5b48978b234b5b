// Moving between a game's targets with the keyboard, in camera units so that any grid
// will do: the target nearest a cell, the one a tile picked with the keyboard starts
// on, the next one in an arrow's direction. Pure functions; a target is
// {placement, cell, …} (games/<kind>/placing.js), `board` the game's measures
// (middleOf, cellAtPoint: see board/placing.js).

function distance(board, a, b) {
  const p = board.middleOf(a);
  const q = board.middleOf(b);
  return Math.hypot(p.x - q.x, p.y - q.y);
}

/** The target nearest `cell`, or null when there is none. */
export function nearestTarget(board, targets, cell) {
  let best = null;
  let bestDistance = Infinity;
  for (const target of targets) {
    const d = distance(board, target.cell, cell);
    if (d < bestDistance) [best, bestDistance] = [target, d];
  }
  return best;
}

/** Where a tile picked with the keyboard starts: the target nearest the view's centre, or that centre's cell. */
export function startingCell(board, targets, view) {
  const centre = board.cellAtPoint(view.cx, view.cy);
  const near = nearestTarget(board, targets, centre);
  return near ? { ...near.cell } : centre;
}

/** The next target from `cell` in screen direction (dx, dy): ahead, and off the line as little as may be; or null. */
export function targetToward(board, targets, cell, dx, dy) {
  const from = board.middleOf(cell);
  let best = null;
  let bestScore = Infinity;
  for (const target of targets) {
    const to = board.middleOf(target.cell);
    const ox = to.x - from.x;
    const oy = to.y - from.y;
    const along = ox * dx + oy * dy;
    if (along <= 0.01) continue;
    const across = Math.abs(ox * dy - oy * dx);
    const score = along + 2 * across;
    if (score < bestScore) [best, bestScore] = [target, score];
  }
  return best;
}
