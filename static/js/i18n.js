// Texts shown by the scripts, translated from the same Babel catalogs as the pages.
// Mark every text with t("...") so that `python -m web.i18n` extracts it.

const catalog = JSON.parse(document.getElementById("i18n-catalog")?.textContent || "{}");

/** The translation of `message`, with {name} placeholders filled from `params`. */
export function t(message, params = {}) {
  const text = catalog[message] || message;
  return text.replace(/\{(\w+)\}/g, (whole, key) => (key in params ? String(params[key]) : whole));
}
