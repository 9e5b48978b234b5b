// The frame every board is drawn in: an <svg> holding a dotted felt, a camera group
// and its layers, moved by the shared camera and gestures. A game's board (its
// geometry and tile pictures) fills the layers; this part knows no tile and no rule.
import { t } from "../i18n.js";
import { s } from "../svg.js";
import { pointAt, svgSize, unitsPerPixel } from "./camera.js";
import { wireGestures } from "./gestures.js";

/**
 * Attach a surface to an <svg>. `spec`, the game board's measures:
 *   unit                   → board units (SVG user units) per camera unit
 *   shadow                 → {dy, blur, opacity}: the tiles' drop shadow (#tile-shadow)
 *   grid                   → {id, width, height, dots: [[x, y], …]}: one tile of the felt's dot pattern
 *   layers                 → the layers' names, bottom first; all but "tiles" are hidden from screen readers
 *   cellAtPoint(x, y)      → the cell {x, y} under a point in camera units
 *   farScale               → pixels a camera unit below which the board is "far" (the felt's dots go)
 *   className              → optional: a class the <svg> carries while this board is on it
 * `hooks`: view(), changed(), tap(cell, {touch}), hover(cell|null), signal (the game page's
 * or the replay's; an aborted signal lets go of the <svg> for another board).
 * Returns {layers, frame(view), changed(name, value), drawTiles(scene, drawTile, tileName), cellAt(clientX, clientY),
 * size(), svg}.
 */
export function mountSurface(svg, spec, hooks) {
  const { unit, shadow, grid } = spec;
  const pattern = s(
    "pattern",
    { id: grid.id, width: grid.width, height: grid.height, patternUnits: "userSpaceOnUse" },
    ...grid.dots.map(([cx, cy]) => s("circle", { class: "grid-dot", cx, cy, r: 3 })),
  );
  const defs = s(
    "defs",
    {},
    s(
      "filter",
      { id: "tile-shadow", x: "-20%", y: "-20%", width: "140%", height: "150%" },
      s("feDropShadow", { dx: 0, dy: shadow.dy, stdDeviation: shadow.blur, "flood-color": "#1c2a22", "flood-opacity": shadow.opacity }),
    ),
    pattern,
  );
  const felt = s("rect", { class: "board-grid", x: 0, y: 0, width: "100%", height: "100%", fill: `url(#${grid.id})` });
  const camera = s("g", { class: "camera" });
  const layers = {};
  for (const name of spec.layers) {
    layers[name] = s("g", name === "tiles" ? { class: "layer-tiles" } : { class: `layer-${name}`, "aria-hidden": "true" });
    camera.append(layers[name]);
  }
  svg.replaceChildren(defs, felt, camera);
  if (spec.className) {
    svg.classList.add(spec.className);
    hooks.signal?.addEventListener("abort", () => svg.classList.remove(spec.className));
  }

  const size = () => svgSize(svg);
  const drawn = {}; // what each layer shows, to redraw only what changed

  function cellAt(clientX, clientY) {
    const point = pointAt(svg, camera, unit, clientX, clientY);
    return point && spec.cellAtPoint(point.x, point.y);
  }

  /** Put the camera where `view` says; the CSS learns the zoom (--px, .far). */
  function frame(view) {
    svg.classList.toggle("far", view.scale < spec.farScale);
    const { width, height } = size();
    const k = view.scale / unit;
    const tx = width / 2 - view.cx * view.scale;
    const ty = height / 2 - view.cy * view.scale;
    const transform = `translate(${tx.toFixed(2)},${ty.toFixed(2)}) scale(${k.toFixed(5)})`;
    camera.setAttribute("transform", transform);
    pattern.setAttribute("patternTransform", transform);
    unitsPerPixel(svg, unit / view.scale);
  }

  /** Whether what `name` shows is no longer `value` (remembered from now on). */
  function changed(name, value) {
    if (Object.hasOwn(drawn, name) && drawn[name] === value) return false;
    drawn[name] = value;
    return true;
  }

  /**
   * Draw the placed tiles again when the list changed: `drawTile(placement, attributes)`
   * draws one, `tileName(placement)` names it for screen readers. The tile just laid
   * slides in. Returns whether it drew.
   */
  function drawTiles(scene, drawTile, tileName) {
    const before = Object.hasOwn(drawn, "tiles") ? drawn.tiles : null;
    if (!changed("tiles", scene.tiles)) return false;
    const added = justAdded(before, scene.tiles, scene.lastPlaced);
    const label = (placement) => t("{tile} at column {x}, row {y}", { tile: tileName(placement), x: placement.x, y: placement.y });
    layers.tiles.replaceChildren(
      ...scene.tiles.map((placement) => drawTile(placement, { role: "img", filter: "url(#tile-shadow)", "aria-label": label(placement) })),
    );
    if (added) slideIn(layers.tiles.lastElementChild);
    return true;
  }

  wireGestures(svg, {
    view: hooks.view,
    changed: hooks.changed,
    tap: (clientX, clientY, pointerType) => {
      const cell = cellAt(clientX, clientY);
      // A finger or a pen has no hover to show the ghost first: the placing controller asks twice.
      if (cell) hooks.tap(cell, { touch: pointerType !== "mouse" });
    },
    hover: (clientX, clientY) => hooks.hover(clientX === null ? null : cellAt(clientX, clientY)),
    signal: hooks.signal,
  });

  return { layers, frame, changed, drawTiles, cellAt, size, svg };
}

/** The placement just laid, when `after` is `before` and one tile more, that tile being `last`. */
export function justAdded(before, after, last) {
  if (!before || !last || after.length !== before.length + 1) return null;
  const tile = after.at(-1);
  return tile.x === last.x && tile.y === last.y && tile.tile === last.tile ? tile : null;
}

/** A tile just laid slides in a little and settles (CSS: .just-laid; nothing with reduced motion). */
export function slideIn(node, from = { x: 0, y: 18 }) {
  if (!node || window.matchMedia?.("(prefers-reduced-motion: reduce)").matches) return;
  node.classList.add("just-laid");
  node.style.setProperty("--from-x", `${from.x}px`);
  node.style.setProperty("--from-y", `${from.y}px`);
  node.addEventListener("animationend", () => node.classList.remove("just-laid"), { once: true });
}
