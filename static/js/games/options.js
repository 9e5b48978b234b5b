// Which options description shows the options and results of which game: the
// lobby, solo and table pages fetch games/<kind>/options.js for the games the
// server's catalogue offers (boot.page.games), and never name a game themselves.
const OPTION_LOADERS = {
  chromino: async () => (await import("./chromino/options.js")).default,
  triominos: async () => (await import("./triominos/options.js")).default,
};

/** The options description of `kind` (games/<kind>/options.js), or null for a kind this front end does not know. */
export async function loadOptions(kind) {
  const load = Object.hasOwn(OPTION_LOADERS, kind) ? OPTION_LOADERS[kind] : null;
  return load ? load() : null;
}
