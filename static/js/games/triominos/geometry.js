// The Triominos grid (docs/triominos-rules.md section 2) as pictures need it: where a
// triangle and its corners are, which triangle is under a point, how far things are.
// No rules: nothing here says what may be laid where (the server's `legal` does).
//
// Three kinds of coordinates:
//   - a cell {x, y}: a triangle of the grid; it points up when x + y is even;
//   - a corner point (u, v): u in half edges, v the horizontal line's number;
//   - the camera's units (what board.js's createView/fitView/keepInView move):
//     one unit is half an edge, so X = u and Y = v·√3 (a row is √3 units high).
// Board units (the SVG's user space) are UNIT per camera unit.

/** Board units per camera unit (half an edge): an edge is 2 · UNIT. */
export const UNIT = 70;
export const EDGE = 2 * UNIT;
/** A row's height in camera units. */
export const ROW = Math.sqrt(3);

/** Whether cell (x, y) points up. */
export function isUp(x, y) {
  return (((x + y) % 2) + 2) % 2 === 0;
}

/** The three corner points (u, v) of a cell, corner 0 (its point) first, then clockwise. */
export function cornersOf(x, y) {
  return isUp(x, y)
    ? [
        [x + 1, y],
        [x + 2, y + 1],
        [x, y + 1],
      ]
    : [
        [x + 1, y + 1],
        [x, y],
        [x + 2, y],
      ];
}

/** The number on each corner of a placement: [{u, v, number}], corner 0 first. */
export function cornerNumbers({ tile, x, y, rot }) {
  return cornersOf(x, y).map(([u, v], corner) => ({ u, v, number: Number(tile[(rot + corner) % 3]) }));
}

/** A corner point in board units. */
export function boardPoint(u, v) {
  return { x: u * UNIT, y: v * ROW * UNIT };
}

/** The middle of a cell in camera units. */
export function centreOf(x, y) {
  return { x: x + 1, y: (y + (isUp(x, y) ? 2 / 3 : 1 / 3)) * ROW };
}

/** The middle of a cell in board units. */
export function boardCentre(x, y) {
  const centre = centreOf(x, y);
  return { x: centre.x * UNIT, y: centre.y * UNIT };
}

/** The corners of a cell in board units, pulled `inset` units towards its middle. */
export function cellPolygon(x, y, inset = 0) {
  const middle = boardCentre(x, y);
  const toCorner = EDGE / Math.sqrt(3); // from the middle to a corner
  const keep = (toCorner - 2 * inset) / toCorner; // an inset of d from each side moves a corner 2d
  return cornersOf(x, y).map(([u, v]) => {
    const corner = boardPoint(u, v);
    return { x: middle.x + (corner.x - middle.x) * keep, y: middle.y + (corner.y - middle.y) * keep };
  });
}

/** Points for an SVG polygon. */
export function pointsAttribute(points) {
  return points.map((point) => `${point.x.toFixed(2)},${point.y.toFixed(2)}`).join(" ");
}

/** The cell under a point given in camera units. */
export function cellAtPoint(px, py) {
  const v = py / ROW;
  const y = Math.floor(v);
  const down = v - y; // 0 on the row's top line, 1 on its bottom line
  const base = Math.floor(px);
  for (const x of [base - 1, base]) {
    const off = Math.abs(px - (x + 1));
    if (isUp(x, y) ? off <= down : off <= 1 - down) return { x, y };
  }
  return { x: base, y };
}

/**
 * The box of placements (or cells) in camera units, in the form board.js's fitView
 * takes (it adds one to the maximum: a cell of the square grid is one unit wide).
 */
export function cameraBox(cells) {
  let box = null;
  for (const { x, y } of cells) {
    const left = x;
    const right = x + 2;
    const top = y * ROW;
    const bottom = (y + 1) * ROW;
    if (!box) box = { left, right, top, bottom };
    box.left = Math.min(box.left, left);
    box.right = Math.max(box.right, right);
    box.top = Math.min(box.top, top);
    box.bottom = Math.max(box.bottom, bottom);
  }
  return box && { minX: box.left, maxX: box.right - 1, minY: box.top, maxY: box.bottom - 1 };
}

/** The cell one step away by an arrow key: along the row, or the row above or below. */
export function stepFrom({ x, y }, dx, dy) {
  return { x: x + dx, y: y + dy };
}
