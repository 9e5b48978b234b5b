// Seats on this device (pass-and-play, docs/pass-and-play.md) in the table form: a seat
// whose kind is "On this device" asks for the name of who plays it; once one seat is
// played here, the creator's own seat is too (named after them, a name they may
// change), and the table is casual (one account, several players: no rating). The
// server checks the names again and says what is wrong; this only saves a round trip.
import { t } from "./i18n.js";

export const LOCAL_NAME_LENGTH = 24; // as the server's LOCAL_NAME_LENGTH

const items = (list) => [...list.querySelectorAll(":scope > li")];
const kindOf = (item) => item.querySelector(".seat-kind").value;

/** Whether any seat is played on this device. */
export function anyLocal(list) {
  return items(list).some((item, index) => index > 0 && kindOf(item) === "local");
}

/**
 * Show the name field of each seat played here; the creator's seat is one once any is,
 * filled in with `myName` (my name now: called again when I save another, the field
 * follows it unless I typed a name of my own there).
 */
export function followLocalSeats(list, myName) {
  const local = anyLocal(list);
  items(list).forEach((item, index) => {
    const here = index === 0 ? local : kindOf(item) === "local";
    const field = item.querySelector(".seat-name-field");
    field.hidden = !here;
    const input = field.querySelector(".seat-name");
    input.setAttribute("aria-required", String(here));
    if (here && index === 0 && (!input.value || input.value === input.dataset.filled)) {
      input.value = (myName || "").slice(0, LOCAL_NAME_LENGTH);
      input.dataset.filled = input.value; // what this filled in, not what the player typed
    }
    if (!here) input.removeAttribute("aria-invalid");
  });
}

/** The seats as the server reads them: {kind}, {kind: "bot", bot} or {kind: "local", name}. */
export function seatsOf(list) {
  const local = anyLocal(list);
  return items(list).map((item, index) => {
    const name = item.querySelector(".seat-name").value.trim();
    if (kindOf(item) === "local" || (index === 0 && local)) return { kind: "local", name };
    const [kind, bot] = kindOf(item).split(":");
    return bot ? { kind, bot } : { kind };
  });
}

/** A problem with the names of the seats played here (the field focused), or "". */
export function namesProblem(list) {
  const seen = new Set();
  for (const item of items(list)) {
    const field = item.querySelector(".seat-name-field");
    if (field.hidden) continue;
    const input = field.querySelector(".seat-name");
    const name = input.value.trim().replace(/\s+/g, " ");
    const problem = !name
      ? t("Give each seat on this device the name of who plays it.")
      : seen.has(name.toLocaleLowerCase())
        ? t("{name} already plays at this table: give each seat on this device a name of its own.", { name })
        : "";
    input.toggleAttribute("aria-invalid", Boolean(problem));
    if (problem) {
      input.focus();
      return problem;
    }
    seen.add(name.toLocaleLowerCase());
  }
  return "";
}
