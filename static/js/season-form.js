// The form that creates a season (templates/tournaments.html, for whoever may organise):
// the game and its rules chosen as in the tournament form, the choices sent to
// POST /api/seasons, each refusal shown at its field, or the new season's page opened.
import { boot } from "./api.js";
import { gameChooser, loadCatalogue, optionFields } from "./options-form.js";
import { clearErrors, myZone, send, showRefusal } from "./tournament-form.js";
import { zonedMoment } from "./zoned-moment.js";

const NUMBERS = ["smallest", "largest", "legs", "every_days", "window_minutes", "division_size", "movers"];
const PREFIX = "season-error-";

/** The organiser's choices as the API takes them (`options`: the rules' fields). */
function choicesOf(form, options) {
  const data = new FormData(form);
  const choices = {
    name: String(data.get("name") || ""),
    kind: String(data.get("game") || ""),
    rated: data.has("rated"),
    repeat: data.has("repeat"),
    options: options ? options.read() : {},
  };
  for (const name of NUMBERS) choices[name] = Number(data.get(name));
  const starts = String(data.get("starts_at") || "");
  // The first start is required: without one the API names the field.
  if (starts) choices.starts_at = zonedMoment(starts, myZone());
  return choices;
}

/** Wire `form`: its game chooser and rules, and its submit button (drawn disabled, so
 * nothing is sent before the handler is in place). */
export async function wireSeasonForm(form) {
  let options = null;
  const catalogue = await loadCatalogue(boot.page?.games);
  gameChooser(form.querySelector(".game-choice"), catalogue, {
    onChange: (entry) => {
      options = optionFields(form.querySelector(".option-fields"), entry, { idPrefix: "season-option" });
    },
  });
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    clearErrors(form);
    if (options && !options.check()) return;
    const submit = form.querySelector("[type=submit]");
    submit.disabled = true;
    const { made, problems } = await send("/api/seasons", choicesOf(form, options));
    if (made) {
      location.assign(`/seasons/${encodeURIComponent(made.id)}`);
      return;
    }
    submit.disabled = false;
    for (const [field, message] of problems.reverse()) showRefusal(form, PREFIX, field, message);
  });
  form.querySelector("[type=submit]").disabled = false;
}
