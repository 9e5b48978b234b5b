// Chromino's board: its square grid on the shared surface (board/surface.js), the
// tiles of three squares, the last one laid framed, the targets in miniature with
// their points, and the ghost. The camera's unit is a square. It knows no rules.
import { keepInView } from "../../board/camera.js";
import { mountSurface } from "../../board/surface.js";
import { s } from "../../svg.js";
import { CELL, DIRS, bounds, cellsOf, centreOf, drawTile, tileLabel } from "./tiles.js";

const TARGET_BOX = 96; // board units a side of a place's box: the cell it fills, which a tap must hit

const SURFACE = {
  unit: CELL,
  shadow: { dy: 4, blur: 4, opacity: 0.28 },
  grid: { id: "board-grid", width: CELL, height: CELL, dots: [[0, 0], [CELL, 0], [0, CELL], [CELL, CELL]] },
  layers: ["tiles", "marks", "targets", "ghost"],
  cellAtPoint: (x, y) => ({ x: Math.floor(x), y: Math.floor(y) }),
  farScale: 18, // pixels a square
};

/** Chromino's board as the shared placing controller and replay take it (board/placing.js). */
export const chrominoBoard = {
  mount: mountChrominoBoard,
  /** The camera box around the tiles and the turn's places (legal entries are placements). */
  fitBox: (tiles, places) => (tiles.length ? bounds([...tiles, ...places]) : null),
  fitMargin: 2,
  replayMargin: 1.2,
  /** A cell's middle in camera units (a unit is a square). */
  middleOf: (cell) => ({ x: cell.x + 0.5, y: cell.y + 0.5 }),
  cellAtPoint: SURFACE.cellAtPoint,
  /** A place's box fills its cell but a sliver (TARGET_BOX board units of CELL). */
  tapSize: TARGET_BOX / CELL,
  /** Bring a tile just laid into sight: both of its ends. */
  showPlaced(view, placement, width, height) {
    const box = bounds([placement]);
    keepInView(view, box.minX, box.minY, width, height, 0.5);
    keepInView(view, box.maxX, box.maxY, width, height, 0.5);
  },
};

/**
 * Attach the board to an <svg>; `hooks` as board/surface.js's mountSurface takes them.
 * Returns {draw(scene), cellAt(clientX, clientY), size(), svg}; a scene is
 * {view, tiles, lastPlaced, targets, ghost}, and unchanged layers are kept.
 */
export function mountChrominoBoard(svg, hooks) {
  const surface = mountSurface(svg, SURFACE, hooks);
  const { layers } = surface;

  function draw(scene) {
    surface.frame(scene.view);
    surface.drawTiles(scene, drawTile, (placement) => tileLabel(cellsOf(placement).map((cell) => cell.letter).join("")));
    if (surface.changed("last", scene.lastPlaced ? JSON.stringify(scene.lastPlaced) : null)) {
      layers.marks.replaceChildren(...(scene.lastPlaced ? [lastMark(scene.lastPlaced)] : []));
    }
    if (surface.changed("targets", scene.targets)) {
      // Every footprint under every box, so that no footprint hides a place's box.
      const shown = scene.targets || [];
      layers.targets.replaceChildren(...shown.map(drawFootprint), ...shown.map(drawTarget));
    }
    // One ghost, or several (the replay: the move made and the coach's, side by side).
    const ghosts = [].concat(scene.ghost || []);
    if (surface.changed("ghost", ghosts.length ? JSON.stringify(ghosts) : null)) {
      layers.ghost.replaceChildren(...ghosts.map(drawGhost));
    }
  }

  return { draw, cellAt: surface.cellAt, size: surface.size, svg };
}

/** The last move: a frame hugging the tile (over its edge, clear of its squares' middles),
 * light cyan on a dark casing (a colour no palette's squares have), and a tab on its
 * corner, so it reads at any zoom. */
function lastMark(placement) {
  const box = bounds([placement]);
  const x = box.minX * CELL - 4;
  const y = box.minY * CELL - 4;
  const frame = { x, y, width: (box.maxX - box.minX + 1) * CELL + 8, height: (box.maxY - box.minY + 1) * CELL + 8, rx: 18 };
  return s(
    "g",
    { class: "last-placed", "data-x": placement.x, "data-y": placement.y },
    s("rect", { class: "last-casing", ...frame }),
    s("rect", { class: "last-frame", ...frame }),
    s("circle", { class: "last-tab", cx: x + 6, cy: y + 6, r: 13 }),
  );
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
    s("rect", { class: "target-outline", x: cx - TARGET_BOX / 2, y: cy - TARGET_BOX / 2, width: TARGET_BOX, height: TARGET_BOX, rx: 14 }),
    mini,
    hasPoints ? pointsBadge(badgeX, badgeY, target.points, { small: true }) : null,
  );
}

const FOOTPRINT_INSET = (CELL - TARGET_BOX) / 2; // the footprint's sides run along its place's box

/**
 * The squares a place's tile would cover, before any hover: a dashed line around its
 * three squares. Only a picture: a finger's tap counts on the place's box alone.
 */
function drawFootprint(target) {
  const box = bounds([target.placement]);
  return s("rect", {
    class: "footprint",
    x: box.minX * CELL + FOOTPRINT_INSET,
    y: box.minY * CELL + FOOTPRINT_INSET,
    width: (box.maxX - box.minX + 1) * CELL - 2 * FOOTPRINT_INSET,
    height: (box.maxY - box.minY + 1) * CELL - 2 * FOOTPRINT_INSET,
    rx: 14,
    "data-x": target.cell.x,
    "data-y": target.cell.y,
  });
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
