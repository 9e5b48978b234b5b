// Chromino's tiles in the palette's preview (Preferences): three tiles, a chameleon
// among them, so every colour shows, with its symbols when those are on.
import { tileIcon } from "./tiles.js";

const TILES = ["RYG", "BXP", "GPB"];

/** The preview's tiles as small pictures, each sized here (a strip of three squares). */
export function previewTiles() {
  return TILES.map((name) => {
    const icon = tileIcon(name, "E", { class: "tile-icon palette-tile" });
    Object.assign(icon.style, { width: "78px", height: "26px" });
    return icon;
  });
}
