// Which game module shows a game of which kind. The page learns the kind from the
// server (boot.page.game, and the "game" field of the welcome message); a game sent
// without one is Chromino, the only kind there was before the field. Every game's
// modules are fetched when a page needs them (a game's own pages preload its
// index.js), so a page loads no game it does not show.
export const DEFAULT_KIND = "chromino";

const LOADERS = {
  chromino: async () => (await import("./chromino/index.js")).default,
  triominos: async () => (await import("./triominos/index.js")).default,
};

/** Every kind this front end shows, in the order the pages list them. */
export const KINDS = Object.keys(LOADERS);

/** The modules of a game that pages other than its board use, each the same file name
 * in every game's folder: its rules page's pictures, how the lobby, solo and table
 * pages show its options, a small picture of its board for the lists of games, and
 * its tiles in the palette's preview. */
const PARTS = new Set(["diagrams", "options", "picture", "preview"]);

/** The kind a page should show: the one given, or Chromino when none is. */
export function kindOf(kind) {
  return kind || DEFAULT_KIND;
}

/** The game module for `kind`; fails for a kind this front end does not know. */
export async function loadGame(kind) {
  const load = Object.hasOwn(LOADERS, kind) ? LOADERS[kind] : null;
  if (!load) throw new Error(`no game module for the kind ${JSON.stringify(kind)}`);
  return load();
}

/** A game's own module for another page (one of PARTS: `./<kind>/<part>.js`), fetched
 * when that page needs it. */
export async function loadPart(kind, part) {
  if (!Object.hasOwn(LOADERS, kind)) throw new Error(`no game module for the kind ${JSON.stringify(kind)}`);
  if (!PARTS.has(part)) throw new Error(`no part ${JSON.stringify(part)} in a game's folder`);
  return import(`./${kind}/${part}.js`);
}
