// The move log panel: lines are only ever added (the list remembers how many it
// shows), with a note at the top when the page joined after the game started. It
// scrolls to its last line and is as tall as the whole lines at its end that fit, so
// that its top line is never cut in half.
import { el } from "../api.js";
import { logGap } from "./texts.js";

/** Make the list as tall as the whole lines at its end that fit its max-height (lines
 * are of different heights: a wrapped name, a tile, a note), or leave it its own height
 * when everything fits. Scrolled to the end, its top line then starts at its top. */
function fitWholeLines(list) {
  list.style.removeProperty("height");
  const limit = parseFloat(getComputedStyle(list).maxHeight);
  if (!Number.isFinite(limit) || list.scrollHeight <= list.clientHeight) return;
  let height = 0;
  for (let item = list.lastElementChild; item; item = item.previousElementSibling) {
    const taller = height + item.getBoundingClientRect().height;
    if (taller > limit) break;
    height = taller;
  }
  if (height > 0) list.style.height = `${Math.floor(height)}px`;
}

const watched = new WeakSet();

/** Refit when the list's width changes (its lines wrap anew). */
function watchWidth(list) {
  if (watched.has(list) || typeof ResizeObserver === "undefined") return;
  watched.add(list);
  let width = list.clientWidth;
  new ResizeObserver(() => {
    if (list.clientWidth === width) return;
    width = list.clientWidth;
    fitWholeLines(list);
    list.scrollTop = list.scrollHeight;
  }).observe(list);
}

export function renderLog(list, state, game) {
  watchWidth(list);
  const shown = Number(list.dataset.count || 0);
  if (shown === state.log.length && list.dataset.gap === String(state.logGap)) return;
  if (list.dataset.gap !== String(state.logGap)) {
    list.querySelector(".log-gap")?.remove();
    if (state.logGap) list.prepend(el("li", { class: "log-gap muted" }, logGap()));
    list.dataset.gap = String(state.logGap);
  }
  for (const line of state.log.slice(shown)) {
    const text = el("span", { class: "log-text" }, line.text);
    if (line.tile) text.append(" ", game.tileIcon(line.tile, { class: "tile-icon log-tile" }));
    const number = el("span", { class: "log-version" }, line.note ? "" : `${line.version}.`);
    list.append(el("li", { class: line.note ? "note" : "", "data-version": line.version }, number, text));
  }
  list.dataset.count = String(state.log.length);
  fitWholeLines(list);
  list.scrollTop = list.scrollHeight;
}
