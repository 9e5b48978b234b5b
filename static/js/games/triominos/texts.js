// Triominos' own words: its refusals, its move log (points, penalties, bonuses, the
// end's points), hints about turning a tile, where the ghost stands, and the end
// screen. Every text goes through t() with a plain string, so `make messages` finds
// it; counts choose between a singular and a plural text.
import { numberText, sentences, signedText, t, tn } from "../../i18n.js";
import { spelled, tileLabel, tileValue } from "./tiles.js";

/** A signed number as a player reads it: "+12", "−5" (a real minus sign), "0". */
export const signed = signedText;

function pointsWord(points) {
  return tn("1 point", "{count} points", points);
}

/** A bonus figure's name. */
export function figureName(figure) {
  const names = {
    hexagon: t("hexagon"),
    double_hexagon: t("double hexagon"),
    triple_hexagon: t("triple hexagon"),
    bridge: t("bridge"),
  };
  return names[figure] || figure;
}

/** A play's points with its bonus, the one way the site writes them (log, board, "Lay it
 * here", replay): "+44 (4 + bridge 40)"; `parts` alone is what goes in the brackets. */
export function worthText(points, figure, bonus) {
  return figure ? t("+{total} ({parts})", { total: points, parts: bonusParts(points, figure, bonus) }) : `+${points}`;
}

/** "4 + bridge 40": the tile's value and the bonus, inside worthText's brackets and on the board's pill. */
export function bonusParts(points, figure, bonus) {
  return t("{points} + {figure} {bonus}", { points: points - bonus, figure: figureName(figure), bonus });
}

/** The bonus in a play's points: what the server counted beyond the tile's value. */
export function bonusOf(tile, points) {
  return points - tileValue(tile);
}

/** The server's refusal codes that Triominos' rules give (and its wording of shared ones). */
export function refusals() {
  return {
    first_tile_not_origin: t("The first tile goes on the starting triangle."),
    no_edge_contact: t("The tile must share a whole side with a tile on the board."),
    corner_mismatch: t("Every corner must show the same number as the tiles that meet there."),
    draw_limit: t("You have drawn three times this turn: lay the last tile drawn, or pass."),
    pass_not_allowed: t("You may pass only after three draws, or when the bag is empty."),
    must_play_drawn_tile: t("After drawing, only the tile you drew last may be laid."),
    bag_empty: t("The bag is empty: lay a tile or pass."),
  };
}

// --- the move log -----------------------------------------------------------------------

/**
 * A Triominos event in words: {text, tile, said, notes}. `said` is the line for a screen
 * reader (the tile's numbers in words); `notes` are the lines under it (going out, the
 * end of the game), said in place of the shared ones.
 */
export function describeEvent(event, { name, names }) {
  const line = moveWords(event, name);
  const notes = endNotes(event, name, names);
  return { ...line, notes };
}

function moveWords(event, name) {
  const points = event.points ?? 0;
  switch (event.action) {
    case "play": {
      const words = (tile) =>
        event.figure
          ? t("{name} laid {tile} for {points} ({parts})", { name, tile, points, parts: bonusParts(points, event.figure, bonusOf(event.tile, points)) })
          : t("{name} laid {tile} for {points}", { name, tile, points });
      return { text: words(spelled(event.tile)), said: words(tileLabel(event.tile)), tile: event.tile };
    }
    case "draw": {
      const penalty = signed(points);
      if (event.drawn) {
        return {
          text: t("{name} drew {tile} ({points})", { name, tile: spelled(event.drawn), points: penalty }),
          said: t("{name} drew {tile} ({points})", { name, tile: tileLabel(event.drawn), points: penalty }),
          tile: event.drawn,
        };
      }
      return { text: t("{name} drew a tile ({points})", { name, points: penalty }), tile: null };
    }
    case "pass":
      return { text: t("{name} passed ({points})", { name, points: signed(points) }), tile: null };
    case "timeout": {
      const penalty = signed(points);
      if (event.drawn) {
        return {
          text: t("{name}'s time ran out: {tile} and {points}", { name, tile: spelled(event.drawn), points: penalty }),
          said: t("{name}'s time ran out: {tile} and {points}", { name, tile: tileLabel(event.drawn), points: penalty }),
          tile: event.drawn,
        };
      }
      const text = event.took_tile
        ? t("{name}'s time ran out: a tile and {points}", { name, points: penalty })
        : t("{name}'s time ran out: {points}", { name, points: penalty });
      return { text, tile: null };
    }
    default:
      return { text: `${name}: ${event.action}`, tile: null };
  }
}

/** The lines under the move that ended the game: who went out or reached the target, what the hands cost. */
function endNotes(event, name, names) {
  const notes = [];
  const ends = event.end_points || [];
  if (event.went_out || event.ended_by === "out") {
    const others = (ends[event.seat] ?? 25) - 25;
    notes.push(
      others
        ? t("{name} went out: +25 and {points} from the other hands", { name, points: others })
        : t("{name} went out: +25", { name }),
    );
  } else if (event.ended_by === "blocked") {
    notes.push(t("No one can lay a tile: the game is blocked."));
    ends.forEach((points, seat) => {
      if (points) notes.push(t("{name}: {points} for the tiles left in hand", { name: names(seat), points: signed(points) }));
    });
  } else if (event.ended_by === "target") {
    notes.push(t("{name} reached the target score.", { name }));
  }
  return notes;
}

// --- placing ----------------------------------------------------------------------------

/** The hint once a tile is picked and no places are listed (assistance None). */
export function freeHint() {
  return t("Choose a triangle for the tile, then choose it again (or press “Lay it here”) to lay it.");
}

/** A target's points, said, with its bonus: "52 points (2 + hexagon 50)." */
export function pointsSaid(scene) {
  const points = pointsWord(scene.points);
  return scene.figure ? t("{points} ({parts}).", { points, parts: bonusParts(scene.points, scene.figure, scene.bonus) }) : points + ".";
}

/** How the picked tile is turned, in words: its numbers from the point, clockwise. */
export function turnWords(name, rot) {
  const read = [0, 1, 2].map((corner) => name[(rot + corner) % 3]);
  return t("Turned: {first} at the point, then {second} and {third}.", { first: read[0], second: read[1], third: read[2] });
}

/** A place's worth on the "Lay it here" button: "+12", or "+52 (2 + hexagon 50)". */
export function placeWorth(scene) {
  return worthText(scene.points, scene.figure, scene.bonus);
}

// --- the end ------------------------------------------------------------------------------

/** The end screen: {result, figures[seat]}; `endEvent` (the last event) gives the end's points, when known. */
export function describeEnd(state, { names, winners }) {
  const game = state.game;
  const ends = state.endEvent?.end_points || [];
  let result;
  if (state.solo) {
    const score = game.scores[0];
    const words = {
      out: t("You went out with {points}.", { points: pointsWord(score) }),
      blocked: t("The game is blocked: you end with {points}.", { points: pointsWord(score) }),
      target: t("You reached the target: {points}.", { points: pointsWord(score) }),
    };
    result = words[game.ended_by] || t("You end with {points}.", { points: pointsWord(score) });
  } else {
    const closer = state.endEvent ? names[state.endEvent.seat] : null;
    const lead = {
      out: closer ? t("{name} went out.", { name: closer }) : t("A player went out."),
      blocked: t("The game is blocked."),
      target: closer ? t("{name} reached the target score.", { name: closer }) : t("The target score is reached."),
    }[game.ended_by];
    result = sentences(lead, winners);
  }
  const figures = names.map((name, seat) => {
    const total = pointsWord(game.scores[seat]);
    const end = ends[seat];
    return end ? t("{total} ({points} at the end)", { total, points: signed(end) }) : total;
  });
  // Blocked, the result line does not say why the winners won.
  const why = !state.solo && game.ended_by === "blocked" ? t("The bag is empty and no one can lay a tile: the most points win.") : "";
  return { result, why, figures };
}

/** A new personal best on the end screen (the most points); `after` and `before` are GET /api/me/solo-best's answers. */
export function newBestText(after, before) {
  return before
    ? t("New personal best: {score} (before: {was}).", { score: pointsWord(after.score), was: pointsWord(before.score) })
    : t("Your first personal best: {score}.", { score: pointsWord(after.score) });
}

/** A move in words a person reads, for the coach's notes: its numbers from the point
 * clockwise and its triangle as the board names it ("lay 4-5-3 at column 3, row −1"),
 * or "draw a tile", "pass". */
export function coachMoveWords(action) {
  if (action.action === "play") {
    const read = [0, 1, 2].map((corner) => action.tile[(action.rot + corner) % 3]).join("-");
    return t("lay {numbers} at column {x}, row {y}", { numbers: read, x: numberText(action.x), y: numberText(action.y) });
  }
  return action.action === "draw" ? t("draw a tile") : t("pass");
}

/** The game module's words (docs/frontend.md, "The game module"). */
export const moduleWords = { refusals, moveWords: coachMoveWords, describeEvent, describeEnd, newBestText };

/** The placing controller's words (board/placing.js). */
export const placingWords = { turned: turnWords, pointsSaid, placeWorth, freeHint };
