// The share card as a picture: its first line, then its squares in their colours, drawn
// on a canvas from the card's text (the server's; the picture adds nothing to it).

const COLOURS = { "🟩": "#3a9d4a", "🟨": "#e3b53a", "⬜": "#d9dde3", "🟥": "#d2463c" };
const SQUARE = 28;
const GAP = 6;
const MARGIN = 18;
const LINE = 30;

/** A canvas with ``text`` (a card: a line of words, then lines of squares) drawn on it. */
export function drawCard(text) {
  const [title, ...rows] = text.trimEnd().split("\n");
  const squares = rows.map((row) => [...row].filter((square) => square in COLOURS));
  const widest = Math.max(1, ...squares.map((row) => row.length));
  const canvas = document.createElement("canvas");
  const context = canvas.getContext("2d");
  context.font = "bold 18px system-ui, sans-serif";
  const titleWidth = context.measureText(title).width;
  canvas.width = Math.ceil(Math.max(titleWidth, widest * (SQUARE + GAP) - GAP) + 2 * MARGIN);
  canvas.height = MARGIN * 2 + LINE + squares.length * (SQUARE + GAP);
  context.fillStyle = "#ffffff";
  context.fillRect(0, 0, canvas.width, canvas.height);
  context.fillStyle = "#1d2330";
  context.font = "bold 18px system-ui, sans-serif";
  context.textBaseline = "top";
  context.fillText(title, MARGIN, MARGIN);
  squares.forEach((row, line) => {
    row.forEach((square, column) => {
      context.fillStyle = COLOURS[square];
      const x = MARGIN + column * (SQUARE + GAP);
      const y = MARGIN + LINE + line * (SQUARE + GAP);
      context.fillRect(x, y, SQUARE, SQUARE);
    });
  });
  return canvas;
}
