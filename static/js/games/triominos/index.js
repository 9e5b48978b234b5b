// Triominos Challenge as a game module (the contract is in docs/frontend.md):
// triangles with a number on each corner, on a triangular grid, placements
// {tile, x, y, rot}. Drawing is board.js and tiles.js here; placing is play.js;
// the words of its moves, refusals and end are texts.js.
import { mountPlay } from "./play.js";
import { mountReplayBoard } from "./replay.js";
import { coachMoveWords, describeEnd, describeEvent, refusals } from "./texts.js";
import { tileIcon, tileLabel } from "./tiles.js";

export default {
  kind: "triominos",

  /** The board is empty before the first move (Chromino's starts with a tile). */
  dealtTiles: 0,

  /** A tile on its own, pointing up, its numbers in name order from the point: a decorative <svg>. */
  tileIcon(name, attributes = {}) {
    return tileIcon(name, 0, attributes);
  },

  /** A tile in words: "tile 3, 4, 5". */
  tileLabel,

  /** The placement a "play" event laid. */
  placementOf({ tile, x, y, rot }) {
    return { tile, x, y, rot };
  },

  /** Refusal codes of Triominos' rules, in words (the shell knows the common ones). */
  refusals,

  /** A move in a few words, for the coach's notes: "4-5-3 at 3,−1", "drawing a tile". */
  moveWords: coachMoveWords,

  /** Every move in its own words: points, penalties, bonuses, and the end's points. */
  describeEvent,

  /** The end screen's result line and each player's figure. */
  describeEnd,

  mountReplayBoard,
  mountPlay,
};
