// The names of the seats as a page shows them. A bot's seat is stored with its English
// name ("Hard bot"); every page names it in the reader's language instead.
import { t } from "../i18n.js";

/** A bot's name in the reader's language ("Hard bot"), or undefined for an unknown bot. */
export function botName(bot) {
  const words = { random: t("Easy bot"), greedy: t("Medium bot"), strong: t("Hard bot") };
  return words[bot];
}

const GUEST = /^Guest (\d{6})$/; // a new guest's drawn name, as stored (web/people/names.py)
/** The seat of an account that is gone (deleted, or a guest pruned), as stored; nobody
 * may choose these names (web/people/names.py, FORMER_PLAYER). */
const FORMER = new Set(["a former player", "former guest"]);

/** A person's name as the page shows it: a new guest's drawn name ("Guest 123456", stored
 * in English; nobody may choose one of that form) in the reader's words ("Гость 123456"),
 * the seat of an account that is gone as "a former player" in them, any other as they
 * chose it. */
export function personName(name) {
  if (FORMER.has(name)) return t("a former player");
  const drawn = GUEST.exec(name || "");
  return drawn ? t("Guest {number}", { number: drawn[1] }) : name;
}

/** The seats' names as the page shows them: a bot's in the reader's language (the
 * server stores the English one with the seat), a person's as they chose it (a new
 * guest's drawn one in the reader's words). */
export function shownNames(players, bots = []) {
  return players.map((name, seat) => botName(bots[seat]) ?? personName(name));
}
