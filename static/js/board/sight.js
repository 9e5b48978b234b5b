// Where the camera goes so that a player sees where the picked tile can go: pure
// functions of the camera (board/camera.js), the places and what the screen leaves
// visible of the board. The placing controller (board/placing.js) measures the page
// and calls these; the unit tests under Node call them with figures.
//
// `board` is what they need of the game's board: fitBox(tiles, places) → a box in
// camera units ({minX, maxX, minY, maxY}, each max one unit short of its edge),
// fitMargin, middleOf(cell), and tapSize (camera units of a place's drawn box).
import { fitView } from "./camera.js";

export const TAP_PX = 46; // the smallest a place is drawn on a touch screen while the camera fits the board: 44 px and a margin
export const PLACE_MARGIN = 0.5; // camera units kept between a place brought into view and the edge of what shows
export const READABLE_PX = 24; // the smallest a camera unit is drawn to show a picked tile's places with a mouse

/**
 * The part of a `width`×`height` board (its own pixels, {left, top, right, bottom}) a
 * player sees and can tap: inside the window, clear of the overlays (their screen boxes:
 * one in the lower half bounds the area's foot, one in the upper half its top). `box` is
 * the board's screen box, `screen` the window's {width, height}. A board mostly out of
 * the window counts whole (the page scrolls to it; a tiny strip would zoom the board to nothing).
 */
export function visibleArea(box, overlays, screen, width, height) {
  let top = 0;
  let bottom = screen.height;
  for (const over of overlays) {
    if (over.height === 0 || over.bottom <= box.top || over.top >= box.bottom) continue;
    if (over.top + over.height / 2 > screen.height / 2) bottom = Math.min(bottom, over.top);
    else top = Math.max(top, over.bottom);
  }
  const area = {
    left: Math.max(0, -box.left),
    right: Math.min(width, screen.width - box.left),
    top: Math.max(0, top - box.top),
    bottom: Math.min(height, bottom - box.top),
  };
  const enough = area.right - area.left >= width / 2 && area.bottom - area.top >= height / 2;
  return enough ? area : { left: 0, top: 0, right: width, bottom: height };
}

/** Where `box` (camera units) lies beyond the visible `area` of the view, as a pan {dx, dy}
 * (a box wider than what shows is centred in it). */
export function overflow(view, box, area, width, height) {
  const margin = PLACE_MARGIN;
  const edge = (low, high, from, to, centre, size) => {
    const seenFrom = centre + (from - size / 2) / view.scale;
    const seenTo = centre + (to - size / 2) / view.scale;
    if (high - low > seenTo - seenFrom) return (low + high) / 2 - (seenFrom + seenTo) / 2;
    if (low < seenFrom) return low - seenFrom;
    if (high > seenTo) return high - seenTo;
    return 0;
  };
  return {
    dx: edge(box.minX - margin, box.maxX + 1 + margin, area.left, area.right, view.cx, width),
    dy: edge(box.minY - margin, box.maxY + 1 + margin, area.top, area.bottom, view.cy, height),
  };
}

/** Whether `box` shows whole in the visible area as the view stands. */
export function inSight(view, box, area, width, height) {
  const { dx, dy } = overflow(view, box, area, width, height);
  return dx === 0 && dy === 0;
}

/** The place of `among` whose box's middle lies nearest the board point `middle`. */
function nearestPlace(board, among, middle) {
  const distance = (place) => {
    const at = board.fitBox([place], []);
    return Math.hypot((at.minX + at.maxX + 1) / 2 - middle.x, (at.minY + at.maxY + 1) / 2 - middle.y);
  };
  return among.reduce((best, place) => (distance(place) < distance(best) ? place : best));
}

/**
 * Move `view` so that every place of the picked tile (`places`: whichever way it is
 * turned) shows whole in `area` of a `width`×`height` board: not at all if they do; else
 * panned as little as needed, zoomed out if they do not fit (never below a finger's size
 * with `touch`, nor below a readable size with a mouse); else, among the places of the
 * tile as it is turned now (`turned`, unless it fits nowhere that way), one already in
 * sight stays, or the one nearest the middle of the view comes into sight.
 */
export function showPlaces(view, { board, places, turned, area, width, height, touch }) {
  const all = board.fitBox(places, []);
  const least = touch ? TAP_PX / board.tapSize : READABLE_PX;
  // The zoom wanted: the player's own, but at a finger's size at least on a touch screen.
  const wanted = touch ? Math.max(view.scale, least) : view.scale;
  if (wanted === view.scale && inSight(view, all, area, width, height)) return;
  const spanX = all.maxX - all.minX + 1 + 2 * PLACE_MARGIN;
  const spanY = all.maxY - all.minY + 1 + 2 * PLACE_MARGIN;
  const whole = Math.min((area.right - area.left) / spanX, (area.bottom - area.top) / spanY);
  let box = all;
  if (whole >= wanted) {
    view.scale = wanted;
  } else if (whole >= least) {
    view.scale = whole;
  } else {
    const among = turned.length ? turned : places;
    const middle = {
      x: view.cx + ((area.left + area.right) / 2 - width / 2) / view.scale,
      y: view.cy + ((area.top + area.bottom) / 2 - height / 2) / view.scale,
    };
    view.scale = Math.max(wanted, least);
    if (among.some((place) => inSight(view, board.fitBox([place], []), area, width, height))) return;
    box = board.fitBox([nearestPlace(board, among, middle)], []);
  }
  const { dx, dy } = overflow(view, box, area, width, height);
  view.cx += dx;
  view.cy += dy;
}

/**
 * A camera that follows the board, fitted to it, when nothing is picked: too small for
 * a finger (`touch`) with places to tap (`places`, the turn's), it fits the places
 * alone, never below TAP_PX a place; the first one in the middle when they do not all
 * fit at that size (what does not fit is a swipe away).
 */
export function fitForFinger(view, { board, places, width, height, touch }) {
  const fingerScale = TAP_PX / board.tapSize;
  if (!touch || !places.length || view.scale >= fingerScale) return;
  fitView(view, board.fitBox(places, []), width, height, board.fitMargin);
  if (view.scale < fingerScale) {
    const first = board.middleOf(places[0]);
    view.scale = fingerScale;
    view.cx = first.x;
    view.cy = first.y;
  }
}
