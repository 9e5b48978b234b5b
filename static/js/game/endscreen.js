// The end screen over the board: who won, everyone's points (or tiles left), and
// the ways on (rematch, replay, lobby). It takes the focus when it opens, and can
// be closed to look at the board.
import { el } from "../api.js";
import { isScoring } from "./model.js";
import { endFigure, endResult } from "./texts.js";

const $ = (id) => document.getElementById(id);

export function renderEnd(state) {
  const game = state.game;
  const screen = $("end-screen");
  const show = game.finished && !state.endClosed;
  const wasHidden = screen.hidden;
  screen.hidden = !show;
  if (!show) return;
  $("end-result").textContent = endResult(state);
  const scoring = isScoring(state);
  $("end-scores").replaceChildren(
    ...state.players.map((name, seat) =>
      el(
        "li",
        { class: game.winners.includes(seat) ? "winner" : "" },
        el("span", { class: "end-name" }, name),
        el("span", { class: "end-figure" }, endFigure(state, seat, scoring)),
      ),
    ),
  );
  $("rematch").hidden = state.seat === null;
  $("replay-link").href = `/g/${encodeURIComponent(state.gameId)}/replay`;
  if (wasHidden) $("end-title").focus({ preventScroll: true });
}
