// The small pictures of a game's board in the lists of my games: games/<kind>/picture.js,
// fetched through the registry when a list first shows a game of that kind, with its
// tile drawing alone (none of the live board's placing).
import { KINDS, loadPart } from "./registry.js";

/** The board picture of `kind` ({box, drawTile, className}), or null for a kind this front end does not know. */
export async function loadPicture(kind) {
  return KINDS.includes(kind) ? (await loadPart(kind, "picture")).default : null;
}
