// Chromino's pictures on the rules page, drawn by the board's own tile renderer:
// each <figure data-diagram="chromino-…"> of its rules part gets its <svg>. Contacts
// are marked with a green tick where they match and a red cross where they do not.
import { picture } from "../../diagram.js";
import { t } from "../../i18n.js";
import { s } from "../../svg.js";
import { CELL, bounds, cellsOf, drawTile } from "./tiles.js";

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
function scene(board, laid, label) {
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

/** The figures of Chromino's rules, by their data-diagram name. */
export const DIAGRAMS = {
  "chromino-tiles": () =>
    scene(
      [
        { tile: "RYG", x: 0, y: 0, dir: "E" },
        { tile: "BXP", x: 4, y: 0, dir: "E" },
      ],
      null,
      t("Two tiles: red, yellow, green; and a chameleon, blue and purple with a wild centre."),
    ),
  "chromino-legal": () =>
    scene(
      [{ tile: "RGB", x: 0, y: 0, dir: "E" }],
      { tile: "GBY", x: 1, y: 1, dir: "E" },
      t("Allowed: the new tile touches green on green and blue on blue, two contacts that both match."),
    ),
  "chromino-illegal": () =>
    scene(
      [{ tile: "RGB", x: 0, y: 0, dir: "E" }],
      { tile: "GRY", x: 1, y: 1, dir: "E" },
      t("Not allowed: green on green matches, but red on blue does not."),
    ),
  "chromino-chameleon": () =>
    scene(
      [{ tile: "RXB", x: 0, y: 0, dir: "E" }],
      { tile: "RYB", x: 0, y: 1, dir: "E" },
      t("Allowed: the chameleon's wild centre matches the yellow square; red and blue match too."),
    ),
};
