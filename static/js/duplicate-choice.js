// Duplicate or not: whether every person at a new table plays the same deal alone, on a
// board of their own (docs/duplicate.md), for the lobby's form; and the words the table
// page says of it.
import { el } from "./api.js";
import { t } from "./i18n.js";

/** What a duplicate table is, in one line. */
export function duplicateAbout() {
  return t("Everyone plays the same deal and the same draws alone, at their own pace; the ranking compares the results.");
}

/**
 * The choice for a new table, put into `container`: a checkbox with its line, hidden for
 * a game alone (`setSeats(count)`). `changed()` is called when it is ticked or not.
 * Returns {read(), on(), setSeats(count)}: `read()` gives the request's `duplicate`.
 */
export function duplicateChoice(container, changed) {
  const input = el("input", { type: "checkbox", name: "duplicate", "data-testid": "duplicate-choice", "aria-describedby": "duplicate-help" });
  input.addEventListener("change", () => changed());
  const label = el(
    "label",
    { class: "check pace-choice" },
    input,
    el("span", { class: "pace-choice-text" }, t("Duplicate: the same deal on everyone's own board"), el("span", { class: "field-help", id: "duplicate-help" }, duplicateAbout())),
  );
  const group = el("div", { class: "duplicate-choice" }, label);
  container.replaceChildren(group);
  return {
    read: () => (!group.hidden && input.checked ? { duplicate: true } : {}),
    on: () => !group.hidden && input.checked,
    setSeats(count) {
      group.hidden = count < 2;
    },
  };
}
