// What the pages that show one position share (learn, analysis, puzzles): the game
// module's own board and placing controller mounted on the page's <svg> and hand, a
// polite announcer that says a repeated sentence again, and the board's keys (the skip
// link to the hand; the placing keys anywhere but in a text field). Each page keeps its
// own state and render; nothing here knows a rule.
import { createHand } from "./game/hand.js";
import { loadGame } from "./games/registry.js";

const $ = (id) => document.getElementById(id);
export const ANNOUNCE_DELAY_MS = 60; // emptied, then filled after this, so screen readers say a repeat

/** A function that says `text` in the page's live region (`#announcer`). */
export function createAnnouncer(region = $("announcer")) {
  let timer = 0;
  return (text) => {
    if (!text) return;
    clearTimeout(timer);
    region.textContent = "";
    timer = setTimeout(() => (region.textContent = text), ANNOUNCE_DELAY_MS);
  };
}

/**
 * The game `kind`'s board and placing controller on `#board`, and its hand on `#hand`:
 * `{game, play, hand}`. `signal` lets a page that changes game let this one go.
 */
export async function mountOnePosition(kind, { state, preferences, requestRender, announce, command, signal }) {
  const game = await loadGame(kind);
  let hand = null;
  const play = game.mountPlay({
    state,
    svg: $("board"),
    preferences,
    requestRender,
    announce,
    command,
    focusHandTile: (tile) => hand?.focus(tile),
    unlockSound: () => {},
    signal: signal || new AbortController().signal,
  });
  hand = createHand($("hand"), { game, play });
  return { game, play, hand };
}

/** The skip link goes to the first tile of the hand, and the page's keys go to
 * `keydown` (the current placing controller's) unless a modifier is held or a text
 * field has the focus. */
export function wireBoardKeys(keydown) {
  $("skip-to-hand").addEventListener("click", (event) => {
    const tile = $("hand").querySelector("button");
    if (!tile) return;
    event.preventDefault();
    tile.focus();
  });
  document.addEventListener("keydown", (event) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    if (event.target.closest?.("input, textarea, select, [contenteditable]")) return;
    keydown(event);
  });
}
