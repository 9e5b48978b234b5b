// The Triominos board: an SVG of triangles on the felt, with the tile laid last
// outlined, the highlighted targets (with their points and bonus) and the ghost of
// the picked tile. The camera and the gestures are board.js's (createView, fitView,
// keepInView, wireGestures); the geometry is geometry.js's. It knows no rules.
import { justAdded, pointAt, slideIn, svgSize, unitsPerPixel, wireGestures } from "../../board.js";
import { s } from "../../svg.js";
import { EDGE, ROW, UNIT, boardCentre, cameraBox, cellAtPoint, cellPolygon, isUp, pointsAttribute } from "./geometry.js";
import { figureName } from "./texts.js";
import { drawTile, tileLabel } from "./tiles.js";
import { t } from "../../i18n.js";

/** Where the camera looks before anything is laid: the first tile's cell, (0, 0). */
export function originBox() {
  return cameraBox([{ x: 0, y: 0 }]);
}

/** The camera box of what a position shows (tiles and targets), or the origin's. */
export function boxOf(cells) {
  return cells.length ? cameraBox(cells) : originBox();
}

/**
 * Attach the board to an <svg>. `hooks`: view(), changed(), tap(cell), hover(cell|null),
 * signal (see board.js's mountBoard). Returns {draw(scene), cellAt(clientX, clientY), size(), svg}.
 */
export function mountTriBoard(svg, hooks) {
  const rowHeight = ROW * UNIT;
  const defs = s(
    "defs",
    {},
    s(
      "filter",
      { id: "tile-shadow", x: "-20%", y: "-20%", width: "140%", height: "150%" },
      s("feDropShadow", { dx: 0, dy: 3, stdDeviation: 3, "flood-color": "#1c2a22", "flood-opacity": 0.3 }),
    ),
    // The corner points of the grid: (u, v) with u + v odd, every edge and every row.
    s(
      "pattern",
      { id: "tri-grid", width: EDGE, height: 2 * rowHeight, patternUnits: "userSpaceOnUse" },
      s("circle", { class: "grid-dot", cx: UNIT, cy: 0, r: 3 }),
      s("circle", { class: "grid-dot", cx: 0, cy: rowHeight, r: 3 }),
      s("circle", { class: "grid-dot", cx: EDGE, cy: rowHeight, r: 3 }),
      s("circle", { class: "grid-dot", cx: UNIT, cy: 2 * rowHeight, r: 3 }),
    ),
  );
  const grid = s("rect", { class: "board-grid", x: 0, y: 0, width: "100%", height: "100%", fill: "url(#tri-grid)" });
  const camera = s("g", { class: "camera" });
  const layers = {
    origin: s("g", { class: "layer-origin", "aria-hidden": "true" }),
    tiles: s("g", { class: "layer-tiles" }),
    marks: s("g", { class: "layer-marks", "aria-hidden": "true" }),
    targets: s("g", { class: "layer-targets", "aria-hidden": "true" }),
    ghost: s("g", { class: "layer-ghost", "aria-hidden": "true" }),
  };
  camera.append(layers.origin, layers.tiles, layers.marks, layers.targets, layers.ghost);
  svg.replaceChildren(defs, grid, camera);
  svg.classList.add("tri-board");
  hooks.signal?.addEventListener("abort", () => svg.classList.remove("tri-board"));

  const drawn = { tiles: null, targets: null, ghostKey: null, lastKey: null, empty: null };
  const size = () => svgSize(svg);

  function cellAt(clientX, clientY) {
    const point = pointAt(svg, hooks.view(), clientX, clientY);
    return point && cellAtPoint(point.x, point.y);
  }

  /** Draw a scene: {view, tiles, lastPlaced, targets, ghost}. Unchanged layers are kept. */
  function draw(scene) {
    const { width, height } = size();
    const view = scene.view;
    const k = view.scale / UNIT;
    const tx = width / 2 - view.cx * view.scale;
    const ty = height / 2 - view.cy * view.scale;
    const transform = `translate(${tx.toFixed(2)},${ty.toFixed(2)}) scale(${k.toFixed(5)})`;
    camera.setAttribute("transform", transform);
    defs.querySelector("#tri-grid").setAttribute("patternTransform", transform);
    svg.classList.toggle("far", view.scale < 14);
    svg.classList.toggle("small", view.scale < 26); // the numbers' dots would be specks: the digits say it
    unitsPerPixel(svg, UNIT / view.scale);

    const empty = scene.tiles.length === 0;
    if (drawn.empty !== empty) {
      drawn.empty = empty;
      // Before the first tile: where it goes (the rules' fixed start, not a hint).
      layers.origin.replaceChildren(
        ...(empty ? [s("polygon", { class: "tri-origin", points: pointsAttribute(cellPolygon(0, 0, 4)) })] : []),
      );
    }
    const tilesChanged = drawn.tiles !== scene.tiles;
    if (tilesChanged) {
      const added = justAdded(drawn.tiles, scene.tiles, scene.lastPlaced);
      drawn.tiles = scene.tiles;
      layers.tiles.replaceChildren(
        ...scene.tiles.map((placement) =>
          drawTile(placement, {
            role: "img",
            filter: "url(#tile-shadow)",
            "aria-label": t("{tile} at column {x}, row {y}", { tile: tileLabel(placement.tile), x: placement.x, y: placement.y }),
          }),
        ),
      );
      if (added) slideIn(layers.tiles.lastElementChild, added);
    }
    const lastKey = scene.lastPlaced ? JSON.stringify(scene.lastPlaced) : null;
    const lastChanged = drawn.lastKey !== lastKey;
    if (lastChanged) {
      drawn.lastKey = lastKey;
      layers.marks.replaceChildren();
      if (scene.lastPlaced) {
        const { x, y } = scene.lastPlaced;
        layers.marks.append(
          s(
            "g",
            { class: "last-placed tri-last", "data-x": x, "data-y": y },
            s("polygon", { class: "tri-last-outline", points: pointsAttribute(cellPolygon(x, y, 2.5)) }),
          ),
        );
      }
    }
    if (tilesChanged || lastChanged) {
      // The tile laid last also gets a warm face, under its numbers.
      layers.tiles.querySelector(".is-last")?.classList.remove("is-last");
      if (scene.lastPlaced) {
        const { x, y } = scene.lastPlaced;
        layers.tiles.querySelector(`.tri-tile[data-x="${x}"][data-y="${y}"]`)?.classList.add("is-last");
      }
    }
    const targetsChanged = drawn.targets !== scene.targets;
    if (targetsChanged) {
      drawn.targets = scene.targets;
      layers.targets.replaceChildren(...(scene.targets || []).map(drawTarget));
    }
    const ghost = scene.ghost;
    const ghostKey = ghost ? JSON.stringify(ghost) : null;
    if (drawn.ghostKey !== ghostKey || targetsChanged) {
      drawn.ghostKey = ghostKey;
      layers.ghost.replaceChildren();
      if (ghost) layers.ghost.append(drawGhost(ghost));
      // The target under the ghost keeps quiet: its badge would hide the ghost's numbers.
      layers.targets.querySelector(".under-ghost")?.classList.remove("under-ghost");
      if (ghost) {
        const { x, y } = ghost.placement;
        layers.targets.querySelector(`.target[data-x="${x}"][data-y="${y}"]`)?.classList.add("under-ghost");
      }
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
    s("polygon", { class: "target-outline", points: pointsAttribute(cellPolygon(x, y, 7)) }),
    s("g", { class: "target-dot target-mini", transform: shrink }, drawTile(target.placement, { class: "mini-tile" })),
    target.points === undefined || target.points === null ? null : pointsBadge(places, target),
  );
}

/** "+43", and under it "+40 bridge" when the place makes a figure. */
function pointsBadge(places, { points, figure, bonus }) {
  const { x, y } = places.badge;
  const main = `+${points}`;
  const width = 18 + 15 * main.length;
  const parts = [
    s("rect", { x: x - width / 2, y: y - 16, width, height: 32, rx: 16 }),
    s("text", { x, y: y + 1, "text-anchor": "middle", "dominant-baseline": "middle" }, main),
  ];
  if (figure) {
    const words = `+${bonus} ${figureName(figure)}`;
    const wide = 14 + 9.5 * words.length;
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
