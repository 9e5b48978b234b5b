// The Triominos board: its triangular grid on the shared surface (board/surface.js),
// with the tile laid last outlined, the highlighted targets (with their points and
// bonus) and the ghost of the picked tile. The camera and the gestures are the shared
// ones (board/); the geometry is geometry.js's. It knows no rules.
import { keepInView } from "../../board/camera.js";
import { mountSurface } from "../../board/surface.js";
import { s } from "../../svg.js";
import { EDGE, ROW, UNIT, boardCentre, cameraBox, cellAtPoint, cellPolygon, centreOf, isUp, pointsAttribute } from "./geometry.js";
import { bonusParts } from "./texts.js";
import { drawTile, tileLabel } from "./tiles.js";

const SMALL_SCALE = 26; // below this the numbers' dots would be specks: the digits say it
const ROW_HEIGHT = ROW * UNIT;
const LAST_OUTSET = 3; // board units the last tile's frame lies outside its triangle (over its edge)
const TARGET_INSET = 7; // board units a place's outline is drawn inside its triangle
const CORNER_TO_MIDDLE = EDGE / Math.sqrt(3); // how far a triangle's corner is from its middle

const SURFACE = {
  unit: UNIT,
  shadow: { dy: 3, blur: 3, opacity: 0.3 },
  // The corner points of the grid: (u, v) with u + v odd, every edge and every row.
  grid: {
    id: "tri-grid",
    width: EDGE,
    height: 2 * ROW_HEIGHT,
    dots: [[UNIT, 0], [0, ROW_HEIGHT], [EDGE, ROW_HEIGHT], [UNIT, 2 * ROW_HEIGHT]],
  },
  layers: ["origin", "tiles", "marks", "targets", "ghost"],
  cellAtPoint,
  farScale: 14, // pixels a half edge
  className: "tri-board",
};

/** Where the camera looks before anything is laid: the first tile's cell, (0, 0). */
export function originBox() {
  return cameraBox([{ x: 0, y: 0 }]);
}

/** The camera box of what a position shows (tiles and targets), or the origin's. */
export function boxOf(cells) {
  return cells.length ? cameraBox(cells) : originBox();
}

/** The triangular board as the shared placing controller and replay take it (board/placing.js). */
export const triominosBoard = {
  mount: mountTriBoard,
  /** The camera box around the tiles and the turn's places, or the starting triangle's. */
  fitBox: (tiles, places) => boxOf([...tiles, ...places]),
  fitMargin: 1.2,
  replayMargin: 1.2,
  /** A cell's middle in camera units (half edges across, rows of √3 down). */
  middleOf: (cell) => centreOf(cell.x, cell.y),
  cellAtPoint,
  /** A place is its triangle drawn a little inside the cell: its height, the shorter side of its box. */
  tapSize: ROW * (1 - (2 * TARGET_INSET) / CORNER_TO_MIDDLE), // an inset of d moves a corner 2d
  /** Bring a tile just laid into sight: its triangle's middle. */
  showPlaced(view, placement, width, height) {
    const middle = centreOf(placement.x, placement.y);
    keepInView(view, middle.x - 0.5, middle.y - 0.5, width, height, 2);
  },
};

/**
 * Attach the board to an <svg>; `hooks` as board/surface.js's mountSurface takes them.
 * Returns {draw(scene), cellAt(clientX, clientY), size(), svg}; a scene is
 * {view, tiles, lastPlaced, targets, ghost}, and unchanged layers are kept.
 */
export function mountTriBoard(svg, hooks) {
  const surface = mountSurface(svg, SURFACE, hooks);
  const { layers } = surface;

  function draw(scene) {
    surface.frame(scene.view);
    svg.classList.toggle("small", scene.view.scale < SMALL_SCALE);
    const empty = scene.tiles.length === 0;
    if (surface.changed("empty", empty)) {
      // Before the first tile: where it goes (the rules' fixed start, not a hint).
      layers.origin.replaceChildren(
        ...(empty ? [s("polygon", { class: "tri-origin", points: pointsAttribute(cellPolygon(0, 0, 4)) })] : []),
      );
    }
    const tilesChanged = surface.drawTiles(scene, drawTile, (placement) => tileLabel(placement.tile));
    const lastChanged = surface.changed("last", scene.lastPlaced ? JSON.stringify(scene.lastPlaced) : null);
    if (lastChanged) {
      const last = scene.lastPlaced;
      layers.marks.replaceChildren(...(last?.figure ? [figureMark(last.figure)] : []), ...(last ? [lastMark(last)] : []));
    }
    if (tilesChanged || lastChanged) {
      // The tile laid last is named so on the board (its face keeps its colour).
      layers.tiles.querySelector(".is-last")?.classList.remove("is-last");
      if (scene.lastPlaced) {
        const { x, y } = scene.lastPlaced;
        layers.tiles.querySelector(`.tri-tile[data-x="${x}"][data-y="${y}"]`)?.classList.add("is-last");
      }
    }
    const targetsChanged = surface.changed("targets", scene.targets);
    if (targetsChanged) {
      // A place making a figure last, so its larger badge lies over its neighbours'.
      const shown = [...(scene.targets || [])].sort((a, b) => Boolean(a.figure) - Boolean(b.figure));
      layers.targets.replaceChildren(...shown.map(drawTarget));
    }
    // One ghost, or several (the replay: the move made and the coach's, side by side).
    const ghosts = [].concat(scene.ghost || []);
    const ghost = ghosts[0];
    if (surface.changed("ghost", ghosts.length ? JSON.stringify(ghosts) : null) || targetsChanged) {
      layers.ghost.replaceChildren(...ghosts.map(drawGhost));
      // The target under the ghost keeps quiet: its badge would hide the ghost's numbers.
      layers.targets.querySelector(".under-ghost")?.classList.remove("under-ghost");
      if (ghost) {
        const { x, y } = ghost.placement;
        layers.targets.querySelector(`.target[data-x="${x}"][data-y="${y}"]`)?.classList.add("under-ghost");
      }
    }
  }

  return { draw, cellAt: surface.cellAt, size: surface.size, svg };
}

/** The tile laid last, marked as Chromino's is: its face and numbers in full colour, a
 * frame over its edge, light cyan on a dark casing (a colour no palette's numbers have),
 * and a tab on the middle of its side opposite its point (clear of the corners'
 * numbers), so it reads as laid, not as a see-through place to lay a tile. */
function lastMark({ x, y }) {
  const corners = cellPolygon(x, y, -LAST_OUTSET);
  const points = pointsAttribute(corners);
  const tab = { x: (corners[1].x + corners[2].x) / 2, y: (corners[1].y + corners[2].y) / 2 };
  return s(
    "g",
    { class: "last-placed tri-last", "data-x": x, "data-y": y },
    s("polygon", { class: "last-casing", points }),
    s("polygon", { class: "last-frame tri-last-outline", points }),
    s("circle", { class: "last-tab", cx: tab.x.toFixed(2), cy: tab.y.toFixed(2), r: 13 }),
  );
}

/** The hexagon or bridge the tile laid last made: its cells outlined while it is the last
 * tile (pulsing twice as it appears; without motion, simply there). */
function figureMark({ name, cells }) {
  const rim = outerEdges(cells)
    .map(([a, b]) => `M${a.x.toFixed(1)} ${a.y.toFixed(1)}L${b.x.toFixed(1)} ${b.y.toFixed(1)}`)
    .join("");
  return s(
    "g",
    { class: "figure-mark", "data-figure": name, "data-testid": "figure-mark" },
    ...cells.map(([cx, cy]) => s("polygon", { class: "figure-cell", points: pointsAttribute(cellPolygon(cx, cy)) })),
    s("path", { class: "figure-rim", d: rim }),
  );
}

/** The sides of a group of cells that no two of them share: the figure's outline (a hexagon's
 * six sides; a bridge's two shapes meeting at a point). */
function outerEdges(cells) {
  const sides = new Map();
  for (const [x, y] of cells) {
    const corners = cellPolygon(x, y);
    corners.forEach((a, i) => {
      const b = corners[(i + 1) % 3];
      const key = [a, b].map((point) => `${Math.round(point.x)},${Math.round(point.y)}`).sort().join(" ");
      sides.set(key, sides.has(key) ? null : [a, b]);
    });
  }
  return [...sides.values()].filter(Boolean);
}

/** Where a cell's badge and dot go: the dot towards its point, the badge towards its base. */
function badgePlaces(x, y) {
  const middle = boardCentre(x, y);
  const towardsBase = isUp(x, y) ? 1 : -1;
  return {
    dot: { x: middle.x, y: middle.y - towardsBase * 18 },
    badge: { x: middle.x, y: middle.y + towardsBase * 38 }, // on the base: clear of the miniature's numbers
    towardsBase,
  };
}

const PREVIEW = 0.54; // a target's tile in miniature: this much of a tile, in the cell's middle

/** A highlighted place: the cell outlined and pulsing, the tile in miniature as it would lie
 * (its numbers where they would be), and its points (bonus named). */
function drawTarget(target) {
  const { x, y } = target.placement;
  const places = badgePlaces(x, y);
  const middle = boardCentre(x, y);
  const shrink = `translate(${middle.x.toFixed(2)} ${middle.y.toFixed(2)}) scale(${PREVIEW}) translate(${(-middle.x).toFixed(2)} ${(-middle.y).toFixed(2)})`;
  return s(
    "g",
    { class: "target tri-target", "data-x": x, "data-y": y, "data-rot": target.placement.rot },
    s("polygon", { class: "target-outline", points: pointsAttribute(cellPolygon(x, y, TARGET_INSET)) }),
    s("g", { class: "target-dot target-mini", transform: shrink }, drawTile(target.placement, { class: "mini-tile" })),
    target.points === undefined || target.points === null ? null : pointsBadge(places, target),
  );
}

/** "+43", and under it "3 + bridge 40" when the place makes a figure (the log's "+43 (3 + bridge 40)"). */
function pointsBadge(places, { points, figure, bonus }) {
  const { x, y } = places.badge;
  const main = `+${points}`;
  const width = 18 + 15 * main.length;
  const parts = [
    s("rect", { x: x - width / 2, y: y - 16, width, height: 32, rx: 16 }),
    s("text", { x, y: y + 1, "text-anchor": "middle", "dominant-baseline": "middle" }, main),
  ];
  if (figure) {
    const words = bonusParts(points, figure, bonus);
    const wide = 16 + 10.5 * words.length;
    const below = y + places.towardsBase * 30;
    parts.push(
      s("rect", { class: "figure-pill", x: x - wide / 2, y: below - 12, width: wide, height: 24, rx: 12 }),
      s("text", { class: "figure-text", x, y: below + 1, "text-anchor": "middle", "dominant-baseline": "middle" }, words),
    );
  }
  return s("g", { class: figure ? "points-badge has-figure" : "points-badge" }, ...parts);
}

/** The ghost: the picked tile where it would land, see-through (its points are on "Lay it here"). */
function drawGhost(ghost) {
  return s("g", { class: "ghost-wrap" }, drawTile(ghost.placement, { class: `ghost ghost-${ghost.status}` }));
}
