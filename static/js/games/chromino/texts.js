// Chromino's own words on the game page: refusals of its rules, its words for placing
// a tile (the shared ones are in game/texts.js). Colour and direction names are in tiles.js.
// Every text goes through t() with a plain string, so `make messages` finds it.
import { isScoring } from "../../game/model.js";
import { blockedAfter, blockedSentence, drawnCount, pointsText, turnCount } from "../../game/texts.js";
import { numberText, t, tn } from "../../i18n.js";
import { directionName, tileWords } from "./tiles.js";

/** The server's refusal codes that only Chromino's rules give. */
export function refusals() {
  return {
    last_tile_chameleon: t("A chameleon cannot be your last tile laid: draw or pass."),
    mismatch: t("Every square the tile touches must be the same colour (or a chameleon)."),
    too_few_contacts: t("The tile must touch at least two squares."),
    junior_one_contact: t("Junior rules: the tile must touch exactly one square."),
    junior_not_domino: t("Junior rules: lay it end to end, or against a chameleon's centre."),
  };
}

/** The hint once a tile is picked and no places are listed (assistance None). */
export function freeHint() {
  return t("Choose a square for the tile's middle, then choose it again (or press “Lay it here”) to lay it.");
}

/** A target's points, said: "12 points." */
export function pointsSaid(scene) {
  return tn("1 point", "{count} points", scene.points) + ".";
}

/** A place's worth on the "Lay it here" button: "+12". */
export function placeWorth(scene) {
  return `+${scene.points}`;
}

/** How the picked tile is turned, said: "pointing south." */
export function turnWords(tile, dir) {
  return `${directionName(dir)}.`;
}

/** A phrase said alone ("Orientée vers l’ouest") put inside a sentence: its first letter small. */
function inSentence(phrase) {
  return phrase.charAt(0).toLocaleLowerCase() + phrase.slice(1);
}

/** A move in words a person reads, for the coach's notes: "lay purple-yellow-yellow at
 * column 3, row −1, pointing west" (the board's own words for a tile and its place),
 * "draw a tile", "pass". */
export function moveWords(action) {
  if (action.action === "play") {
    return t("lay {tile} at column {x}, row {y}, {direction}", {
      tile: tileWords(action.tile),
      x: numberText(action.x),
      y: numberText(action.y),
      direction: inSentence(directionName(action.dir)),
    });
  }
  return action.action === "draw" ? t("draw a tile") : t("pass");
}

// --- the move log ------------------------------------------------------------------------

/**
 * A Chromino event in words for the move log: {text, tile, notes}. Points are said when
 * the game counts them; the notes are who went out and the last tiles shown face up
 * (each {text, tile}).
 */
export function describeEvent(event, { name, scoring, names, players }) {
  const line = moveLine(name, event, scoring);
  const notes = [];
  if (event.went_out) notes.push({ text: t("{name} went out!", { name }), tile: null });
  // Alone, nobody needs telling that my last tile is face up.
  for (const revealed of players > 1 ? event.revealed || [] : []) {
    const seat = typeof revealed === "number" ? revealed : revealed.seat;
    const shown = typeof revealed === "number" ? null : revealed.tile;
    notes.push({
      text: shown
        ? t("{name}'s last tile is face up: {tile}", { name: names(seat), tile: tileWords(shown) })
        : t("{name}'s last tile is face up", { name: names(seat) }),
      tile: shown,
    });
  }
  return { ...line, notes };
}

/** One move in words: {text, tile} (the tile drawn beside the text, or null). */
function moveLine(name, event, scoring) {
  switch (event.action) {
    case "play":
      return {
        text:
          scoring && event.points !== undefined
            ? tn("{name} laid {tile} for 1 point", "{name} laid {tile} for {count} points", event.points, { name, tile: tileWords(event.tile) })
            : t("{name} laid {tile}", { name, tile: tileWords(event.tile) }),
        tile: event.tile,
      };
    case "draw":
      return {
        text: event.drawn ? t("{name} drew {tile}", { name, tile: tileWords(event.drawn) }) : t("{name} drew a tile", { name }),
        tile: event.drawn || null,
      };
    case "pass":
      return { text: t("{name} passed", { name }), tile: null };
    case "timeout": {
      let text = event.penalty_tile
        ? t("{name} ran out of time and drew a penalty tile", { name })
        : t("{name} ran out of time", { name });
      if (scoring && event.points) text += " (" + pointsText(event.points) + ")";
      return { text, tile: null };
    }
    default:
      return { text: `${name}: ${event.action}`, tile: null };
  }
}

// --- the end --------------------------------------------------------------------------

/**
 * The end in words: {result, why, figures[seat]}. `state` is the live page's (or the
 * replay's, with `replay`: the result is then said of the player, not to them).
 */
export function describeEnd(state, { names, winners, replay = false }) {
  const game = state.game;
  const scoring = isScoring(state);
  let result;
  if (replay ? state.players.length === 1 : state.solo) {
    const [turns, draws] = [game.turns_taken[0], game.tiles_drawn[0]];
    const emptied = replay
      ? t("Hand emptied in {turns}, {draws}.", { turns: turnCount(turns), draws: drawnCount(draws) })
      : t("You emptied your hand in {turns}, {draws}.", { turns: turnCount(turns), draws: drawnCount(draws) });
    result = game.ended_by === "out" ? emptied : blockedAfter(turns);
  } else {
    result = game.ended_by === "blocked" ? blockedSentence() + " " + winners : winners;
  }
  const figures = names.map((name, seat) =>
    scoring ? pointsText(game.scores[seat]) : tn("1 tile left", "{count} tiles left", game.hand_counts?.[seat]),
  );
  return { result, why: replay ? "" : whyTheyWon(state, names), figures };
}

/** Why the winners won, when the result line alone does not say it. */
function whyTheyWon(state, names) {
  const game = state.game;
  if (state.solo) return "";
  const scoring = isScoring(state);
  if (game.ended_by === "blocked") {
    return scoring
      ? t("The bag is empty and no one can lay a tile: the most points win.")
      : t("The bag is empty and no one can lay a tile: the fewest tiles left win.");
  }
  const out = (game.went_out || []).map((entry) => (typeof entry === "number" ? entry : entry.seat));
  const losers = out.filter((seat) => !game.winners.includes(seat));
  if (scoring && losers.length) {
    return t("{out} went out first, but in a scoring game the most points win.", { out: losers.map((seat) => names[seat]).join(", ") });
  }
  if (scoring && out.length) return t("Went out and scored the most points.");
  return "";
}

/** A new personal best on the end screen (the fewest turns); `after` and `before` are GET /api/me/solo-best's answers. */
export function newBestText(after, before) {
  return before
    ? t("New personal best: {turns} (before: {was}).", { turns: turnCount(after.turns), was: turnCount(before.turns) })
    : t("Your first personal best: {turns}.", { turns: turnCount(after.turns) });
}

/** The game module's words (docs/frontend.md, "The game module"). */
export const moduleWords = { refusals, moveWords, describeEvent, describeEnd, newBestText };

/** The placing controller's words (board/placing.js). */
export const placingWords = { turned: turnWords, pointsSaid, placeWorth, freeHint };
