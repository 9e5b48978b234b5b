// The rules page's pictures, drawn by the boards' own tile renderers (games/chromino/tiles.js for
// Chromino, games/triominos/tiles.js for Triominos), so a diagram looks exactly like
// the game: each <figure data-diagram="…"> gets its <svg>. Contacts are marked with a
// green tick where they match and a red cross where they do not.
import { s } from "./svg.js";
import { CELL, bounds, cellsOf, drawTile } from "./games/chromino/tiles.js";
import { EDGE, ROW, UNIT, cornerNumbers } from "./games/triominos/geometry.js";
import { drawTile as drawTriomino } from "./games/triominos/tiles.js";
import { t } from "./i18n.js";

/** An <svg> showing `parts` over a piece of felt, framed on `box` (board units). */
function picture(box, parts, label) {
  const pad = 14;
  const view = [box.minX - pad, box.minY - pad, box.maxX - box.minX + 2 * pad, box.maxY - box.minY + 2 * pad];
  return s(
    "svg",
    { class: "diagram-svg", viewBox: view.map((n) => n.toFixed(1)).join(" "), role: "img", "aria-label": label },
    s("rect", { class: "diagram-felt", x: view[0], y: view[1], width: view[2], height: view[3], rx: 18 }),
    ...parts,
  );
}

/** A contact mark on the side between two cells: a tick (matches) or a cross (does not). */
function contact(a, b, ok) {
  const x = ((a.x + b.x) / 2 + 0.5) * CELL;
  const y = ((a.y + b.y) / 2 + 0.5) * CELL;
  const mark = ok ? "M-8 0 l5 6 l11 -12" : "M-7 -7 l14 14 M7 -7 l-14 14";
  return s(
    "g",
    { class: ok ? "contact contact-ok" : "contact contact-bad", transform: `translate(${x} ${y})` },
    s("circle", { r: 16 }),
    s("path", { d: mark }),
  );
}

/** The contacts of `laid` with the tiles of `board`: [{a, b, ok}] (a chameleon's centre matches all). */
function contactsOf(laid, board) {
  const cells = new Map();
  for (const placement of board) for (const cell of cellsOf(placement)) cells.set(`${cell.x},${cell.y}`, cell);
  const found = [];
  for (const cell of cellsOf(laid)) {
    for (const [dx, dy] of [[1, 0], [-1, 0], [0, 1], [0, -1]]) {
      const other = cells.get(`${cell.x + dx},${cell.y + dy}`);
      if (other) found.push({ a: cell, b: other, ok: cell.letter === other.letter || cell.letter === "X" || other.letter === "X" });
    }
  }
  return found;
}

/** A Chromino scene: tiles on the board, one tile laid with its contacts marked. */
function chrominoScene(board, laid, label) {
  const all = laid ? [...board, laid] : board;
  const box = bounds(all);
  const frame = { minX: box.minX * CELL, minY: box.minY * CELL, maxX: (box.maxX + 1) * CELL, maxY: (box.maxY + 1) * CELL };
  const parts = board.map((placement) => drawTile(placement));
  if (laid) {
    parts.push(drawTile(laid, { class: "diagram-laid" }));
    parts.push(...contactsOf(laid, board).map(({ a, b, ok }) => contact(a, b, ok)));
  }
  return picture(frame, parts, label);
}

/** A Triominos scene: triangles, one of them (the last) outlined as the tile laid. */
function triominosScene(board, laid, label, { bad = [] } = {}) {
  const all = laid ? [...board, laid] : board;
  const corners = all.flatMap((placement) => cornerNumbers(placement));
  const xs = corners.map(({ u }) => u * UNIT);
  const ys = corners.map(({ v }) => v * ROW * UNIT);
  const frame = { minX: Math.min(...xs), minY: Math.min(...ys), maxX: Math.max(...xs), maxY: Math.max(...ys) };
  const parts = board.map((placement) => drawTriomino(placement));
  if (laid) parts.push(drawTriomino(laid, { class: "diagram-laid is-last" }));
  for (const { u, v } of bad) {
    parts.push(
      s(
        "g",
        { class: "contact contact-bad", transform: `translate(${u * UNIT} ${v * ROW * UNIT})` },
        s("circle", { r: 20 }),
        s("path", { d: "M-8 -8 l16 16 M8 -8 l-16 16" }),
      ),
    );
  }
  void EDGE;
  return picture(frame, parts, label);
}

const DIAGRAMS = {
  "chromino-tiles": () =>
    chrominoScene(
      [
        { tile: "RYG", x: 0, y: 0, dir: "E" },
        { tile: "BXP", x: 4, y: 0, dir: "E" },
      ],
      null,
      t("Two tiles: red, yellow, green; and a chameleon, blue and purple with a wild centre."),
    ),
  "chromino-legal": () =>
    chrominoScene(
      [{ tile: "RGB", x: 0, y: 0, dir: "E" }],
      { tile: "GBY", x: 1, y: 1, dir: "E" },
      t("Allowed: the new tile touches green on green and blue on blue, two contacts that both match."),
    ),
  "chromino-illegal": () =>
    chrominoScene(
      [{ tile: "RGB", x: 0, y: 0, dir: "E" }],
      { tile: "GRY", x: 1, y: 1, dir: "E" },
      t("Not allowed: green on green matches, but red on blue does not."),
    ),
  "chromino-chameleon": () =>
    chrominoScene(
      [{ tile: "RXB", x: 0, y: 0, dir: "E" }],
      { tile: "RYB", x: 0, y: 1, dir: "E" },
      t("Allowed: the chameleon's wild centre matches the yellow square; red and blue match too."),
    ),
  "triominos-tile": () =>
    triominosScene([{ tile: "345", x: 0, y: 0, rot: 0 }], null, t("A tile: a triangle with the numbers 3, 4 and 5 on its corners.")),
  "triominos-legal": () =>
    triominosScene(
      [{ tile: "345", x: 0, y: 0, rot: 0 }],
      { tile: "334", x: 1, y: 0, rot: 2 },
      t("Allowed: along the shared side, 3 meets 3 and 4 meets 4."),
    ),
  "triominos-illegal": () =>
    triominosScene(
      [{ tile: "345", x: 0, y: 0, rot: 0 }],
      { tile: "344", x: 1, y: 0, rot: 1 },
      t("Not allowed: the new tile's 4 lies where the 3 is."),
      { bad: [{ u: 1, v: 0 }] },
    ),
  "triominos-bridge": () =>
    triominosScene(
      [
        { tile: "000", x: 0, y: 0, rot: 0 },
        { tile: "001", x: 1, y: 0, rot: 0 },
        { tile: "011", x: 2, y: 0, rot: 1 },
        { tile: "012", x: 2, y: 1, rot: 2 },
        { tile: "112", x: 3, y: 1, rot: 0 },
        { tile: "122", x: 3, y: 2, rot: 1 },
        { tile: "222", x: 2, y: 2, rot: 0 },
        { tile: "223", x: 1, y: 2, rot: 1 },
      ],
      { tile: "003", x: 0, y: 1, rot: 2 },
      t("A bridge: the new tile shares one side only, and its far point touches another tile: 40 points more."),
    ),
  "triominos-hexagon": () =>
    triominosScene(
      [
        { tile: "134", x: 0, y: 0, rot: 1 },
        { tile: "133", x: -1, y: 0, rot: 0 },
        { tile: "144", x: 0, y: 1, rot: 2 },
        { tile: "114", x: -1, y: 1, rot: 1 },
        { tile: "111", x: -2, y: 1, rot: 1 },
      ],
      { tile: "113", x: -2, y: 0, rot: 2 },
      t("A hexagon: the new tile closes the six triangles around a corner, all showing 1 there: 50 points more."),
    ),
};

for (const figure of document.querySelectorAll("figure[data-diagram]")) {
  const draw = DIAGRAMS[figure.dataset.diagram];
  if (draw) figure.prepend(draw());
}
