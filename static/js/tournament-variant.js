// A tournament's variant in words, on the list and on a tournament's page: the options
// its tables play that differ from the game's defaults ("Rule set: Junior · Tiles in
// hand: 3"), named by the game's own options description (games/<kind>/options.js),
// in the page's language. The move clock is left out: the page says the pace.
import { loadOptions, optionLabel, optionValue } from "./games/options.js";

const LEFT_OUT = new Set(["turn_seconds"]);

/** The options of `options` that differ from the schema's defaults, in words. */
export function variantText(how, schema, options) {
  const properties = schema?.properties || {};
  return Object.entries(options || {})
    .filter(([name, value]) => !LEFT_OUT.has(name) && name in properties && properties[name].default !== value)
    .map(([name, value]) => `${optionLabel(how, name)}: ${optionValue(how, name, value)}`)
    .join(" · ");
}

/** Fill every `.tournament-variant` of the page (data-kind, data-options) from the
 * server's catalogue (`games`, boot.page.games). */
export async function showVariants(games) {
  const spans = [...document.querySelectorAll(".tournament-variant")];
  const kinds = [...new Set(spans.map((span) => span.dataset.kind))];
  const described = Object.fromEntries(await Promise.all(kinds.map(async (kind) => [kind, await loadOptions(kind)])));
  for (const span of spans) {
    const game = (games || []).find((entry) => entry.name === span.dataset.kind);
    const how = described[span.dataset.kind];
    if (!game || !how) continue;
    const words = variantText(how, game.options, JSON.parse(span.dataset.options || "{}"));
    span.textContent = words ? ` (${words})` : "";
  }
}
