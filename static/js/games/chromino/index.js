// Chromino as a game module (the contract is in docs/frontend.md): tiles of three
// coloured squares on a square grid, placements {tile, x, y, dir}. It brings only
// what is Chromino's: its board (board.js), tile pictures (tiles.js), targets
// (placing.js) and words (texts.js); the camera, the gestures and the placing
// controller are the shared ones in board/.
import { mountPlacing } from "../../board/placing.js";
import { mountReplayBoard } from "../../board/replay.js";
import { chrominoBoard } from "./board.js";
import { UPRIGHT, targets } from "./placing.js";
import { moduleWords, placingWords } from "./texts.js";
import { FLIP, ROTATE, tileIcon, tileLabel } from "./tiles.js";

/** What the placing controller needs of Chromino (board/placing.js). */
const input = {
  board: chrominoBoard,
  upright: UPRIGHT,
  // R turns a quarter clockwise, F flips end for end.
  turns: [
    { button: "rotate", key: "r", next: ROTATE },
    { button: "flip", key: "f", next: FLIP },
  ],
  targets,
  words: placingWords,
  tileIcon: (name, dir) => tileIcon(name, dir),
  tileLabel,
  preview: (state) => ({ picture: "", icon: () => tileIcon(state.picked, state.orientation) }),
  avatarClass: "drag-avatar",
};

export default {
  kind: "chromino",

  /** One tile lies on the board before the first move. */
  dealtTiles: 1,

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

  // Its refusals, its moves in the log and for the coach, its end and personal best.
  ...moduleWords,

  mountReplayBoard: (svg, options) => mountReplayBoard(chrominoBoard, svg, options),
  mountPlay: (context) => mountPlacing(context, input),
};
