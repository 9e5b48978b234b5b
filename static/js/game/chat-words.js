// The words of table talk (game/chat.js): the preset reactions, what a line says and
// how a screen reader hears it, the refusals and the notes under the input. Pure
// functions of a line or of the chat's state (game/chat-model.js): no page involved,
// so the unit tests under Node read them as the page does.
import { t, tn } from "../i18n.js";
import { personName } from "./names.js";

/** The preset reactions: the code on the wire and its English words, the catalogs' source
 * (the server's web/talk/presets.py has the same texts, so one translation serves both). */
export const PRESETS = [
  ["hello", () => t("Hello!")],
  ["good_game", () => t("Good game!")],
  ["well_played", () => t("Well played!")],
  ["oops", () => t("Oops!")],
  ["thinking", () => t("Thinking…")],
  ["hurry", () => t("Hurry up, please!")],
  ["thanks", () => t("Thanks!")],
  ["nice_move", () => t("Nice move!")],
  ["good_luck", () => t("Good luck!")],
  ["rematch", () => t("Rematch?")],
  ["bye", () => t("Bye!")],
  ["sorry", () => t("Sorry!")],
];
const PRESET_WORDS = new Map(PRESETS);

export const MAX_TEXT = 300; // characters in a line of free text (web/talk/lines.py)
export const COUNTER_FROM = 240; // the counter shows from this many characters on

/** What a line says, in the reader's language: a preset as the server worded it for me
 * (its English words, translated here, if the server sent none), else the free text. */
export function lineWords(line) {
  if (line.preset) return line.said || PRESET_WORDS.get(line.preset)?.() || line.preset;
  return line.text || "";
}

export function spectatorMark() {
  return t("watching");
}

export function youMark() {
  return t("(you)");
}

/** A line as a screen reader hears it when it arrives. */
export function spokenLine(line) {
  const words = lineWords(line);
  return line.room === "spectators"
    ? t("{name} (watching): {text}", { name: personName(line.name), text: words })
    : t("{name}: {text}", { name: personName(line.name), text: words });
}

/** Free text as the server keeps it: spaces and line breaks made single spaces, trimmed. */
export function tidy(text) {
  return text.split(/\s+/).filter(Boolean).join(" ");
}

/** What the server's refusal of a line means, for the status under the input. */
export function refusalText(message) {
  switch (message.code) {
    case "chat_too_fast": {
      const seconds = Math.ceil(Number(message.retry_after));
      if (!(seconds > 0)) return t("Too fast: wait a moment before saying more.");
      return tn("Too fast: wait a second before saying more.", "Too fast: wait {count} seconds before saying more.", seconds);
    }
    case "chat_text_off":
      return t("Only the reactions are on at this table.");
    case "chat_muted":
      return t("The table's creator muted you.");
    case "chat_empty":
      return t("Write something first.");
    case "invalid_message":
      return t("That could not be sent: at most 300 characters, and text only.");
    default:
      return message.message || t("Something went wrong.");
  }
}

/** Why there is no text field, and who can change that. */
export function reactionsOnly(chat) {
  if (chat.moderator) return t("Only the reactions are on at this table. You made it: tick “Free text allowed” above to let everyone write.");
  if (chat.creator) return t("Only the reactions are on at this table. {name}, who made it, can allow free text.", { name: personName(chat.creator) });
  return t("Only the reactions are on at this table.");
}

/** The note over the input: why I cannot say anything, or type; empty when I can. */
export function whyNotText(chat) {
  if (chat.muted) return t("The table's creator muted you.");
  return chat.text ? "" : reactionsOnly(chat);
}

/** The badge's figure: the count of unread lines, "99+" beyond. */
export function badgeText(count) {
  return count > 99 ? "99+" : String(count);
}

/** The length counter under the input, shown near the limit only ("" below). */
export function counterText(length) {
  return length >= COUNTER_FROM ? t("{count} / {limit}", { count: length, limit: MAX_TEXT }) : "";
}

export function unreadText(count) {
  return count ? tn("1 unread line", "{count} unread lines", count) : "";
}

export function newBelowText(count) {
  return tn("1 new line below", "{count} new lines below", count);
}

export function notConnectedText() {
  return t("Not connected: wait for the connection to come back, then try again.");
}

export function droppedText() {
  return t("The connection dropped: your line may not have been said.");
}

export function writeFirstText() {
  return t("Write something first.");
}

/** What a moderation action did, said under the input. */
export function actionDoneText(kind, line) {
  if (kind === "report") return t("Reported: the server's admins will look at this line. Thank you.");
  if (kind === "mute") return t("You muted {name}: you no longer see their lines, and they no longer see yours.", { name: line.name });
  return t("{name} is muted at this table.", { name: line.name });
}

/** The free-text switch turned: what it means now. */
export function textSwitchedText(on) {
  return on ? t("Free text is on at this table.") : t("Only the reactions are on at this table.");
}
