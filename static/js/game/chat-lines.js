// The elements of table talk: one line as a list item (the live panel and the replay),
// its "⋯" button, and the small menu of actions on it (report it, mute its author for
// me or, for the table's creator, at this table). Every word said is put on the page as
// text only (el() makes text nodes: markup stays as typed, links are not made clickable).
import { el } from "../api.js";
import { dateLocale, t } from "../i18n.js";
import { MAX_TEXT, lineWords, spectatorMark, youMark } from "./chat-words.js";
import { personName } from "./names.js";

/**
 * One line as a list item (the live panel and the replay): when it was said, the
 * author's name in bold, "watching" for a spectator's, "(you)" for mine, then what it
 * says — text only.
 */
export function lineItem(line, { mine = false } = {}) {
  const spectator = line.room === "spectators";
  const classes = ["chat-line", mine ? "mine" : "", spectator ? "from-spectator" : "", line.preset ? "preset" : "text"];
  const when = Number.isFinite(line.at) ? new Date(line.at * 1000) : null;
  const time = when
    ? el("time", { class: "chat-time", datetime: when.toISOString() }, when.toLocaleTimeString(dateLocale(), { hour: "numeric", minute: "2-digit" }))
    : null;
  return el(
    "li",
    { class: classes.filter(Boolean).join(" "), "data-testid": "chat-line", "data-seq": line.seq, "data-room": line.room },
    el(
      "p",
      { class: "chat-said" },
      time,
      el("strong", { class: "chat-author", "data-testid": "chat-author" }, personName(line.name)),
      spectator ? el("span", { class: "chat-tag", "data-testid": "chat-spectator" }, spectatorMark()) : null,
      mine ? el("span", { class: "chat-you" }, youMark()) : null,
      el("span", { class: "chat-words", "data-testid": "chat-words" }, lineWords(line)),
    ),
  );
}

/** A line of the live panel: its item and the "⋯" button that opens its actions (`onMore`). */
export function panelItem(line, { mine, onMore }) {
  const item = lineItem(line, { mine });
  const more = el(
    "button",
    { type: "button", class: "chat-more", "data-testid": "chat-more", "aria-expanded": "false", onclick: onMore },
    el("span", { class: "chat-more-dots", "aria-hidden": "true" }, "⋯"),
    el("span", { class: "visually-hidden" }, mine ? t("Report my line") : t("Report or mute: {name}", { name: line.name })),
  );
  item.append(more);
  return item;
}

/** The confirmation of a report: the question, an optional reason, Report and Cancel. */
function reportConfirm(line, actions, cancel) {
  const reasonId = `chat-reason-${line.seq}`;
  const reason = el("input", { id: reasonId, type: "text", maxlength: String(MAX_TEXT), autocomplete: "off", "data-testid": "chat-report-reason" });
  return el(
    "div",
    { class: "chat-menu chat-confirm", role: "group", "aria-label": t("Report this line") },
    el("p", {}, t("Report this line to the server's admins?")),
    el("label", { for: reasonId, class: "chat-reason" }, t("Why (optional)"), reason),
    el(
      "div",
      { class: "chat-menu-actions" },
      el("button", { type: "button", class: "danger", "data-testid": "chat-report-yes", onclick: () => actions.act("report", line, reason.value) }, t("Report")),
      cancel,
    ),
  );
}

/** The confirmation of a mute, for me everywhere ("mute") or at this table ("table"). */
function muteConfirm(line, kind, actions, cancel) {
  const question =
    kind === "mute"
      ? t("Mute {name}? You will no longer see their lines in any game, and they will no longer see yours.", { name: line.name })
      : t("Mute {name} at this table? They can still play, but say nothing here.", { name: line.name });
  const label = kind === "mute" ? t("Mute {name}", { name: line.name }) : t("Mute at this table");
  return el(
    "div",
    { class: "chat-menu chat-confirm", role: "group", "aria-label": label },
    el("p", {}, question),
    el(
      "div",
      { class: "chat-menu-actions" },
      el("button", { type: "button", class: "danger", "data-testid": `chat-${kind}-yes`, onclick: () => actions.act(kind, line) }, label),
      cancel,
    ),
  );
}

/**
 * The menu of a line's actions, or the confirmation `confirm` asks for. `mine`: my own
 * line (only a report); `moderator`: I made the table (a mute there too). `actions`:
 * {close(), confirm(kind), act(kind, line, reason)}.
 */
export function lineMenu(line, { confirm, mine, moderator }, actions) {
  const cancel = el("button", { type: "button", class: "chat-cancel", onclick: () => actions.close() }, t("Cancel"));
  if (confirm === "report") return reportConfirm(line, actions, cancel);
  if (confirm === "mute" || confirm === "table") return muteConfirm(line, confirm, actions, cancel);
  const choice = (testid, kind, words) => el("button", { type: "button", "data-testid": testid, onclick: () => actions.confirm(kind) }, words);
  const buttons = [choice("chat-report", "report", t("Report"))];
  if (!mine && line.user !== null && line.user !== undefined) {
    buttons.push(choice("chat-mute", "mute", t("Mute {name}", { name: line.name })));
    if (moderator) buttons.push(choice("chat-table-mute", "table", t("Mute at this table")));
  }
  buttons.push(cancel);
  return el(
    "div",
    { class: "chat-menu", role: "group", "aria-label": t("What to do with {name}'s line", { name: line.name }) },
    el("div", { class: "chat-menu-actions" }, ...buttons),
  );
}
