// Triominos Challenge as a game module (the contract is in docs/frontend.md):
// triangles with a number on each corner, on a triangular grid, placements
// {tile, x, y, rot}. It brings only what is Triominos': its grid (geometry.js), board
// (board.js), tile pictures (tiles.js), targets (placing.js) and words (texts.js); the
// camera, the gestures and the placing controller are the shared ones in board/.
import { mountPlacing } from "../../board/placing.js";
import { mountReplayBoard } from "../../board/replay.js";
import { triominosBoard } from "./board.js";
import { isUp } from "./geometry.js";
import { TURN, UPRIGHT, targets } from "./placing.js";
import { moduleWords, placingWords } from "./texts.js";
import { handLabel, tileIcon, tileLabel } from "./tiles.js";

/** The preview shows the picked tile as it would lie on the ghost's triangle (up or down). */
function preview(state) {
  const down = Boolean(state.ghost && !isUp(state.ghost.x, state.ghost.y));
  return { picture: String(down), icon: () => tileIcon(state.picked, state.orientation, {}, { down }) };
}

/** What the placing controller needs of Triominos (board/placing.js). */
const input = {
  board: triominosBoard,
  upright: UPRIGHT,
  turns: [{ button: "rotate", key: "r", next: TURN }], // a third clockwise
  targets,
  words: placingWords,
  tileIcon: (name, rot) => tileIcon(name, rot),
  tileLabel,
  preview,
  avatarClass: "drag-avatar tri-avatar",
};

export default {
  kind: "triominos",

  /** The board is empty before the first move. */
  dealtTiles: 0,

  /** A tile on its own, pointing up, its numbers in name order from the point: a decorative <svg>. */
  tileIcon(name, attributes = {}) {
    return tileIcon(name, 0, attributes);
  },

  /** A tile in words: "tile 3, 4, 5". */
  tileLabel,

  /** A hand tile's button name, with the numbers its picture shows: "tile 3-4-5". */
  handLabel,

  /** The placement a "play" event laid. */
  /** The placement a play laid, with the figure it made ({name, cells}) for the board to outline. */
  placementOf({ tile, x, y, rot, figure, figure_cells: cells }) {
    return figure && cells?.length ? { tile, x, y, rot, figure: { name: figure, cells } } : { tile, x, y, rot };
  },

  // Its refusals, its moves in the log and for the coach, its end and personal best.
  ...moduleWords,

  mountReplayBoard: (svg, options) => mountReplayBoard(triominosBoard, svg, options),
  mountPlay: (context) => mountPlacing(context, input),
};
