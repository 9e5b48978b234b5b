// Which module draws a small picture of which game's board (the lists of my games):
// games/<kind>/picture.js, fetched when a list first shows a game of that kind, with
// its tile drawing alone (none of the live board's placing).
const PICTURE_LOADERS = {
  chromino: async () => (await import("./chromino/picture.js")).default,
  triominos: async () => (await import("./triominos/picture.js")).default,
};

/** The board picture of `kind` ({box, drawTile, className}), or null for a kind this front end does not know. */
export async function loadPicture(kind) {
  const load = Object.hasOwn(PICTURE_LOADERS, kind) ? PICTURE_LOADERS[kind] : null;
  return load ? load() : null;
}
