// A player's rating beside their name, written once for every page that shows one (a
// table's seats, the lobby's open tables, the game page's players): "1532", "1480?"
// while it is provisional, "new" before the first rated game. The server sends only
// what the reader may see (web/ratings/read.py: null where there is nothing to show,
// a rating someone hides from the others); the reader's own hidden rating is drawn
// dashed and said to be hidden. A bot's is its fixed rating, which says how strong it is.
import { el } from "./api.js";
import { t } from "./i18n.js";

/** What the badge shows: "1532", "1480?", "new". */
export function ratingText(rating) {
  if (rating.rating === null) return t("new");
  return rating.provisional ? `${rating.rating}?` : String(rating.rating);
}

/** What it means, in words (the badge's title, and what a screen reader says). */
export function ratingWords(rating) {
  let words;
  if (rating.rating === null) words = t("New: no rated game yet");
  else if (rating.provisional) words = t("Rating {rating}, provisional: few rated games yet", { rating: rating.rating });
  else words = t("Rating {rating}", { rating: rating.rating });
  return rating.hidden ? t("{rating} (hidden from the others)", { rating: words }) : words;
}

/** The badge beside a name, or null when there is nothing to show. */
export function ratingBadge(rating) {
  if (!rating) return null;
  const classes = ["rating-badge"];
  if (rating.provisional) classes.push("provisional");
  if (rating.hidden) classes.push("hidden-own");
  const words = ratingWords(rating);
  return el(
    "span",
    { class: classes.join(" "), title: words, "data-testid": "rating" },
    el("span", { "aria-hidden": "true" }, ratingText(rating)),
    el("span", { class: "visually-hidden" }, words),
  );
}

/** A person's name as a link to their profile (`/players/{id}`); a bot's as it is.
 * `newTab`: opened beside the page (the game page, which a click must not leave). */
export function profileLink(userId, name, { newTab = false, ...attributes } = {}) {
  if (userId === null || userId === undefined) return name;
  const tab = newTab ? { target: "_blank", rel: "noopener" } : {};
  // The note is its own argument to t() (a text inside a template literal is never extracted).
  const note = newTab ? el("span", { class: "visually-hidden" }, " ", t("(opens in a new tab)")) : null;
  return el("a", { href: `/players/${userId}`, class: "profile-link", ...tab, ...attributes }, name, note);
}
