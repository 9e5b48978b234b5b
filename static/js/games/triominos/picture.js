// The Triominos board as a small picture (board/thumbnail.js): its triangles as the
// board draws them, in the box around them.
import { UNIT, cameraBox } from "./geometry.js";
import { drawTile } from "./tiles.js";

export default {
  className: "tri-thumb",
  drawTile: (placement) => drawTile(placement),
  /** The box around the placements, in board units (cameraBox's maxima are one unit short). */
  box(board) {
    const camera = cameraBox(board);
    if (!camera) return null;
    const x = camera.minX * UNIT;
    const y = camera.minY * UNIT;
    return { x, y, width: (camera.maxX + 1) * UNIT - x, height: (camera.maxY + 1) * UNIT - y };
  },
};
