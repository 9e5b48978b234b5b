// Leaving a game and ending it by agreement (docs/protocol.md, "Leaving and ending by
// agreement"): the "Resign" button with its confirmation, "Offer to end the game", and
// the prompt to accept or decline someone's offer; back from away, "Take my seat back"
// from the bot that played for me. The server decides everything; this
// shows what it said (`state.endOffer`, `state.game.resigned`) and sends the commands.
import { timeRanOut } from "./model.js";
import * as texts from "./texts.js";

const $ = (id) => document.getElementById(id);

/** Whether this viewer is a player still in a game still going. */
function stillIn(state) {
  const game = state.game;
  return state.seat !== null && !game.finished && !(game.resigned || []).includes(state.seat);
}

export function renderLeaving(state) {
  const game = state.game;
  const offer = state.endOffer;
  const inGame = stillIn(state);
  const busy = Boolean(state.pending);
  $("leave-actions").hidden = !inGame;
  $("offer-end").disabled = busy || Boolean(offer);
  $("resign").disabled = busy;
  if (!inGame) $("resign-confirm").hidden = true;
  const prompt = $("end-offer");
  const shown = Boolean(offer) && !game.finished;
  prompt.hidden = !shown;
  const left = $("left-notice");
  left.hidden = !(state.seat !== null && (game.resigned || []).includes(state.seat) && !game.finished);
  left.textContent = left.hidden ? "" : texts.youLeft();
  const away = $("away-notice");
  away.hidden = !(inGame && state.away[state.seat]);
  const why = texts.awayNotice(timeRanOut(state));
  if (!away.hidden && $("away-text").textContent !== why) $("away-text").textContent = why;
  $("take-seat").disabled = busy;
  if (!shown) return;
  const waiting = offer.waiting.map((seat) => texts.seatName(state, seat));
  const text = texts.endOfferText(texts.seatName(state, offer.by), offer.by === state.seat, waiting);
  if ($("end-offer-text").textContent !== text) $("end-offer-text").textContent = text;
  const mayAnswer = inGame && offer.waiting.includes(state.seat);
  $("accept-end").hidden = !mayAnswer;
  $("decline-end").hidden = !mayAnswer;
  $("accept-end").disabled = busy;
  $("decline-end").disabled = busy;
}

/** `command(type)` sends a command at the version shown; `render()` asks for a redraw. */
export function wireLeaving(command, render) {
  $("resign").addEventListener("click", () => {
    $("resign-confirm").hidden = false;
    $("resign-no").focus();
  });
  $("resign-no").addEventListener("click", () => {
    $("resign-confirm").hidden = true;
    $("resign").focus();
  });
  $("resign-yes").addEventListener("click", () => {
    $("resign-confirm").hidden = true;
    command("resign");
    render();
  });
  $("resign-confirm").addEventListener("keydown", (event) => {
    if (event.key !== "Escape") return;
    $("resign-confirm").hidden = true;
    $("resign").focus();
  });
  $("offer-end").addEventListener("click", () => command("offer_end"));
  $("take-seat").addEventListener("click", () => command("take_seat"));
  $("accept-end").addEventListener("click", () => command("accept_end"));
  $("decline-end").addEventListener("click", () => command("decline_end"));
}

/** What to say when the offer changed (an `end_offer` message), or "". */
export function offerNews(state, message) {
  if (message.offer && message.offer.accepted.length === 1 && message.offer.by !== state.seat) {
    return texts.endOfferText(texts.seatName(state, message.offer.by), false, []);
  }
  if (!message.offer && message.lapsed === "declined") {
    return texts.endOfferDeclined(texts.seatName(state, message.seat));
  }
  if (!message.offer && message.lapsed === "moved") return texts.endOfferLapsed();
  return "";
}
