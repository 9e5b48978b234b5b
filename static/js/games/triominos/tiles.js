// Triominos tiles as pictures and as words. A tile is a triangle with a number from 0
// to 5 near each corner, each number upright for the reader whatever the rotation
// (the triangle turns, the digits do not). Each number has its own colour (the
// palette's --n-0 … --n-5, classes .n-0 … .n-5 in board.css) and, with the "symbols"
// preference, its own mark of dots, so that colour is never the only cue.
import { t } from "../../i18n.js";
import { s } from "../../svg.js";
import { EDGE, boardCentre, boardPoint, cellPolygon, cornerNumbers, pointsAttribute } from "./geometry.js";

const NUMBER_IN = 45; // board units from a corner to its number's middle
const DISC = 16.5; // radius of a number's disc (clear of the tile's edge, and of the last tile's outline)
const PIP_RING = 25; // radius of the arc of dots around a number's disc
const PIP = 3.4; // radius of a dot
const PIP_STEP = (30 * Math.PI) / 180; // angle between two dots
const FACE_INSET = 2.5; // gap between a tile's edge and its cell's

/** "3-4-5": a tile's numbers as they are written in the move log. */
export function spelled(name) {
  return name.split("").join("-");
}

/** The sum of a tile's numbers. */
export function tileValue(name) {
  return name.split("").reduce((sum, digit) => sum + Number(digit), 0);
}

/** A tile in words, for screen readers: "tile 3, 4, 5". */
export function tileLabel(name) {
  return t("tile {first}, {second}, {third}", { first: name[0], second: name[1], third: name[2] });
}

/** A hand tile's button name: "tile 3-4-5", the numbers as its picture shows them, so a
 * person using speech input can say what they see (WCAG 2.5.3, label in name). */
export function handLabel(name) {
  return t("tile {numbers}", { numbers: spelled(name) });
}

/** The dots of a number: n dots on an arc facing the tile's middle (0: one open ring). */
function pips(number, cx, cy, angle) {
  if (number === 0) {
    const x = cx + PIP_RING * Math.cos(angle);
    const y = cy + PIP_RING * Math.sin(angle);
    return [s("circle", { class: "tri-pip tri-pip-open", cx: x.toFixed(2), cy: y.toFixed(2), r: PIP })];
  }
  const dots = [];
  for (let i = 0; i < number; i++) {
    const a = angle + (i - (number - 1) / 2) * PIP_STEP;
    dots.push(
      s("circle", {
        class: "tri-pip",
        cx: (cx + PIP_RING * Math.cos(a)).toFixed(2),
        cy: (cy + PIP_RING * Math.sin(a)).toFixed(2),
        r: PIP,
      }),
    );
  }
  return dots;
}

/**
 * A tile on its cell of the board: the face, and each corner's number (its disc, its
 * digit, its dots). Returns an SVG <g class="tile tri-tile">; `attributes` are added.
 */
export function drawTile(placement, attributes = {}) {
  const { x, y } = placement;
  const middle = boardCentre(x, y);
  const parts = [s("polygon", { class: "tri-face", points: pointsAttribute(cellPolygon(x, y, FACE_INSET)) })];
  for (const { u, v, number } of cornerNumbers(placement)) {
    const corner = boardPoint(u, v);
    const dx = middle.x - corner.x;
    const dy = middle.y - corner.y;
    const length = Math.hypot(dx, dy);
    const cx = corner.x + (dx / length) * NUMBER_IN;
    const cy = corner.y + (dy / length) * NUMBER_IN;
    parts.push(
      s(
        "g",
        { class: `tri-number n-${number}` },
        s("g", { class: "tri-pips" }, ...pips(number, cx, cy, Math.atan2(dy, dx))),
        s("circle", { class: "tri-disc", cx: cx.toFixed(2), cy: cy.toFixed(2), r: DISC }),
        s("text", { class: "tri-digit", x: cx.toFixed(2), y: cy.toFixed(2), "text-anchor": "middle", "dominant-baseline": "central" }, String(number)),
      ),
    );
  }
  const classes = ["tile", "tri-tile", attributes.class].filter(Boolean).join(" ");
  return s("g", { ...attributes, class: classes, "data-x": x, "data-y": y }, ...parts);
}

/** A tile on its own (hand, log, previews): pointing up, or down, turned by `rot`. */
export function tileIcon(name, rot = 0, attributes = {}, { down = false } = {}) {
  const placement = { tile: name, x: down ? 1 : 0, y: 0, rot };
  const pad = 4;
  const height = (EDGE * Math.sqrt(3)) / 2;
  const left = placement.x * (EDGE / 2) - pad;
  const view = `${left.toFixed(2)} ${-pad} ${EDGE + 2 * pad} ${(height + 2 * pad).toFixed(2)}`;
  const classes = ["tile-icon", "tri-icon", attributes.class].filter(Boolean).join(" ");
  return s(
    "svg",
    { viewBox: view, "aria-hidden": "true", focusable: "false", ...attributes, class: classes },
    drawTile(placement),
  );
}
