// The move log panel: lines are only ever added (the list remembers how many it
// shows), with a note at the top when the page joined after the game started.
import { el } from "../api.js";
import { logGap } from "./texts.js";

export function renderLog(list, state, game) {
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
  list.scrollTop = list.scrollHeight;
}
