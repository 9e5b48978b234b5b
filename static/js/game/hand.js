// My hand: one button per tile, kept from one render to the next (so the keyboard
// focus stays put while the game moves), its picture drawn by the game module.
// Clicks and presses go to the game module's placing input. It also keeps the board
// only as tall as leaves the hand and the buttons under it on the screen (`fitBoardRoom`).
import { el } from "../api.js";
import { isMyTurn, myHand, playableTiles } from "./model.js";
import { handTileLabel } from "./texts.js";

let roomWatched = false;

/** The part of the hand area that must show with the board: the buttons under the hand
 * while they show, else the hand area itself, else nothing (a spectator). */
function lastNeeded() {
  const bar = document.querySelector("#hand-area:not([hidden]) .move-bar:not([hidden])");
  const area = document.querySelector("#hand-area:not([hidden])");
  return bar || area;
}

/** How tall the board may be for the hand, the buttons under it and (on a phone) the
 * action bar fixed at the screen's foot to show with it in the window: written to
 * --board-room, which board.css clamps. Measured rather than guessed, since the hand's
 * rows and the buttons' lines depend on the number of tiles and on the language. */
export function fitBoardRoom() {
  const wrap = document.querySelector(".board-wrap");
  if (!wrap) return;
  const board = wrap.getBoundingClientRect();
  const needed = lastNeeded();
  const below = needed ? needed.getBoundingClientRect().bottom - board.bottom : 0;
  const dock = document.getElementById("action-dock");
  const docked = dock && dock.getClientRects().length > 0 && getComputedStyle(dock).position === "fixed";
  const foot = docked ? dock.getBoundingClientRect().height : 0;
  const top = board.top + window.scrollY;
  const room = Math.floor(window.innerHeight - top - below - foot - 12);
  const value = `${room}px`;
  const root = document.documentElement;
  if (root.style.getPropertyValue("--board-room") !== value) root.style.setProperty("--board-room", value);
}

/** Refit the board's room whenever what is above or below it changes size, or the window does. */
function watchBoardRoom() {
  if (roomWatched || typeof ResizeObserver === "undefined") return;
  roomWatched = true;
  const observer = new ResizeObserver(() => fitBoardRoom());
  for (const selector of ["#connection-banner", ".site-header", "#learn-offer", ".status-bar", "#away-notice", "#game-aids", "#hand-area", ".move-bar", "#action-dock", "#end-offer"]) {
    const part = document.querySelector(selector);
    if (part) observer.observe(part);
  }
  window.addEventListener("resize", fitBoardRoom);
  fitBoardRoom();
}

/** The hand in `list` (an <ol>/<ul>); `play` is the game module's mounted part. */
export function createHand(list, { game, play }) {
  const buttons = new Map(); // tile name → its button
  watchBoardRoom();

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
