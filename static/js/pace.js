// A table's pace in words, wherever it is shown: the lobby's open tables, the table
// page, the create-table form and the lists of my games. A table is played in real
// time (one sitting, `turn_days` null) or turn by turn over days (`turn_days` the
// waking days each player has per move, 0 for no clock); its `on_timeout` says what
// happens to a player whose time ran out.
import { t, tn } from "./i18n.js";

/** The times per move a turn-based table may choose, in days (0: no clock), as the form offers them. */
export const TURN_DAYS = [1, 2, 3, 5, 7, 14, 0];
/** What a turn-based table may do when a player's time runs out (the server's `on_timeout`). */
export const ON_TIMEOUT = ["substitute", "timeout", "drop"];

/** Whether a table (or a game) is turn-based. */
export function isTurnBased(turnDays) {
  return turnDays !== null && turnDays !== undefined;
}

/** The time per move: "2 days per move", or "no clock". */
export function perMoveText(turnDays) {
  return turnDays ? tn("1 day per move", "{count} days per move", turnDays) : t("no clock");
}

/** A table's pace in a few words: "Real time", "Turn-based · 2 days per move". */
export function paceText(turnDays) {
  return isTurnBased(turnDays) ? `${t("Turn-based")} · ${perMoveText(turnDays)}` : t("Real time");
}

/** A time per move as the form offers it: "2 days", "No clock (among friends)". */
export function turnDaysChoice(turnDays) {
  return turnDays ? tn("1 day", "{count} days", turnDays) : t("No clock (among friends)");
}

/** What happens when a player's time runs out, in a few words (the form's choices). */
export function onTimeoutText(choice) {
  const words = {
    substitute: t("A bot takes over"),
    timeout: t("The turn is skipped"),
    drop: t("They leave the game"),
  };
  return words[choice] || choice;
}

/** What happens when a player's time runs out, said in full (under the form's choice,
 * and on the table page). */
export function onTimeoutAbout(choice) {
  const words = {
    substitute: t("The Hard bot plays for them until they take their seat back."),
    timeout: t("Their turn counts as a timeout, and the game goes on."),
    drop: t("They leave the game; the others play on."),
  };
  return words[choice] || choice;
}

const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** The time left before `deadline` (Unix seconds) at `now` (milliseconds): "1 d 4 h
 * left", "3 h 20 min left", "12 min left", "time is up". */
export function timeLeftText(deadline, now = Date.now()) {
  const left = Math.floor(deadline - now / 1000);
  if (left <= 0) return t("time is up");
  if (left >= DAY) return t("{days} d {hours} h left", { days: Math.floor(left / DAY), hours: Math.floor((left % DAY) / HOUR) });
  if (left >= HOUR) return t("{hours} h {minutes} min left", { hours: Math.floor(left / HOUR), minutes: Math.floor((left % HOUR) / MINUTE) });
  return t("{minutes} min left", { minutes: Math.max(1, Math.floor(left / MINUTE)) });
}

/** Whether little time is left before `deadline` (Unix seconds): under 6 hours. */
export function timeIsShort(deadline, now = Date.now()) {
  return deadline - now / 1000 < 6 * HOUR;
}
