// Chromino as a game module (the contract is in docs/frontend.md): tiles of three
// coloured squares on a square grid, placements {tile, x, y, dir}. Drawing is
// board.js and tiles.js; placing is play.js; the replay's board is replay.js.
import { tileIcon, tileLabel } from "../../tiles.js";
import { mountPlay } from "./play.js";
import { mountReplayBoard } from "./replay.js";
import { moveWords, refusals } from "./texts.js";

export default {
  kind: "chromino",

  /** A tile on its own, lengthwise (hand, move log, revealed hands): a decorative <svg>. */
  tileIcon(name, attributes = {}) {
    return tileIcon(name, "E", attributes);
  },

  /** A tile in words: "red, green, blue tile". */
  tileLabel,

  /** The placement a "play" event laid. */
  placementOf({ tile, x, y, dir }) {
    return { tile, x, y, dir };
  },

  /** Refusal codes of Chromino's rules, in words (the shell knows the common ones). */
  refusals,

  /** A move in a few words, for the coach's notes: "PYY at 3,−1 E", "drawing a tile". */
  moveWords,

  // describeEvent is left out: the shared log lines say every Chromino move.

  mountReplayBoard,
  mountPlay,
};
