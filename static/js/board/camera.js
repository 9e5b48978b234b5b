// The camera of a board: which part of the unbounded board an <svg> shows, and the
// conversions between screen pixels and the board's units. It knows no geometry: a
// game's board decides what one camera unit is (Chromino: a square; Triominos: half
// an edge across, a row down), and every board, live or replay, moves it the same way.

const MIN_SCALE = 8; // pixels per unit, zoomed out
const MAX_SCALE = 140; // pixels per unit, zoomed in
const FIT_MAX_SCALE = 72; // a small board fitted is not blown up beyond this

/** A camera: which part of the unbounded board the SVG shows. */
export function createView() {
  return {
    cx: 1.5, // board x (in units) shown at the middle of the SVG
    cy: 0.5, // board y (in units) shown at the middle of the SVG
    scale: 56, // screen pixels per unit
    follow: true, // refit whenever the board grows, until the player moves the view by hand
  };
}

export function clampScale(scale) {
  return Math.min(MAX_SCALE, Math.max(MIN_SCALE, scale));
}

/** Show the whole of `box` ({minX, maxX, minY, maxY}, each max one unit short of the edge)
 * with a margin, in a width×height SVG. */
export function fitView(view, box, width, height, margin = 1.5) {
  if (!box || !width || !height) return;
  const spanX = box.maxX - box.minX + 1 + 2 * margin;
  const spanY = box.maxY - box.minY + 1 + 2 * margin;
  view.cx = (box.minX + box.maxX + 1) / 2;
  view.cy = (box.minY + box.maxY + 1) / 2;
  view.scale = clampScale(Math.min(width / spanX, height / spanY, FIT_MAX_SCALE));
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

/** Move the view by (dx, dy) units. */
export function panBy(view, dx, dy) {
  view.cx += dx;
  view.cy += dy;
}

/** Pan just enough that the unit square at (x, y) is inside the view, `margin` units from the edge. */
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

/** The size and place of an <svg> on the screen. */
export function svgSize(svg) {
  const box = svg.getBoundingClientRect();
  return { width: box.width, height: box.height, left: box.left, top: box.top };
}

/** The board point (in the camera's units) under a screen point, or null off the <svg>.
 * It goes through the transform the camera group carries now (`layer`), not through the
 * view: the board the player sees may be a frame behind the view (the <svg> just changed
 * size, the redraw is at the next frame), and a click must land where it was seen. */
export function pointAt(svg, layer, unit, clientX, clientY) {
  const { width, height, left, top } = svgSize(svg);
  const px = clientX - left;
  const py = clientY - top;
  if (px < 0 || py < 0 || px > width || py > height) return null;
  const drawn = layer.getScreenCTM();
  if (!drawn) return null;
  const point = new DOMPoint(clientX, clientY).matrixTransform(drawn.inverse());
  return { x: point.x / unit, y: point.y / unit };
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
