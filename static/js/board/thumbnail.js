// A small picture of a board, for the lists of my games: the tiles of a position (the
// placements GET /api/games/{id}/board sends, as the replay draws them), each drawn by
// its game's own tile drawing, on a square of felt. Only a picture: it is hidden from
// screen readers (the line beside it says the game in words) and takes no input.
import { s } from "../svg.js";

const MARGIN = 0.06; // of the picture's side, around the tiles

/**
 * The picture of `board` (a list of placements) drawn with `picture` (a game's
 * games/<kind>/picture.js: {box(board), drawTile(placement), className}), as an
 * <svg> `pixels` CSS pixels a side. An empty board is a felt square with a faint
 * dashed outline.
 */
export function boardThumbnail(picture, board, pixels) {
  const box = board.length ? picture.box(board) : null;
  const attributes = { class: `board-thumb ${picture.className || ""}`.trim(), "aria-hidden": "true", focusable: "false" };
  if (!box) {
    return s(
      "svg",
      { ...attributes, class: `${attributes.class} board-thumb-empty`, viewBox: "0 0 100 100" },
      s("rect", { class: "thumb-felt", x: 0, y: 0, width: 100, height: 100, rx: 12 }),
      s("rect", { class: "thumb-empty-mark", x: 30, y: 30, width: 40, height: 40, rx: 6 }),
    );
  }
  // A square around the tiles' box, so every line's picture is the same size and shape.
  const side = Math.max(box.width, box.height) / (1 - 2 * MARGIN);
  const left = box.x + box.width / 2 - side / 2;
  const top = box.y + box.height / 2 - side / 2;
  const svg = s(
    "svg",
    { ...attributes, viewBox: [left, top, side, side].map((value) => value.toFixed(1)).join(" ") },
    s("rect", { class: "thumb-felt", x: left.toFixed(1), y: top.toFixed(1), width: side.toFixed(1), height: side.toFixed(1), rx: (side * 0.12).toFixed(1) }),
    ...board.map((placement) => picture.drawTile(placement)),
  );
  // The tiles' edges stay visible however small the picture: board units per pixel.
  svg.style.setProperty("--px", (side / pixels).toFixed(3));
  return svg;
}
