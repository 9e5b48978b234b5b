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

/** An option's name on the table and game pages: the description's short label, else its label. */
export function optionLabel(how, name) {
  const field = how?.fields?.[name];
  return field ? (field.short || field.label)() : name;
}

/** An option's value in words: the description's own, else yes/no, a number, or a dash. */
export function optionValue(how, name, value, { yes, no }) {
  const words = how?.valueText?.(name, value);
  if (words) return words;
  if (typeof value === "boolean") return value ? yes : no;
  return value === null ? "—" : String(value);
}
