// Placing a tile, read without a page: the placing state's changes
// (static/js/board/placing-state.js) and where the camera goes to show the picked
// tile's places (static/js/board/sight.js), on a toy board of unit squares whose
// places are single cells and whose tiles turn two ways ("A" and "B").
import assert from "node:assert/strict";
import { test } from "node:test";

import { createView } from "../../static/js/board/camera.js";
import * as placing from "../../static/js/board/placing-state.js";
import { fitForFinger, inSight, overflow, showPlaces, visibleArea } from "../../static/js/board/sight.js";
import { notATarget } from "../../static/js/game/texts.js";

const board = {
  fitBox(tiles, places) {
    const all = [...tiles, ...places];
    if (!all.length) return null;
    const xs = all.map((cell) => cell.x);
    const ys = all.map((cell) => cell.y);
    return { minX: Math.min(...xs), maxX: Math.max(...xs), minY: Math.min(...ys), maxY: Math.max(...ys) };
  },
  fitMargin: 1,
  tapSize: 1,
  middleOf: (cell) => ({ x: cell.x + 0.5, y: cell.y + 0.5 }),
  cellAtPoint: (x, y) => ({ x: Math.floor(x), y: Math.floor(y) }),
};

const current = (state) =>
  (state.legal || [])
    .filter((entry) => entry.tile === state.picked && entry.dir === state.orientation)
    .map((entry) => ({ placement: entry, cell: { x: entry.x, y: entry.y }, points: entry.points }));
const targets = {
  current,
  at: (state, cell) => current(state).find((target) => target.cell.x === cell.x && target.cell.y === cell.y) ?? null,
  ghostScene(state) {
    if (!state.picked || !state.ghost) return null;
    const target = this.at(state, state.ghost);
    if (target) return { placement: target.placement, status: "target", points: target.points };
    const taken = (state.game.board || []).some((tile) => placing.sameCell(tile, state.ghost));
    return { placement: { ...state.ghost }, status: state.legal ? "off" : taken ? "taken" : "free" };
  },
  placementAt: (tile, dir, cell) => ({ tile, dir, ...cell }),
};
const game = { board, targets, upright: "A", words: { placeWorth: (scene) => `+${scene.points}` } };
const TURN = { A: "B", B: "A" };

function playing(legal = [], fields = {}) {
  return {
    seat: 0,
    game: { current: 0, finished: false, board: [{ x: 0, y: 0 }] },
    legal,
    picked: null,
    orientation: "A",
    ghost: null,
    pending: null,
    error: "",
    view: createView(),
    ...fields,
  };
}

const LEGAL = [
  { tile: "t", dir: "A", x: 1, y: 0, points: 3 },
  { tile: "t", dir: "A", x: 5, y: 0, points: 1 },
  { tile: "t", dir: "B", x: -1, y: 0, points: 2 },
];

test("picking a tile puts it upright with no ghost; picking it again changes nothing", () => {
  const state = playing(LEGAL, { error: "old" });
  assert.equal(placing.pickTile(state, game, "t"), true);
  assert.deepEqual([state.picked, state.orientation, state.ghost, state.error], ["t", "A", null, ""]);
  state.ghost = { x: 1, y: 0 };
  assert.equal(placing.pickTile(state, game, "t"), false);
  assert.deepEqual(state.ghost, { x: 1, y: 0 });
  placing.unpick(state, game);
  assert.deepEqual([state.picked, state.ghost], [null, null]);
});

test("turning keeps the ghost on the nearest target of the new way", () => {
  const state = playing(LEGAL, { picked: "t", ghost: { x: 1, y: 0 } });
  placing.turnTile(state, game, TURN);
  assert.equal(state.orientation, "B");
  assert.deepEqual(state.ghost, { x: -1, y: 0 });
});

test("the arrows move the ghost from target to target, and say when none lies that way", () => {
  const state = playing(LEGAL, { picked: "t", ghost: { x: 1, y: 0 } });
  assert.equal(placing.ghostToward(state, game, 1, 0), true);
  assert.deepEqual(state.ghost, { x: 5, y: 0 });
  assert.equal(placing.ghostToward(state, game, 1, 0), false);
  assert.deepEqual(state.ghost, { x: 5, y: 0 });
  const free = playing(null, { picked: "t", ghost: { x: 2, y: 2 } });
  placing.ghostToward(free, game, 0, -1);
  assert.deepEqual(free.ghost, { x: 2, y: 1 });
});

test("the ghost goes where the pointer designates, and says whether it moved", () => {
  const state = playing(LEGAL, { picked: "t" });
  assert.equal(placing.ghostOn(state, game, { x: 5, y: 0 }), true);
  assert.equal(placing.ghostOn(state, game, { x: 5, y: 0 }), false);
  assert.equal(placing.ghostOn(state, game, null), true);
  assert.equal(state.ghost, null);
});

test("laying: a listed place sends its placement, another is refused with words", () => {
  const state = playing(LEGAL, { picked: "t" });
  assert.deepEqual(placing.layingAt(state, game, { x: 5, y: 0 }), { placement: LEGAL[1], cell: { x: 5, y: 0 } });
  assert.deepEqual(placing.layingAt(state, game, { x: 9, y: 9 }), { refused: true });
  assert.equal(state.error, notATarget());
  assert.deepEqual(state.ghost, { x: 9, y: 9 });
  assert.equal(placing.layingAt({ ...state, pending: { id: "c" } }, game, { x: 5, y: 0 }), null);
  assert.equal(placing.layingAt({ ...state, game: { ...state.game, current: 1 } }, game, { x: 5, y: 0 }), null);
});

test("with no list of places, a tile may go anywhere but over a tile", () => {
  const state = playing(null, { picked: "t" });
  assert.deepEqual(placing.layingAt(state, game, { x: 3, y: 3 }), { placement: { tile: "t", dir: "A", x: 3, y: 3 }, cell: { x: 3, y: 3 } });
  assert.deepEqual(placing.layingAt(state, game, { x: 0, y: 0 }), { refused: true });
  assert.match(state.error, /already there/);
});

test("Lay it here: enabled on a place, with its worth", () => {
  const state = playing(LEGAL, { picked: "t", ghost: { x: 1, y: 0 } });
  const scene = targets.ghostScene(state);
  assert.equal(placing.canLay(state, scene), true);
  assert.equal(placing.ghostWorth(scene, game.words), "+3");
  assert.equal(placing.canLay(state, { status: "off" }), false);
  assert.equal(placing.canLay({ ...state, pending: {} }, scene), false);
  assert.equal(placing.ghostWorth({ status: "off" }, game.words), null);
});

// --- the camera -----------------------------------------------------------------------

const SIZE = { width: 400, height: 300 };
const WHOLE = { left: 0, top: 0, right: 400, bottom: 300 };

test("the visible area leaves out the bar over the board's foot, unless too little would show", () => {
  const box = { left: 0, top: 100, right: 400, bottom: 400 };
  const screen = { width: 400, height: 700 };
  const dock = { top: 350, bottom: 420, height: 70 };
  assert.deepEqual(visibleArea(box, [dock], screen, 400, 300), { left: 0, top: 0, right: 400, bottom: 250 });
  const banner = { top: 0, bottom: 150, height: 150 };
  assert.deepEqual(visibleArea(box, [banner], screen, 400, 300), { left: 0, top: 50, right: 400, bottom: 300 });
  const scrolled = { left: 0, top: -250, right: 400, bottom: 50 };
  assert.deepEqual(visibleArea(scrolled, [], screen, 400, 300), WHOLE);
});

test("a box beyond the view is a pan by what sticks out, one wider than the view is centred", () => {
  const view = { cx: 0, cy: 0, scale: 40, follow: false }; // shows x from −5 to 5, y from −3.75 to 3.75
  assert.deepEqual(overflow(view, { minX: 0, maxX: 0, minY: 0, maxY: 0 }, WHOLE, SIZE.width, SIZE.height), { dx: 0, dy: 0 });
  assert.deepEqual(overflow(view, { minX: 6, maxX: 6, minY: 0, maxY: 0 }, WHOLE, SIZE.width, SIZE.height), { dx: 2.5, dy: 0 });
  assert.deepEqual(overflow(view, { minX: -20, maxX: 19, minY: 0, maxY: 0 }, WHOLE, SIZE.width, SIZE.height), { dx: 0, dy: 0 });
  assert.equal(inSight(view, { minX: 6, maxX: 6, minY: 0, maxY: 0 }, WHOLE, SIZE.width, SIZE.height), false);
});

test("places already in sight leave the camera where it is", () => {
  const view = { cx: 0, cy: 0, scale: 40, follow: false };
  showPlaces(view, { board, places: [{ x: 1, y: 0 }], turned: [{ x: 1, y: 0 }], area: WHOLE, ...SIZE, touch: false });
  assert.deepEqual(view, { cx: 0, cy: 0, scale: 40, follow: false });
});

test("places out of sight are panned into it as little as needed, at the player's zoom", () => {
  const view = { cx: -30, cy: 0, scale: 40, follow: false };
  const places = [{ x: 1, y: 0 }, { x: 3, y: 0 }];
  showPlaces(view, { board, places, turned: places, area: WHOLE, ...SIZE, touch: false });
  assert.equal(view.scale, 40);
  assert.ok(inSight(view, board.fitBox(places, []), WHOLE, SIZE.width, SIZE.height));
});

test("a finger gets places a finger's size at least", () => {
  const view = { cx: 2, cy: 0, scale: 10, follow: false };
  const places = [{ x: 1, y: 0 }, { x: 3, y: 0 }];
  showPlaces(view, { board, places, turned: places, area: WHOLE, ...SIZE, touch: true });
  assert.equal(view.scale, 46);
});

test("too many places to show at a readable size: the nearest of the way the tile is turned", () => {
  const places = [{ x: -40, y: 0, way: "B" }, { x: 40, y: 0, way: "A" }, { x: 60, y: 0, way: "A" }];
  const turned = places.filter((place) => place.way === "A");
  const view = { cx: -30, cy: 0, scale: 24, follow: false };
  showPlaces(view, { board, places, turned, area: WHOLE, ...SIZE, touch: false });
  // The place of the other way lay nearer; the one of this way is brought into sight.
  assert.ok(inSight(view, board.fitBox([places[1]], []), WHOLE, SIZE.width, SIZE.height), JSON.stringify(view));
  const still = { ...view };
  showPlaces(view, { board, places, turned, area: WHOLE, ...SIZE, touch: false });
  assert.deepEqual(view, still); // one in sight already: no move
});

test("a tile that fits nowhere the way it is turned: the nearest place of any way", () => {
  const places = [{ x: -40, y: 0 }, { x: 40, y: 0 }];
  const view = { cx: -30, cy: 0, scale: 24, follow: false };
  showPlaces(view, { board, places, turned: [], area: WHOLE, ...SIZE, touch: false });
  assert.ok(inSight(view, board.fitBox([places[0]], []), WHOLE, SIZE.width, SIZE.height));
});

test("a camera following the board on a phone fits the turn's places for a finger", () => {
  const view = { cx: 0, cy: 0, scale: 10, follow: true };
  fitForFinger(view, { board, places: [{ x: 0, y: 0 }, { x: 2, y: 1 }], ...SIZE, touch: true });
  assert.ok(view.scale >= 46);
  const far = { cx: 0, cy: 0, scale: 10, follow: true };
  fitForFinger(far, { board, places: [{ x: 0, y: 0 }, { x: 90, y: 0 }], ...SIZE, touch: true });
  assert.deepEqual(far, { cx: 0.5, cy: 0.5, scale: 46, follow: true });
  const mouse = { cx: 0, cy: 0, scale: 10, follow: true };
  fitForFinger(mouse, { board, places: [{ x: 0, y: 0 }], ...SIZE, touch: false });
  assert.equal(mouse.scale, 10);
});
