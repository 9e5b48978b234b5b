// The options and results of each game as the lobby, solo and table pages show them:
// those pages fetch games/<kind>/options.js (through the registry) for the games the
// server's catalogue offers (boot.page.games), and never name a game themselves.
import { t } from "../i18n.js";
import { KINDS, loadPart } from "./registry.js";

/** The options description of `kind` (games/<kind>/options.js), or null for a kind this front end does not know. */
export async function loadOptions(kind) {
  return KINDS.includes(kind) ? (await loadPart(kind, "options")).default : null;
}

/** An option's name on the table and game pages: the description's short label, else its label. */
export function optionLabel(how, name) {
  const field = how?.fields?.[name];
  return field ? (field.short || field.label)() : name;
}

/** An option's value in words: the description's own, else yes/no, a number, or a dash. */
export function optionValue(how, name, value) {
  const words = how?.valueText?.(name, value);
  if (words) return words;
  if (typeof value === "boolean") return value ? t("yes") : t("no");
  return value === null ? "—" : String(value);
}
