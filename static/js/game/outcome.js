// What the end of a game meant beyond its board: the ratings it moved, and, for the
// daily deal, the day's result and streak. Both are read once the game is over (GET
// /api/games/{id}/ratings, GET /api/daily) and kept on the state: a later snapshot
// carries the ratings as the room loaded them, which these replace at the end.
import { api, el } from "../api.js";
import { sentences, signedText, t, tn } from "../i18n.js";
import { ratingBadge, ratingText, ratingWords } from "../ratings.js";

/** A seat's rating to show: the game's outcome once read, else the snapshot's. */
export function seatRating(state, seat) {
  const seen = state.outcome?.seats?.[seat];
  return seen === undefined ? state.ratings[seat] : seen;
}

/** "+4 → 1504?" beside a name after a rated game, the badge alone otherwise (and
 * null with nothing to show). Said in words to screen readers. */
export function ratingWithChange(rating) {
  if (!rating) return null;
  if (rating.change === null || rating.change === undefined) return ratingBadge(rating);
  const classes = ["rating-badge", "rating-change"];
  if (rating.provisional) classes.push("provisional");
  if (rating.hidden) classes.push("hidden-own");
  const words = sentences(t("{change} in this game.", { change: signedText(rating.change) }), ratingWords(rating));
  const sign = rating.change > 0 ? "up" : rating.change < 0 ? "down" : "same";
  return el(
    "span",
    { class: classes.join(" "), title: words, "data-testid": "rating-change", "data-change": rating.change },
    el("span", { "aria-hidden": "true" }, el("span", { class: `change ${sign}` }, signedText(rating.change)), ` → ${ratingText(rating)}`),
    el("span", { class: "visually-hidden" }, words),
  );
}

/** The line under the end's list of a rated game: why a game moves a rating so
 * little, and what "?" means while some rating shown is still provisional. */
export function ratingNote(state) {
  const outcome = state.outcome;
  if (!outcome?.rated) return "";
  const shown = outcome.seats.filter((seat) => seat && seat.change !== null);
  if (!shown.length) return "";
  const little = t("A game moves a rating by a few points: luck plays a large part in one game, so it says little about skill.");
  if (!shown.some((seat) => seat.provisional)) return little;
  const count = outcome.provisional_games;
  const provisional = tn(
    "“?”: provisional, fewer than {count} rated game of this kind so far.",
    "“?”: provisional, fewer than {count} rated games of this kind so far.",
    count,
  );
  return sentences(provisional, little);
}

/** Read the game's outcome once it is over (not for a solo game: nobody's rating
 * moves); `done` redraws the page with it. */
export async function loadOutcome(state, done) {
  if (state.outcomeAsked || state.solo || !state.game?.finished) return;
  state.outcomeAsked = true;
  const asked = state.gameId;
  let outcome;
  try {
    outcome = await api("GET", `/api/games/${encodeURIComponent(asked)}/ratings`);
  } catch {
    return; // the snapshot's ratings stay
  }
  if (state.gameId !== asked) return; // the page moved on to the rematch meanwhile
  state.outcome = outcome;
  done();
}

const DAILY_RETRY_MS = 5000;
const DAILY_RETRIES = 24;

/** Whether this solo game is a daily deal of mine, read once it is over from GET
 * /api/daily (today's scored attempt or practice): `state.daily` is then
 * `{scored, attempt, streak}`, or null for any other game (undefined while asked). */
export function loadDaily(state, done) {
  if (state.dailyAsked || !state.solo || state.seat === null || !state.game?.finished) return;
  state.dailyAsked = true;
  askDaily(state, done, 0);
}

/** Ask, and while the scored attempt waits for Hard's game (its percentage null),
 * ask again a little later, for a few minutes: the line fills in by itself. */
async function askDaily(state, done, tries) {
  let today;
  try {
    today = await api("GET", "/api/daily");
  } catch {
    if (state.daily === undefined) state.daily = null;
    done();
    return;
  }
  state.daily = null;
  for (const entry of today.games || []) {
    if (entry.scored?.game_id === state.gameId) state.daily = { scored: true, attempt: entry.scored, streak: today.streak };
    const practice = (entry.practice || []).find((attempt) => attempt.game_id === state.gameId);
    if (practice) state.daily = { scored: false, attempt: practice, streak: today.streak };
  }
  done();
  const waiting = state.daily?.scored && (state.daily.attempt.percent === null || state.daily.attempt.percent === undefined);
  if (waiting && tries < DAILY_RETRIES) setTimeout(() => askDaily(state, done, tries + 1), DAILY_RETRY_MS);
}

/** The daily deal's lines on the end screen: the scored result (its percentage of
 * the Hard bot's, or that it comes once the bot has played), or that this was
 * practice; then the streak. */
export function dailyLines(daily) {
  const { scored, attempt, streak } = daily;
  let result;
  if (!scored) result = t("A practice game of today's deal: not scored.");
  else if (attempt.percent !== null && attempt.percent !== undefined) {
    result = t("Today's scored game: {percent} % of the Hard bot.", { percent: attempt.percent });
  } else result = t("Your percentage appears when the Hard bot has played the deal.");
  return [
    el("span", { class: "daily-result", "data-testid": "end-daily-result" }, result),
    el("span", { class: "daily-streak", "data-testid": "end-daily-streak" }, tn("Your streak: {count} day", "Your streak: {count} days", streak)),
  ];
}
