// A Chromino game's positions, move by move, from its record (chromino-game/1,
// RULES.md section 9). The record holds the deal, the bag in drawing order and
// every move, so each position is bookkeeping: a play puts the tile on the board
// and takes it from the hand; a draw (or a timeout's penalty, while the bag lasts)
// moves the bag's first tile to the hand.
import { createView, fitView, mountBoard, wireViewControls } from "../../board.js";
import { bounds } from "../../tiles.js";

/** frames[i]: the position after i moves: {board, hands, bag, lastPlaced}. */
export function replayFrames(record) {
  const hands = record.hands.map((hand) => [...hand]);
  let bagIndex = 0;
  let board = [record.start];
  const frames = [{ board, hands: hands.map((hand) => [...hand]), bag: record.bag.length, lastPlaced: null }];
  let lastPlaced = null;
  for (const move of record.moves) {
    const hand = hands[move.player];
    if (move.action === "play") {
      const placement = { tile: move.tile, x: move.x, y: move.y, dir: move.dir };
      board = [...board, placement];
      const index = hand.indexOf(move.tile);
      if (index >= 0) hand.splice(index, 1);
      lastPlaced = placement;
    } else if (move.action === "draw" || (move.action === "timeout" && bagIndex < record.bag.length)) {
      if (bagIndex < record.bag.length) hand.push(record.bag[bagIndex++]);
    }
    frames.push({
      board,
      hands: hands.map((h) => [...h]),
      bag: record.bag.length - bagIndex,
      lastPlaced,
    });
  }
  return frames;
}

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
      board.draw({ view, tiles: frame.board, lastPlaced: frame.lastPlaced, targets: null, ghost: null });
    },
  };
}
