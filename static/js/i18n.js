// Texts shown by the scripts, translated from the same Babel catalogs as the pages.
// Mark every text with t("...") so that `python -m web.i18n` extracts it, and a text
// that depends on a count with tn("… one …", "… {count} …", count).

// Read from the page when there is one; without (the unit tests under Node), English.
const page = globalThis.document;
const catalog = JSON.parse(page?.getElementById("i18n-catalog")?.textContent || "{}");
/** CLDR plural category → index of the catalog's plural forms (web/i18n.py, key ""). */
const pluralRules = catalog[""] || {};
const language = page?.documentElement.lang || "en";
let categories = null;

function fill(text, params) {
  return text.replace(/\{(\w+)\}/g, (whole, key) => (key in params ? shown(params[key]) : whole));
}

function shown(value) {
  return typeof value === "number" ? numberText(value) : String(value);
}

/** A number as a reader writes it: a real minus sign ("−15"), never a hyphen ("-15").
 * Every number filled into a text goes through it, so scores, the log and the buttons
 * agree. */
export function numberText(value) {
  return value < 0 ? `\u2212${-value}` : String(value);
}

/** A change of score: "+12", "−5", "0". */
export function signedText(value) {
  return value > 0 ? `+${value}` : numberText(value);
}

/**
 * The locale dates and times are written in: the page's language, in this browser's
 * regional form. A browser that speaks the page's language gives its own tag ("en-IN":
 * "Wed, 9 Dec"; "en-US": "Wed, Dec 9"); one that does not (Hindi, with the English
 * catalog) lends its region to the page's language ("hi-IN" → "en-IN"), since a reader
 * in India reads Indian dates whatever the words' language.
 */
export function dateLocale() {
  const tags = navigator.languages?.length ? navigator.languages : [navigator.language].filter(Boolean);
  const speaks = (tag) => tag.split("-")[0].toLowerCase() === language;
  const first = tags[0];
  if (first && speaks(first)) return first;
  try {
    const region = first ? new Intl.Locale(first).region : undefined;
    if (region) return Intl.getCanonicalLocales(`${language}-${region}`)[0];
  } catch {
    // a tag this browser cannot read: as if it had no region
  }
  return tags.find(speaks) || language;
}

/** The translation of `message`, with {name} placeholders filled from `params`. */
export function t(message, params = {}) {
  const text = typeof catalog[message] === "string" ? catalog[message] : message;
  return fill(text, params);
}

/**
 * The text for `count` in the page's language: `one` ("1 turn") or `other` ("{count}
 * turns") in English, the catalog's plural form for the count's category elsewhere.
 * {count} and the `params` placeholders are filled.
 */
export function tn(one, other, count, params = {}) {
  const values = { count, ...params };
  const forms = catalog[one];
  if (Array.isArray(forms) && forms.length) {
    try {
      categories ||= new Intl.PluralRules(language);
    } catch {
      categories = new Intl.PluralRules("en");
    }
    const index = pluralRules[categories.select(count)];
    return fill(forms[index ?? forms.length - 1] ?? forms.at(-1), values);
  }
  return fill(count === 1 ? one : other, values);
}

/** Sentences one after another as the page's language writes them: a space after "."
 * in English, none after "。" in Japanese (the catalog's "{first} {second}"). */
export function sentences(...parts) {
  const said = parts.filter(Boolean);
  return said.length ? said.reduce((first, second) => t("{first} {second}", { first, second })) : "";
}

/** A name or label said before a sentence: "Red, yellow, green. Pick a place…" in
 * English, "…。…" in Japanese (the catalog's "{label}. {sentence}"). */
export function labelled(label, sentence) {
  return sentence ? t("{label}. {sentence}", { label, sentence }) : label;
}
