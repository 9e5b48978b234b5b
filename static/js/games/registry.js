// Which game module shows a game of which kind. The page learns the kind from the
// server (boot.page.game, and the "game" field of the welcome message); a game sent
// without one is Chromino, the only kind there was before the field. Chromino is
// imported up front (it is the default); another game's module is fetched when a
// page needs it, so Chromino's pages load nothing more than before.
import chromino from "./chromino/index.js";

export const DEFAULT_KIND = "chromino";

const LOADERS = {
  chromino: async () => chromino,
  triominos: async () => (await import("./triominos/index.js")).default,
};

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
