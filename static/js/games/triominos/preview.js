// Triominos' tiles in the palette's preview (Preferences): three tiles, the middle one
// pointing down, so every number's colour and mark shows.
import { tileIcon } from "./tiles.js";

const TILES = ["012", "345", "505"];

/** The preview's tiles as small pictures, each sized here (a triangle). */
export function previewTiles() {
  return TILES.map((name, index) => {
    const icon = tileIcon(name, 0, { class: "palette-tile" }, { down: index === 1 });
    Object.assign(icon.style, { width: "76px", height: "66px" });
    return icon;
  });
}
