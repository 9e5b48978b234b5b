// The board: an SVG renderer for placed tiles, targets and the ghost, and the
// view control around it (drag to pan, wheel and pinch to zoom, arrow and zoom
// buttons, fit). It knows no rules: the page hands it what to show.
import { s } from "./svg.js";
import { CELL, DIRS, bounds, cellsOf, centreOf, drawTile, tileLabel } from "./tiles.js";
import { t } from "./i18n.js";

const MIN_SCALE = 8; // pixels per cell, zoomed out
const MAX_SCALE = 140; // pixels per cell, zoomed in
const TAP_SLOP = 6; // pixels a pointer may move and still be a tap

/** A camera: which part of the unbounded board the SVG shows. */
export function createView() {
  return {
    cx: 1.5, // board x (in cells) shown at the middle of the SVG
    cy: 0.5, // board y (in cells) shown at the middle of the SVG
    scale: 56, // screen pixels per cell
    follow: true, // refit whenever the board grows, until the player moves the view by hand
  };
}

function clampScale(scale) {
  return Math.min(MAX_SCALE, Math.max(MIN_SCALE, scale));
}

/** Show the whole of `box` (cells, as from tiles.bounds) with a margin, in a width×height SVG. */
export function fitView(view, box, width, height, margin = 1.5) {
  if (!box || !width || !height) return;
  const spanX = box.maxX - box.minX + 1 + 2 * margin;
  const spanY = box.maxY - box.minY + 1 + 2 * margin;
  view.cx = (box.minX + box.maxX + 1) / 2;
  view.cy = (box.minY + box.maxY + 1) / 2;
  view.scale = clampScale(Math.min(width / spanX, height / spanY, 72));
}

/** Zoom by `factor` keeping the board point under screen point (px, py) in place. */
export function zoomAt(view, factor, px, py, width, height) {
  const scale = clampScale(view.scale * factor);
  const bx = view.cx + (px - width / 2) / view.scale;
  const by = view.cy + (py - height / 2) / view.scale;
  view.cx = bx - (px - width / 2) / scale;
  view.cy = by - (py - height / 2) / scale;
  view.scale = scale;
}

/** Move the view by (dx, dy) cells. */
export function panBy(view, dx, dy) {
  view.cx += dx;
  view.cy += dy;
}

/** Pan just enough that cell (x, y) is inside the view, `margin` cells from the edge. */
export function keepInView(view, x, y, width, height, margin = 1.5) {
  const halfW = width / 2 / view.scale - margin;
  const halfH = height / 2 / view.scale - margin;
  const px = x + 0.5;
  const py = y + 0.5;
  if (halfW > 0) {
    if (px < view.cx - halfW) view.cx = px + halfW;
    if (px > view.cx + halfW) view.cx = px - halfW;
  }
  if (halfH > 0) {
    if (py < view.cy - halfH) view.cy = py + halfH;
    if (py > view.cy + halfH) view.cy = py - halfH;
  }
}

/**
 * Attach a board to an <svg>. `hooks`:
 *   view()            → the camera object to read and move
 *   changed()         → called after the camera moved (request a redraw)
 *   tap(cell)         → a click or tap on a cell {x, y} (not a drag)
 *   hover(cell|null)  → a mouse over a cell, or leaving the board
 *   signal            → optional AbortSignal: its abort lets go of the <svg> (its
 *                       listeners stop), so another board may be mounted on it
 * Returns {draw(scene), cellAt(clientX, clientY), size(), svg}.
 */
export function mountBoard(svg, hooks) {
  const defs = s(
    "defs",
    {},
    s(
      "filter",
      { id: "tile-shadow", x: "-20%", y: "-20%", width: "140%", height: "150%" },
      s("feDropShadow", { dx: 0, dy: 4, stdDeviation: 4, "flood-color": "#1c2a22", "flood-opacity": 0.28 }),
    ),
    s(
      "pattern",
      { id: "board-grid", width: CELL, height: CELL, patternUnits: "userSpaceOnUse" },
      s("circle", { class: "grid-dot", cx: 0, cy: 0, r: 3 }),
      s("circle", { class: "grid-dot", cx: CELL, cy: 0, r: 3 }),
      s("circle", { class: "grid-dot", cx: 0, cy: CELL, r: 3 }),
      s("circle", { class: "grid-dot", cx: CELL, cy: CELL, r: 3 }),
    ),
  );
  const grid = s("rect", { class: "board-grid", x: 0, y: 0, width: "100%", height: "100%", fill: "url(#board-grid)" });
  const camera = s("g", { class: "camera" });
  const layers = {
    targets: s("g", { class: "layer-targets", "aria-hidden": "true" }),
    tiles: s("g", { class: "layer-tiles" }),
    marks: s("g", { class: "layer-marks", "aria-hidden": "true" }),
    ghost: s("g", { class: "layer-ghost", "aria-hidden": "true" }),
  };
  camera.append(layers.tiles, layers.marks, layers.targets, layers.ghost);
  svg.replaceChildren(defs, grid, camera);

  const drawn = { tiles: null, targets: null, ghostKey: null, lastKey: null };

  const size = () => svgSize(svg);

  function cellAt(clientX, clientY) {
    const point = pointAt(svg, hooks.view(), clientX, clientY);
    return point && { x: Math.floor(point.x), y: Math.floor(point.y) };
  }

  /** Draw a scene: {view, tiles, lastPlaced, targets, ghost}. Unchanged layers are kept. */
  function draw(scene) {
    const { width, height } = size();
    const view = scene.view;
    const k = view.scale / CELL;
    const tx = width / 2 - view.cx * view.scale;
    const ty = height / 2 - view.cy * view.scale;
    const transform = `translate(${tx.toFixed(2)},${ty.toFixed(2)}) scale(${k.toFixed(5)})`;
    camera.setAttribute("transform", transform);
    defs.querySelector("#board-grid").setAttribute("patternTransform", transform);
    svg.classList.toggle("far", view.scale < 18);
    unitsPerPixel(svg, CELL / view.scale);

    if (drawn.tiles !== scene.tiles) {
      const added = justAdded(drawn.tiles, scene.tiles, scene.lastPlaced);
      drawn.tiles = scene.tiles;
      layers.tiles.replaceChildren(
        ...scene.tiles.map((placement) =>
          drawTile(placement, {
            role: "img",
            filter: "url(#tile-shadow)",
            "aria-label": t("{tile} at column {x}, row {y}", {
              tile: tileLabel(cellsOf(placement).map((cell) => cell.letter).join("")),
              x: placement.x,
              y: placement.y,
            }),
          }),
        ),
      );
      if (added) slideIn(layers.tiles.lastElementChild, added);
    }
    const lastKey = scene.lastPlaced ? JSON.stringify(scene.lastPlaced) : null;
    if (drawn.lastKey !== lastKey) {
      drawn.lastKey = lastKey;
      layers.marks.replaceChildren();
      if (scene.lastPlaced) {
        // The last move: an orange frame hugging the tile (over its edge, clear of its
        // squares' middles) and a tab on its corner, so it reads at any zoom.
        const box = bounds([scene.lastPlaced]);
        const x = box.minX * CELL - 4;
        const y = box.minY * CELL - 4;
        layers.marks.append(
          s(
            "g",
            { class: "last-placed", "data-x": scene.lastPlaced.x, "data-y": scene.lastPlaced.y },
            s("rect", { class: "last-frame", x, y, width: (box.maxX - box.minX + 1) * CELL + 8, height: (box.maxY - box.minY + 1) * CELL + 8, rx: 18 }),
            s("circle", { class: "last-tab", cx: x + 6, cy: y + 6, r: 13 }),
          ),
        );
      }
    }
    if (drawn.targets !== scene.targets) {
      drawn.targets = scene.targets;
      layers.targets.replaceChildren(...(scene.targets || []).map(drawTarget));
    }
    const ghost = scene.ghost;
    const ghostKey = ghost ? JSON.stringify(ghost) : null;
    if (drawn.ghostKey !== ghostKey) {
      drawn.ghostKey = ghostKey;
      layers.ghost.replaceChildren();
      if (ghost) layers.ghost.append(drawGhost(ghost));
    }
  }

  wireGestures(svg, {
    view: hooks.view,
    changed: hooks.changed,
    tap: (clientX, clientY) => {
      const cell = cellAt(clientX, clientY);
      if (cell) hooks.tap(cell);
    },
    hover: (clientX, clientY) => hooks.hover(clientX === null ? null : cellAt(clientX, clientY)),
    signal: hooks.signal,
  });

  return { draw, cellAt, size, svg };
}

/** Tell the board's CSS how many board units make a screen pixel (--px), so that
 * outlines keep a visible width when the whole board is zoomed out. */
export function unitsPerPixel(svg, units) {
  const value = units.toFixed(3);
  if (svg.dataset.px !== value) {
    svg.dataset.px = value;
    svg.style.setProperty("--px", value);
  }
}

/** The placement just laid, when `after` is `before` and one tile more, that tile being `last`. */
export function justAdded(before, after, last) {
  if (!before || !last || after.length !== before.length + 1) return null;
  const tile = after.at(-1);
  return tile.x === last.x && tile.y === last.y && tile.tile === last.tile ? tile : null;
}

/** A tile just laid slides in a little and settles (CSS: .just-laid; nothing with reduced motion). */
export function slideIn(node, placement, from = { x: 0, y: 18 }) {
  if (!node || window.matchMedia?.("(prefers-reduced-motion: reduce)").matches) return;
  node.classList.add("just-laid");
  node.style.setProperty("--from-x", `${from.x}px`);
  node.style.setProperty("--from-y", `${from.y}px`);
  node.addEventListener("animationend", () => node.classList.remove("just-laid"), { once: true });
  void placement;
}

/** The size and place of an <svg> on the screen. */
export function svgSize(svg) {
  const box = svg.getBoundingClientRect();
  return { width: box.width, height: box.height, left: box.left, top: box.top };
}

/** The board point (in the camera's units) under a screen point, or null off the <svg>. */
export function pointAt(svg, view, clientX, clientY) {
  const { width, height, left, top } = svgSize(svg);
  const px = clientX - left;
  const py = clientY - top;
  if (px < 0 || py < 0 || px > width || py > height) return null;
  return { x: view.cx + (px - width / 2) / view.scale, y: view.cy + (py - height / 2) / view.scale };
}

/**
 * The pointer gestures of a board, whatever its geometry: drag to pan, pinch and wheel
 * to zoom, a tap, a mouse hovering; and a redraw when the <svg> changes size. `hooks`:
 *   view()                    → the camera to move
 *   changed()                 → the camera moved (request a redraw)
 *   tap(clientX, clientY)     → a click or tap that did not move
 *   hover(clientX, clientY)   → a mouse over the board; (null, null) when it leaves
 *   signal                    → optional AbortSignal that unwires it all
 */
export function wireGestures(svg, hooks) {
  const listen = { signal: hooks.signal };
  const size = () => svgSize(svg);

  const pointers = new Map(); // pointerId → {x, y} (client coordinates)
  let gesture = null; // {kind: "pan"|"pinch", ...} while a pointer is down

  function local(event) {
    const { left, top } = size();
    return { x: event.clientX - left, y: event.clientY - top };
  }

  function startGesture() {
    const view = hooks.view();
    const points = [...pointers.values()];
    if (points.length === 1) {
      gesture = { kind: "pan", start: points[0], last: points[0], moved: false };
    } else if (points.length >= 2) {
      const [a, b] = points;
      gesture = {
        kind: "pinch",
        distance: Math.hypot(a.x - b.x, a.y - b.y) || 1,
        scale: view.scale,
        mid: { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 },
        moved: true,
      };
    }
  }

  svg.addEventListener("pointerdown", (event) => {
    if (event.button !== 0 && event.pointerType === "mouse") return;
    pointers.set(event.pointerId, local(event));
    svg.setPointerCapture(event.pointerId);
    startGesture();
  }, listen);

  svg.addEventListener("pointermove", (event) => {
    if (!pointers.has(event.pointerId)) {
      if (event.pointerType === "mouse") hooks.hover(event.clientX, event.clientY);
      return;
    }
    pointers.set(event.pointerId, local(event));
    const view = hooks.view();
    const { width, height } = size();
    if (gesture?.kind === "pan") {
      const point = pointers.get(event.pointerId);
      if (!gesture.moved && Math.hypot(point.x - gesture.start.x, point.y - gesture.start.y) < TAP_SLOP) return;
      gesture.moved = true;
      panBy(view, -(point.x - gesture.last.x) / view.scale, -(point.y - gesture.last.y) / view.scale);
      gesture.last = point;
      view.follow = false;
      svg.classList.add("panning");
      hooks.changed();
    } else if (gesture?.kind === "pinch") {
      const [a, b] = [...pointers.values()];
      const distance = Math.hypot(a.x - b.x, a.y - b.y) || 1;
      const mid = { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 };
      // Keep the board point that was under the fingers' midpoint under it.
      const bx = view.cx + (gesture.mid.x - width / 2) / view.scale;
      const by = view.cy + (gesture.mid.y - height / 2) / view.scale;
      view.scale = clampScale((gesture.scale * distance) / gesture.distance);
      view.cx = bx - (mid.x - width / 2) / view.scale;
      view.cy = by - (mid.y - height / 2) / view.scale;
      gesture.mid = mid;
      gesture.scale = view.scale;
      gesture.distance = distance;
      view.follow = false;
      hooks.changed();
    }
  }, listen);

  function endPointer(event, cancelled) {
    if (!pointers.has(event.pointerId)) return;
    const wasTap = gesture?.kind === "pan" && !gesture.moved && pointers.size === 1 && !cancelled;
    pointers.delete(event.pointerId);
    svg.classList.remove("panning");
    if (wasTap) hooks.tap(event.clientX, event.clientY);
    if (pointers.size) startGesture();
    else gesture = null;
  }
  svg.addEventListener("pointerup", (event) => endPointer(event, false), listen);
  svg.addEventListener("pointercancel", (event) => endPointer(event, true), listen);
  svg.addEventListener("pointerleave", (event) => {
    if (event.pointerType === "mouse" && !pointers.size) hooks.hover(null, null);
  }, listen);

  svg.addEventListener(
    "wheel",
    (event) => {
      event.preventDefault();
      const view = hooks.view();
      const { width, height } = size();
      const point = local(event);
      const delta = event.deltaMode === 1 ? event.deltaY * 16 : event.deltaY;
      zoomAt(view, Math.exp(-delta * 0.0015), point.x, point.y, width, height);
      view.follow = false;
      hooks.changed();
    },
    { passive: false, ...listen },
  );

  const resized = new ResizeObserver(() => hooks.changed());
  resized.observe(svg);
  hooks.signal?.addEventListener("abort", () => resized.disconnect());

}

const MINI = 30; // board units a square of a target's miniature: three fit in one cell

/**
 * A highlighted target, all inside the cell under the tile's middle (so targets never
 * overlap): a soft pulsing cell, the tile in miniature as it would lie (its colours,
 * its direction) and its points above. The full tile shows as the ghost on hover.
 */
function drawTarget(target) {
  const centre = centreOf(target.placement);
  const cx = (centre.x + 0.5) * CELL;
  const cy = (centre.y + 0.5) * CELL;
  const [dx, dy] = DIRS[target.placement.dir];
  const letters = cellsOf(target.placement).map((cell) => cell.letter);
  const horizontal = dy === 0;
  const length = 3 * MINI;
  const squares = letters.map((letter, i) =>
    s("rect", {
      class: `square c-${letter}`,
      x: cx + (i - 1) * dx * MINI - MINI / 2,
      y: cy + (i - 1) * dy * MINI - MINI / 2,
      width: MINI,
      height: MINI,
    }),
  );
  const mini = s(
    "g",
    { class: "target-dot target-mini" },
    ...squares,
    s("rect", {
      class: "mini-edge",
      x: cx - (horizontal ? length : MINI) / 2,
      y: cy - (horizontal ? MINI : length) / 2,
      width: horizontal ? length : MINI,
      height: horizontal ? MINI : length,
      rx: 6,
    }),
  );
  const hasPoints = target.points !== undefined && target.points !== null;
  // Above a lying miniature, beside a standing one.
  const badgeY = horizontal ? cy - 33 : cy;
  const badgeX = horizontal ? cx : cx + MINI / 2 + 3 + badgeWidth(target.points, true) / 2;
  return s(
    "g",
    { class: "target", "data-x": centre.x, "data-y": centre.y },
    s("rect", { class: "target-outline", x: cx - 46, y: cy - 46, width: 92, height: 92, rx: 14 }),
    mini,
    hasPoints ? pointsBadge(badgeX, badgeY, target.points, { small: true }) : null,
  );
}

function badgeWidth(points, small) {
  const text = `+${points}`;
  return small ? 10 + 11 * text.length : 26 + 14 * text.length;
}

function pointsBadge(cx, cy, points, { small = false } = {}) {
  const text = `+${points}`;
  const height = small ? 26 : 38;
  const width = badgeWidth(points, small);
  return s(
    "g",
    { class: small ? "points-badge small" : "points-badge" },
    s("rect", { x: cx - width / 2, y: cy - height / 2, width, height, rx: height / 2 }),
    s("text", { x: cx, y: cy + 1, "text-anchor": "middle", "dominant-baseline": "middle" }, text),
  );
}

/** The ghost: the picked tile where it would land, in its true colours, outlined by its standing. */
function drawGhost(ghost) {
  const group = drawTile(ghost.placement, { class: `ghost ghost-${ghost.status}` });
  const centre = centreOf(ghost.placement);
  const cx = (centre.x + 0.5) * CELL;
  const cy = (centre.y + 0.5) * CELL;
  const wrap = s("g", { class: "ghost-wrap" }, group);
  if (ghost.points !== undefined && ghost.points !== null) wrap.append(pointsBadge(cx, cy - 30, ghost.points));
  return wrap;
}

/**
 * Wire the toolbar under a board (the [data-pan] arrows, #zoom-in, #zoom-out, #fit)
 * to `view`. Arrows move the view; with `reversed` they move the board instead.
 * Returns the same three moves, for keyboard shortcuts. An AbortSignal in `signal`
 * unwires them (when another board takes the page's place).
 */
export function wireViewControls(board, view, { reversed, onChange, signal }) {
  const listen = { signal };
  function pan(direction) {
    const { width, height } = board.size();
    const sign = reversed ? -1 : 1;
    const stepX = Math.max(1, Math.round(width / view.scale / 4));
    const stepY = Math.max(1, Math.round(height / view.scale / 4));
    const moves = { left: [-stepX, 0], right: [stepX, 0], up: [0, -stepY], down: [0, stepY] };
    const [dx, dy] = moves[direction];
    panBy(view, sign * dx, sign * dy);
    view.follow = false;
    onChange();
  }
  function zoom(factor) {
    const { width, height } = board.size();
    zoomAt(view, factor, width / 2, height / 2, width, height);
    view.follow = false;
    onChange();
  }
  function fit() {
    view.follow = true;
    onChange();
  }
  for (const button of document.querySelectorAll("[data-pan]")) {
    button.addEventListener("click", () => pan(button.dataset.pan), listen);
  }
  document.getElementById("zoom-in").addEventListener("click", () => zoom(1.25), listen);
  document.getElementById("zoom-out").addEventListener("click", () => zoom(0.8), listen);
  document.getElementById("fit").addEventListener("click", fit, listen);
  return { pan, zoom, fit };
}
