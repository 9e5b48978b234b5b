// The replay page's Chromino board: the position of each step the server sends
// (GET /api/games/{id}/replay), no targets and no ghost.
import { createView, fitView, mountBoard, wireViewControls } from "../../board.js";
import { bounds } from "../../tiles.js";

/**
 * The replay page's board: no targets, no ghost, a camera that fits each position
 * until the player moves it. Returns {show(frame)}.
 */
export function mountReplayBoard(svg, { changed, reversedArrows }) {
  const view = createView();
  const board = mountBoard(svg, { view: () => view, changed, tap: () => {}, hover: () => {} });
  wireViewControls(board, view, { reversed: reversedArrows, onChange: changed });
  return {
    show(frame) {
      if (view.follow) {
        const { width, height } = board.size();
        fitView(view, bounds(frame.board), width, height, 1.2);
      }
      board.draw({ view, tiles: frame.board, lastPlaced: frame.lastPlaced, targets: null, ghost: frame.ghost || null });
    },
  };
}
