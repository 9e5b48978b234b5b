// Triominos' pictures on the rules page, drawn by the board's own tile renderer:
// each <figure data-diagram="triominos-…"> of its rules part gets its <svg>. A corner
// that does not match is marked with a red cross.
import { picture } from "../../diagram.js";
import { t } from "../../i18n.js";
import { s } from "../../svg.js";
import { ROW, UNIT, cornerNumbers } from "./geometry.js";
import { drawTile } from "./tiles.js";

/** A Triominos scene: triangles, one of them (the last) outlined as the tile laid. */
function scene(board, laid, label, { bad = [] } = {}) {
  const all = laid ? [...board, laid] : board;
  const corners = all.flatMap((placement) => cornerNumbers(placement));
  const xs = corners.map(({ u }) => u * UNIT);
  const ys = corners.map(({ v }) => v * ROW * UNIT);
  const frame = { minX: Math.min(...xs), minY: Math.min(...ys), maxX: Math.max(...xs), maxY: Math.max(...ys) };
  const parts = board.map((placement) => drawTile(placement));
  if (laid) parts.push(drawTile(laid, { class: "diagram-laid is-last" }));
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
  return picture(frame, parts, label);
}

/** The figures of Triominos' rules, by their data-diagram name. */
export const DIAGRAMS = {
  "triominos-tile": () =>
    scene([{ tile: "345", x: 0, y: 0, rot: 0 }], null, t("A tile: a triangle with the numbers 3, 4 and 5 on its corners.")),
  "triominos-legal": () =>
    scene(
      [{ tile: "345", x: 0, y: 0, rot: 0 }],
      { tile: "334", x: 1, y: 0, rot: 2 },
      t("Allowed: along the shared side, 3 meets 3 and 4 meets 4."),
    ),
  "triominos-illegal": () =>
    scene(
      [{ tile: "345", x: 0, y: 0, rot: 0 }],
      { tile: "344", x: 1, y: 0, rot: 1 },
      t("Not allowed: the new tile's 4 lies where the 3 is."),
      { bad: [{ u: 1, v: 0 }] },
    ),
  "triominos-bridge": () =>
    scene(
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
    scene(
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
