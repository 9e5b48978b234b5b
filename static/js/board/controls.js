// The toolbar under a board (templates/_view_controls.html: the [data-pan] arrows,
// #zoom-in, #zoom-out, #fit), the same for every board and both pages (live, replay).
import { panBy, zoomAt } from "./camera.js";

/**
 * Wire the toolbar to `view`. Arrows move the view; with `reversed` they move the board instead.
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
