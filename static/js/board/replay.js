// The replay page's board, for every game: the position of each step the server sends
// (GET /api/games/{id}/replay), no targets and no ghost, with a camera that fits each
// position until the player moves it. The game brings its board (see board/placing.js).
import { createView, fitView } from "./camera.js";
import { wireViewControls } from "./controls.js";

/** Mount `gameBoard` ({mount, fitBox, replayMargin}) on the replay's <svg>. Returns {show(frame)}. */
export function mountReplayBoard(gameBoard, svg, { changed, reversedArrows }) {
  const view = createView();
  const board = gameBoard.mount(svg, { view: () => view, changed, tap: () => {}, hover: () => {} });
  wireViewControls(board, view, { reversed: reversedArrows, onChange: changed });
  return {
    /** Draw a frame: {board, lastPlaced, ghost?} (ghost: one {placement, status} or a list of them). */
    show(frame) {
      if (view.follow) {
        const { width, height } = board.size();
        // The ghosts too (the coach's move may lie beyond the tiles).
        const ghosts = [].concat(frame.ghost || []).map((ghost) => ghost.placement);
        fitView(view, gameBoard.fitBox(frame.board, ghosts), width, height, gameBoard.replayMargin);
      }
      board.draw({ view, tiles: frame.board, lastPlaced: frame.lastPlaced, targets: null, ghost: frame.ghost || null });
    },
  };
}
