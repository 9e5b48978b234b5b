// The puzzle page's words and times (static/js/puzzle.js), worked out from what the
// server answered: a timed run's clock read on the server's time, a try's verdict and
// rating change, a run's end. No page here, so the unit tests under Node call them.
import { sentences, signedText, t, tn } from "./i18n.js";

/** The server's clock minus this device's, in milliseconds, from the server's time
 * when it wrote the page (an ISO moment) and the device's then; 0 when unreadable. */
export function clockOffset(serverNow, deviceNow) {
  const server = Date.parse(serverNow);
  return Number.isFinite(server) ? server - deviceNow : 0;
}

/** Milliseconds left until `endsAt` (an ISO moment of the server's clock), read on this
 * device's clock corrected by `offset`; never less than 0. */
export function timeLeft(endsAt, deviceNow, offset) {
  const ends = Date.parse(endsAt);
  if (!Number.isFinite(ends)) return 0;
  return Math.max(0, ends - (deviceNow + offset));
}

/** A countdown as a clock shows it: "3:00", "2:05", "0:09". A part of a second left
 * counts as a second, so "0:00" means the time is up. */
export function clockText(milliseconds) {
  const seconds = Math.max(0, Math.ceil(milliseconds / 1000));
  const minutes = Math.floor(seconds / 60);
  return `${minutes}:${String(seconds % 60).padStart(2, "0")}`;
}

/** What a judged try was: solved, solved after the hint, or not the answer. */
export function verdictText(answer, hinted) {
  if (!answer.correct) return t("Not the answer.");
  return hinted ? t("Solved, with the hint.") : t("Solved!");
}

/** What a try did to my puzzle rating: "Your puzzle rating: 1500 → 1512 (+12)"; a try
 * after the first (`rated` null) is practice and changes nothing. */
export function ratingText(rated) {
  if (!rated) return t("Practice: your rating does not change.");
  const change = signedText(rated.after - rated.before);
  return t("Your puzzle rating: {before} → {after} ({change})", { before: rated.before, after: rated.after, change });
}

/** A run's end: how many were solved, and whether that is a new best. */
export function runEndText(run) {
  const solved = tn("You solved {count} puzzle.", "You solved {count} puzzles.", run.score);
  const best = run.score > 0 && run.score >= run.best ? t("Your best so far!") : "";
  return sentences(solved, best);
}

/**
 * A server's text cut where it names one of `tiles` (as the engine spells them), so the
 * page can show the tile's picture there: [{text}, {tile}, {text}, …]. Only whole words
 * count ("BRY", not the letters in a longer word).
 */
export function tileParts(text, tiles) {
  if (!text) return [];
  const names = [...new Set(tiles)].map((name) => String(name).replace(/[^\w]/g, "")).filter(Boolean);
  if (!names.length) return [{ text }];
  const found = new RegExp(`\\b(${names.join("|")})\\b`, "g");
  const parts = [];
  let from = 0;
  for (const match of text.matchAll(found)) {
    if (match.index > from) parts.push({ text: text.slice(from, match.index) });
    parts.push({ tile: match[1] });
    from = match.index + match[1].length;
  }
  if (from < text.length) parts.push({ text: text.slice(from) });
  return parts;
}
