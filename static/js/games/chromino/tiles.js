// Tiles as pictures and as words: geometry of a placement (RULES.md section 9),
// the SVG of a tile in the current palette, and the names a screen reader speaks.
// Colours come from CSS classes (.c-R … .c-X), so a palette is only a stylesheet.
import { t } from "../../i18n.js";
import { polygonPoints, roundedRect, s } from "../../svg.js";

/** Board units per cell: the board is drawn at 100 units a square, then scaled. */
export const CELL = 100;
const INSET = 3; // gap between a tile's edge and its cells' grid lines
const RADIUS = 14; // rounded corners of a tile

/** Unit steps of the four directions: x grows east, y grows south. */
export const DIRS = { E: [1, 0], S: [0, 1], W: [-1, 0], N: [0, -1] };
/** Turning a tile a quarter clockwise. */
export const ROTATE = { E: "S", S: "W", W: "N", N: "E" };
/** Flipping a tile end for end (a half turn). */
export const FLIP = { E: "W", W: "E", S: "N", N: "S" };

/** The three cells of a placement, first letter first: [{x, y, letter}]. */
export function cellsOf({ tile, x, y, dir }) {
  const [dx, dy] = DIRS[dir];
  return [0, 1, 2].map((i) => ({ x: x + i * dx, y: y + i * dy, letter: tile[i] }));
}

/** The middle cell of a placement. */
export function centreOf({ x, y, dir }) {
  const [dx, dy] = DIRS[dir];
  return { x: x + dx, y: y + dy };
}

/** The placement of `tile` turned to `dir` whose middle square is on (cx, cy). */
export function placementAround(tile, dir, cx, cy) {
  const [dx, dy] = DIRS[dir];
  return { tile, x: cx - dx, y: cy - dy, dir };
}

/** A palindrome (RGR) reads the same both ways: E and W (S and N) are one placement. */
export function isSymmetric(name) {
  return name[0] === name[2];
}

/** Whether two directions put the tile down the same way for this tile. */
export function sameWay(name, a, b) {
  return a === b || (isSymmetric(name) && FLIP[a] === b);
}

/** Bounding box of placements in cells: {minX, minY, maxX, maxY} or null. */
export function bounds(placements) {
  let box = null;
  for (const placement of placements) {
    for (const { x, y } of cellsOf(placement)) {
      if (!box) box = { minX: x, minY: y, maxX: x, maxY: y };
      box.minX = Math.min(box.minX, x);
      box.minY = Math.min(box.minY, y);
      box.maxX = Math.max(box.maxX, x);
      box.maxY = Math.max(box.maxY, y);
    }
  }
  return box;
}

// --- words --------------------------------------------------------------------

/** A colour letter as a word in the page's language. */
export function colourName(letter) {
  const names = {
    R: t("red"),
    Y: t("yellow"),
    G: t("green"),
    B: t("blue"),
    P: t("purple"),
    X: t("chameleon"),
  };
  return names[letter] || letter;
}

/** "red, green, blue tile": what a screen reader says for a tile, letters in order. */
export function tileLabel(spelling) {
  return t("{first}, {second}, {third} tile", {
    first: colourName(spelling[0]),
    second: colourName(spelling[1]),
    third: colourName(spelling[2]),
  });
}

/** A direction in words. */
export function directionName(dir) {
  const names = { E: t("pointing east"), S: t("pointing south"), W: t("pointing west"), N: t("pointing north") };
  return names[dir];
}

// --- pictures -----------------------------------------------------------------

/** The symbol of a colour (shown only with the "symbols" preference, by CSS). */
function symbol(letter, cx, cy) {
  const r = 17;
  switch (letter) {
    case "R":
      return s("circle", { class: "sym", cx, cy, r });
    case "Y":
      return s("polygon", { class: "sym", points: polygonPoints(cx, cy + 3, r + 4, 3) });
    case "G":
      return s("rect", { class: "sym", x: cx - r + 2, y: cy - r + 2, width: 2 * r - 4, height: 2 * r - 4, rx: 2 });
    case "B":
      return s("polygon", { class: "sym", points: polygonPoints(cx, cy, r + 3, 4) });
    case "P":
      return s("polygon", { class: "sym", points: polygonPoints(cx, cy, r + 4, 5, { inner: (r + 4) * 0.45 }) });
    default:
      return null;
  }
}

/** The chameleon's wild centre: a five-colour rosette around a dark pupil. */
function chameleonMark(cx, cy) {
  const petals = ["R", "Y", "G", "B", "P"].map((letter, i) => {
    const angle = ((-90 + i * 72) * Math.PI) / 180;
    return s("circle", {
      class: `petal c-${letter}`,
      cx: (cx + 15 * Math.cos(angle)).toFixed(2),
      cy: (cy + 15 * Math.sin(angle)).toFixed(2),
      r: 9.5,
    });
  });
  return s("g", { class: "chameleon-mark" }, ...petals, s("circle", { class: "pupil", cx, cy, r: 6 }));
}

/**
 * A tile at its place on the board grid: rounded outline, one square per cell
 * separated by hairlines, a symbol per colour and the chameleon's mark.
 * Returns an SVG <g>; `attributes` are added to it.
 */
export function drawTile(placement, attributes = {}) {
  const cells = cellsOf(placement);
  const box = bounds([placement]);
  const left = box.minX * CELL + INSET;
  const top = box.minY * CELL + INSET;
  const right = (box.maxX + 1) * CELL - INSET;
  const bottom = (box.maxY + 1) * CELL - INSET;
  const parts = [];
  for (const cell of cells) {
    const x0 = Math.max(cell.x * CELL, left);
    const y0 = Math.max(cell.y * CELL, top);
    const x1 = Math.min((cell.x + 1) * CELL, right);
    const y1 = Math.min((cell.y + 1) * CELL, bottom);
    const atLeft = x0 === left;
    const atTop = y0 === top;
    const atRight = x1 === right;
    const atBottom = y1 === bottom;
    const radii = [
      atLeft && atTop ? RADIUS : 0,
      atRight && atTop ? RADIUS : 0,
      atRight && atBottom ? RADIUS : 0,
      atLeft && atBottom ? RADIUS : 0,
    ];
    parts.push(s("path", { class: `square c-${cell.letter}`, d: roundedRect(x0, y0, x1 - x0, y1 - y0, radii) }));
  }
  // Hairlines between the squares, then the symbols on top of them.
  const horizontal = box.minY === box.maxY;
  for (let i = 1; i < 3; i++) {
    const line = horizontal
      ? { x1: (box.minX + i) * CELL, y1: top, x2: (box.minX + i) * CELL, y2: bottom }
      : { x1: left, y1: (box.minY + i) * CELL, x2: right, y2: (box.minY + i) * CELL };
    parts.push(s("line", { class: "hairline", ...line }));
  }
  for (const cell of cells) {
    const cx = (cell.x + 0.5) * CELL;
    const cy = (cell.y + 0.5) * CELL;
    parts.push(cell.letter === "X" ? chameleonMark(cx, cy) : symbol(cell.letter, cx, cy));
  }
  parts.push(
    s("rect", {
      class: "tile-edge",
      x: left,
      y: top,
      width: right - left,
      height: bottom - top,
      rx: RADIUS,
    }),
  );
  const classes = ["tile", attributes.class].filter(Boolean).join(" ");
  return s("g", { ...attributes, class: classes }, ...parts);
}

/** A standalone picture of a tile (hand, log, previews), turned to `dir`. */
export function tileIcon(name, dir = "E", attributes = {}) {
  const placement = placementAround(name, dir, 1, 1);
  const box = bounds([placement]);
  const width = (box.maxX - box.minX + 1) * CELL;
  const height = (box.maxY - box.minY + 1) * CELL;
  const view = `${box.minX * CELL} ${box.minY * CELL} ${width} ${height}`;
  return s(
    "svg",
    { viewBox: view, class: "tile-icon", "aria-hidden": "true", focusable: "false", ...attributes },
    drawTile(placement),
  );
}
