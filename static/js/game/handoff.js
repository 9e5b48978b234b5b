// Pass-and-play on one device (docs/pass-and-play.md): when the turn comes to a seat
// played on this device, a full-screen panel asks to pass the device to its player and
// waits for them to say "I am Ana, show my tiles". The server, not this page, keeps the
// hands hidden: until that message, no local hand is sent; once the turn ends, the
// server sends a view without it (model.js forgets the seat at once). This only shows
// the panel, sends the request and puts the keyboard focus where the next person looks.
import { t } from "../i18n.js";
import * as texts from "./texts.js";

const $ = (id) => document.getElementById(id);

/** The local seat waiting for its player to take the device, or null. */
export function seatToHandOver(state) {
  const game = state.game;
  if (!game || game.finished || !state.localSeats.length) return null;
  const seat = game.current;
  if (!state.localSeats.includes(seat) || state.seat === seat || state.away[seat]) return null;
  return seat;
}

/**
 * Wire the panel's button: `send(message)` sends on the game's socket (false offline),
 * `announce(text)` says something to screen readers.
 */
export function wireHandoff({ state, send, announce, requestRender }) {
  $("handoff-show").addEventListener("click", () => {
    const seat = seatToHandOver(state);
    if (seat === null) return;
    if (send({ type: "show_hand", seat })) {
      state.handoffAsked = seat; // the button waits for the server's answer
      requestRender();
    } else {
      announce(texts.notConnected());
    }
  });
}

/** Show the panel while a local seat waits for its player; announced and focused once per turn. */
export function renderHandoff(state, announce) {
  const panel = $("handoff");
  const seat = seatToHandOver(state);
  $("watching").hidden ||= state.localSeats.length > 0; // a device of players, not a spectator's
  if (seat === null) {
    panel.hidden = true;
    state.handoffShown = null;
    state.handoffAsked = null;
    document.body.classList.remove("handing-off");
    $("game").inert = false;
    return;
  }
  const name = texts.seatName(state, seat);
  const turn = `${state.version}:${seat}`;
  const button = $("handoff-show");
  button.disabled = state.handoffAsked === seat;
  if (state.handoffShown === turn) return;
  state.handoffShown = turn;
  state.handoffAsked = null;
  button.disabled = false;
  $("handoff-title").textContent = t("Pass the device to {name}", { name });
  $("handoff-text").textContent = t("Everyone else, look away: {name}'s tiles come up next.", { name });
  button.textContent = t("I am {name}, show my tiles", { name });
  panel.hidden = false;
  document.body.classList.add("handing-off");
  $("game").inert = true; // the dialog is modal: the game behind it takes no focus
  announce(t("Pass the device to {name}", { name }));
  button.focus();
}
