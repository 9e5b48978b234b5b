// The analysis board's answer in words (static/js/analysis.js): what a tried placement
// scores, the engine's choice beside it, and how much the engine's estimate drops. Pure:
// it reads the server's answer and the game module's words for a move, nothing else.
import { pointsText } from "./game/texts.js";
import { t } from "./i18n.js";

/** Drops of the engine's estimate (0 to 1) from which a move is worse, then much worse. */
export const SLIGHT_LOSS = 0.03;
export const LARGE_LOSS = 0.1;

/** The placement's own points, or null in a game that counts none. */
export function pointsLine(answer) {
  if (typeof answer.points !== "number") return null;
  return t("This move scores {points}.", { points: pointsText(answer.points) });
}

/** The engine's choice, beside the try: the same move, a placement and its points, or another action. */
export function engineLine(verdict, moveWords) {
  if (!verdict) return t("This game has no engine to weigh moves.");
  if (verdict.same_as_best) return t("As good as the engine's choice: it would lay the same tile there.");
  const move = moveWords(verdict.preferred);
  if (verdict.preferred.action === "play" && typeof verdict.preferred_points === "number") {
    return t("The engine's choice scores {points}: {move}.", { points: pointsText(verdict.preferred_points), move });
  }
  return t("The engine would rather {move}.", { move });
}

/** How much worse than the engine's choice the try is, in words. */
export function lossLine(verdict) {
  if (!verdict || verdict.same_as_best) return "";
  if (verdict.loss <= 0) return t("The engine finds it as good as its own choice.");
  if (verdict.loss < SLIGHT_LOSS) return t("A little worse than the engine's choice.");
  if (verdict.loss < LARGE_LOSS) return t("Worse than the engine's choice.");
  return t("Much worse than the engine's choice.");
}

/** The placement fields of an action in record form (its "action" key left out). */
export function placementFields(action) {
  const { action: _kind, ...fields } = action;
  return fields;
}
