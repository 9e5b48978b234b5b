// The toolbar under a board (templates/_view_controls.html: the [data-pan] arrows,
// #zoom-in, #zoom-out, #fit), the same for every board and both pages (live, replay).
import { t } from "../i18n.js";
import { panBy, zoomAt } from "./camera.js";

/** The arrows' words when they move the board rather than the view (the page's words say the view). */
function reversedWords() {
  return {
    left: t("Move the board to the left"),
    right: t("Move the board to the right"),
    up: t("Move the board up"),
    down: t("Move the board down"),
  };
}

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
  const words = reversed ? reversedWords() : null;
  for (const button of document.querySelectorAll("[data-pan]")) {
    button.addEventListener("click", () => pan(button.dataset.pan), listen);
    button.dataset.viewWords ??= button.title; // the page's words (a board wired again may not be reversed)
    // Reversed, the left arrow shows more to the right: its tooltip says what it does.
    const said = words ? words[button.dataset.pan] : button.dataset.viewWords;
    button.title = said;
    button.setAttribute("aria-label", said);
  }
  document.getElementById("zoom-in").addEventListener("click", () => zoom(1.25), listen);
  document.getElementById("zoom-out").addEventListener("click", () => zoom(0.8), listen);
  document.getElementById("fit").addEventListener("click", fit, listen);
  return { pan, zoom, fit };
}
