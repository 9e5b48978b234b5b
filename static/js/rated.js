// Rated or casual: whether a table's games change the players' ratings (its creator's
// choice), in words, for the lobby's form and lists and the table page.
import { el } from "./api.js";
import { t } from "./i18n.js";

/** "Rated" or "Casual". */
export function ratedText(rated) {
  return rated ? t("Rated") : t("Casual");
}

/** What the choice means, in one line. */
export function ratedAbout(rated) {
  return rated ? t("The result changes the players' ratings.") : t("Just for fun: nobody's rating changes.");
}

/**
 * The choice for a new table, put into `container`: Rated (the default) or Casual, each
 * with its line. A table of one seat is always casual: `setSeats(count)` hides the
 * choice then. Rules that cannot be rated (open hands) make it casual, Rated unavailable
 * and a line saying why (`reason`, when not the rules), until they change:
 * `setRateable(rateable, reason)`. Returns {read(),
 * setSeats(count), setRateable(rateable)}: `read()` gives the request's `rated`.
 */
export function ratedChoice(container) {
  const choice = (rated) => {
    const value = rated ? "rated" : "casual";
    const helpId = `rated-help-${value}`;
    const input = el("input", { type: "radio", name: "rated", value, "data-testid": `rated-${value}`, "aria-describedby": helpId });
    const text = el("span", { class: "pace-choice-text" }, ratedText(rated), el("span", { class: "field-help", id: helpId }, ratedAbout(rated)));
    return { input, node: el("label", { class: "check pace-choice" }, input, text) };
  };
  const rated = choice(true);
  const casual = choice(false);
  rated.input.checked = true;
  let wanted = true; // the creator's own choice, kept while the rules forbid it
  rated.input.addEventListener("change", () => (wanted = rated.input.checked));
  casual.input.addEventListener("change", () => (wanted = !casual.input.checked));
  const why = el("span", { class: "field-help", "data-testid": "rated-why", hidden: true }, t("These rules cannot be rated: the table is casual."));
  const group = el("fieldset", { class: "rated-choice", "data-testid": "rated-choice" }, el("legend", {}, t("Rated or casual")), rated.node, casual.node, why);
  container.replaceChildren(group);
  return {
    read: () => ({ rated: !group.hidden && rated.input.checked }),
    setSeats(count) {
      group.hidden = count < 2;
    },
    setRateable(rateable, reason = null) {
      rated.input.disabled = !rateable;
      why.hidden = rateable;
      why.textContent = reason ?? t("These rules cannot be rated: the table is casual.");
      rated.input.checked = rateable && wanted;
      casual.input.checked = !rated.input.checked;
    },
  };
}
