// A picture on the rules page: a game's tiles on a piece of felt. Each game draws its
// own scenes (its diagrams.js, with its board's tile renderer, so a diagram looks
// exactly like the game) and frames them with this.
import { s } from "./svg.js";

export /** An <svg> showing `parts` over a piece of felt, framed on `box` (board units). */
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
