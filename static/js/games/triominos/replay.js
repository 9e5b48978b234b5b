// The replay page's Triominos board: the position of each step the server sends (no
// targets, no ghost), with a camera that fits each position until the player moves it.
import { createView, fitView, wireViewControls } from "../../board.js";
import { boxOf, mountTriBoard } from "./board.js";

/** Returns {show(frame)}; a frame is {board, lastPlaced}. */
export function mountReplayBoard(svg, { changed, reversedArrows }) {
  const view = createView();
  const board = mountTriBoard(svg, { view: () => view, changed, tap: () => {}, hover: () => {} });
  wireViewControls(board, view, { reversed: reversedArrows, onChange: changed });
  return {
    show(frame) {
      if (view.follow) {
        const { width, height } = board.size();
        fitView(view, boxOf(frame.board), width, height, 1.2);
      }
      board.draw({ view, tiles: frame.board, lastPlaced: frame.lastPlaced, targets: null, ghost: frame.ghost || null });
    },
  };
}
