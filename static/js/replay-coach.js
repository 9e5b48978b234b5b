// The coach's notes on the replay page (static/js/replay.js): the panel that sums up
// each player's moves the coach would have made otherwise, a note under such a move,
// and the legend under the board while a note is shown. The functions that draw take
// the replay's `ctx`: {state (the replay's state), game (its game module), showBetter(step)}.
import { el } from "./api.js";
import { stuckText } from "./coach-words.js";
import { pointsText } from "./game/texts.js";
import { t, tn } from "./i18n.js";

const $ = (id) => document.getElementById(id);

/** "41 %": one of the coach's values (0 to 1) as a whole percent, its sign kept on the
 * number's line (a narrow column must not wrap "41" and "%" apart). */
export function percentText(value) {
  return t("{percent} %", { percent: Math.round(value * 100) }).replace(/ (?=%)/g, "\u00a0");
}

/**
 * What the coach's two values are, said exactly (chromino/core/coach.py: the search's
 * mean reward, whose meaning the note carries): the chance of winning in a game without
 * scores, else a rating out of 100 that is half that chance and half the lead in points,
 * or, alone, how well the game ends. From the move made to the coach's move.
 */
export function valuesText(note) {
  const values = { before: percentText(note.played_value), after: percentText(note.preferred_value) };
  const out100 = { before: String(Math.round(note.played_value * 100)), after: String(Math.round(note.preferred_value * 100)) };
  switch (note.meaning) {
    case "win":
      return t("Chance of winning: {before} → {after}", values);
    case "win_and_margin":
      return t("Coach's rating (half the chance of winning, half the lead in points): {before} → {after} out of 100", out100);
    case "solo":
      return t("Coach's rating of how the game ends: {before} → {after} out of 100", out100);
    default:
      return t("Coach's rating: {before} → {after} out of 100", out100);
  }
}

/** A move in the coach's words, with what it scores in a game that counts points. */
function moveWithPoints(ctx, action, points) {
  const move = ctx.game.moveWords(action);
  return ctx.state.scoring && typeof points === "number" ? t("{move} ({points})", { move, points: pointsText(points) }) : move;
}

/** The coach's word on a move it would have made otherwise, as a button that shows both on the board. */
export function coachNote(ctx, step) {
  const note = ctx.state.notes.get(step);
  if (!note) return null;
  return el(
    "button",
    { type: "button", class: "coach-note", "data-testid": "coach-note", "data-step": step, onclick: () => ctx.showBetter(step) },
    el("span", { class: "coach-better" }, t("The coach would {move}.", { move: moveWithPoints(ctx, note.preferred, note.preferred_points) })),
    el("span", { class: "coach-values", "data-testid": "coach-values" }, valuesText(note)),
    reasonLine(note),
  );
}

/** The engine's checked reason under a note, when it has one to say. */
function reasonLine(note) {
  const text = stuckText(note);
  return text ? el("span", { class: "coach-reason", "data-testid": "coach-reason" }, text) : null;
}

/** Under the board while a note is shown: which outline is which move, in words a screen reader reads too. */
export function renderLegend(ctx, note) {
  const legend = $("coach-legend");
  const key = note ? String(note.version) : "";
  if (legend.dataset.key === key) return;
  legend.dataset.key = key;
  legend.hidden = !note;
  if (!note) {
    legend.replaceChildren();
    return;
  }
  const name = ctx.state.replay.players[note.seat];
  const item = (kind, text) =>
    el("li", { class: `coach-legend-item ${kind}`, "data-testid": `legend-${kind}` }, el("span", { class: "coach-swatch", "aria-hidden": "true" }), text);
  legend.replaceChildren(
    item("played", t("Solid outline: {name} chose to {move}.", { name, move: moveWithPoints(ctx, note.played, note.played_points) })),
    item("coach", t("Dashed outline: the coach would {move}.", { move: moveWithPoints(ctx, note.preferred, note.preferred_points) })),
    el("li", { class: "coach-legend-values" }, valuesText(note)),
    ...(stuckText(note) ? [el("li", { class: "coach-legend-values" }, stuckText(note))] : []),
  );
}

export function renderCoach(ctx) {
  const panel = $("coach-panel");
  const coach = ctx.state.coach;
  const status = coach ? coach.status : "off";
  panel.hidden = status === "off";
  const key = `${status}:${ctx.state.notes.size}`;
  if (panel.dataset.key === key) return;
  panel.dataset.key = key;
  const body = $("coach-body");
  if (status === "pending" || status === "running") {
    body.replaceChildren(el("p", { class: "muted" }, t("The coach is looking at this game's moves…")));
    return;
  }
  if (status === "failed") {
    body.replaceChildren(el("p", { class: "muted" }, t("The coach could not look at this game.")));
    return;
  }
  const looked = coach.summary.filter((entry) => entry.moves > 0);
  if (!looked.length) {
    body.replaceChildren(el("p", { class: "muted" }, t("Nobody made a move of their own to look at.")));
    return;
  }
  body.replaceChildren(
    el(
      "p",
      { class: "coach-about", "data-testid": "coach-about" },
      t("The coach replays each move from what the player could see. Its notes are under the moves: choose one to see both moves on the board."),
    ),
    el(
      "ul",
      { class: "coach-summary", "data-testid": "coach-summary" },
      ...looked.map((entry) => {
        const name = ctx.state.replay.players[entry.seat];
        const counted = entry.better_moves
          ? tn("{name}: of {moves} moves, the coach would have played 1 differently.", "{name}: of {moves} moves, the coach would have played {count} differently.", entry.better_moves, { name, moves: entry.moves })
          : t("{name}: every move as the coach would have made it.", { name });
        const worst = entry.worst.map((step) =>
          el("button", { type: "button", class: "link-button", "data-testid": "coach-worst", onclick: () => ctx.showBetter(step) }, t("move {step}", { step })),
        );
        return el(
          "li",
          { "data-seat": entry.seat },
          counted,
          worst.length ? el("span", { class: "coach-worst" }, " ", t("Costliest:"), " ", ...worst.flatMap((button, index) => (index ? [", ", button] : [button]))) : null,
        );
      }),
    ),
  );
}
