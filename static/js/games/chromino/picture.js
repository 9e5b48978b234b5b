// Chromino's board as a small picture (board/thumbnail.js): its tiles as the board
// draws them, in the box around them.
import { CELL, bounds, drawTile } from "./tiles.js";

export default {
  className: "chromino-thumb",
  drawTile: (placement) => drawTile(placement),
  /** The box around the placements, in board units. */
  box(board) {
    const cells = bounds(board);
    if (!cells) return null;
    const x = cells.minX * CELL;
    const y = cells.minY * CELL;
    return { x, y, width: (cells.maxX + 1) * CELL - x, height: (cells.maxY + 1) * CELL - y };
  },
};
