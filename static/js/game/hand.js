// My hand: one button per tile, kept from one render to the next (so the keyboard
// focus stays put while the game moves), its picture drawn by the game module.
// Clicks and presses go to the game module's placing input.
import { el } from "../api.js";
import { isMyTurn, myHand, playableTiles } from "./model.js";
import { handTileLabel } from "./texts.js";

/** The hand in `list` (an <ol>/<ul>); `play` is the game module's mounted part. */
export function createHand(list, { game, play }) {
  const buttons = new Map(); // tile name → its button

  function render(state) {
    const hand = myHand(state);
    const playable = playableTiles(state);
    const hints = state.legal !== null && isMyTurn(state);
    for (const [tile, button] of buttons) {
      if (!hand.includes(tile)) {
        button.parentElement.remove();
        buttons.delete(tile);
      }
    }
    hand.forEach((tile, index) => {
      let button = buttons.get(tile);
      if (!button) {
        button = el("button", { type: "button", class: "hand-tile", "data-testid": "hand-tile", "data-tile": tile });
        button.append(game.tileIcon(tile));
        button.addEventListener("click", (event) => play.handClick(event, tile));
        button.addEventListener("pointerdown", (event) => play.handPointerDown(event, tile));
        buttons.set(tile, button);
      }
      const item = button.parentElement || el("li", {}, button);
      if (list.children[index] !== item) list.insertBefore(item, list.children[index] || null);
      const fits = hints && playable.has(tile);
      const drawn = state.game.drawn_tile === tile;
      button.classList.toggle("picked", state.picked === tile);
      button.classList.toggle("playable", fits);
      button.classList.toggle("unplayable", hints && !fits);
      button.classList.toggle("drawn", drawn);
      button.setAttribute("aria-pressed", String(state.picked === tile));
      button.setAttribute("aria-label", handTileLabel((game.handLabel ?? game.tileLabel)(tile), { fits, drawn }));
    });
  }

  return {
    render,
    focus(tile) {
      buttons.get(tile)?.focus();
    },
  };
}
