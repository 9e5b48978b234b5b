// The end screen over the board: who won, everyone's points (or tiles left), and
// the ways on (rematch, replay, lobby). It takes the focus when it opens, and can
// be closed to look at the board.
import { el } from "../api.js";
import { isScoring } from "./model.js";
import { endFigure, endResult, seatName, winnersSentence } from "./texts.js";

const $ = (id) => document.getElementById(id);

/** `module`: the game module; its describeEnd, when it has one, words the result and the figures. */
export function renderEnd(state, module) {
  const game = state.game;
  const screen = $("end-screen");
  const show = game.finished && !state.endClosed;
  const wasHidden = screen.hidden;
  screen.hidden = !show;
  if (!show) return;
  const names = state.players.map((name, seat) => seatName(state, seat));
  const own = module?.describeEnd?.(state, { names, winners: winnersSentence(game.winners.map((seat) => names[seat])) });
  $("end-result").textContent = own ? own.result : endResult(state);
  const scoring = isScoring(state);
  $("end-scores").replaceChildren(
    ...state.players.map((name, seat) =>
      el(
        "li",
        { class: game.winners.includes(seat) ? "winner" : "" },
        el("span", { class: "end-name" }, name),
        el("span", { class: "end-figure", "data-testid": "end-figure" }, own ? own.figures[seat] : endFigure(state, seat, scoring)),
      ),
    ),
  );
  $("rematch").hidden = state.seat === null;
  $("replay-link").href = `/g/${encodeURIComponent(state.gameId)}/replay`;
  if (wasHidden) $("end-title").focus({ preventScroll: true });
}
