// The tournaments' list (templates/tournaments.html): each line's variant in words, the
// form that creates a tournament, and the one that creates a season (season-form.js).
// The tournament form sends the organiser's choices to POST /api/tournaments and shows
// a refusal at the field it names (a field the form lacks, under the form), or opens
// the new tournament's page.
import { boot } from "./api.js";
import { gameChooser, loadCatalogue, optionFields } from "./options-form.js";
import { wireSeasonForm } from "./season-form.js";
import { clearErrors, myZone, send, showRefusal } from "./tournament-form.js";
import { showVariants } from "./tournament-variant.js";
import { zonedMoment } from "./zoned-moment.js";

const $ = (id) => document.getElementById(id);
const form = $("tournament-form");
const NUMBERS = ["smallest", "largest", "rounds"];
let options = null;

function body() {
  const data = new FormData(form);
  const choices = {
    name: String(data.get("name") || ""),
    kind: String(data.get("game") || ""),
    format: data.get("format"),
    pace: data.get("pace"),
    visibility: data.get("visibility"),
    duplicate: data.has("duplicate"),
    rated: data.has("rated"),
    options: options ? options.read() : {},
  };
  for (const name of NUMBERS) choices[name] = Number(data.get(name));
  if (choices.format === "arena") {
    choices.window_minutes = Number(data.get("window_minutes"));
    choices.duplicate = false; // an arena has no rounds whose tables could share a deal
  }
  const starts = String(data.get("starts_at") || "");
  if (starts) choices.starts_at = zonedMoment(starts, myZone());
  return choices;
}

async function create(event) {
  event.preventDefault();
  clearErrors(form);
  if (options && !options.check()) return;
  const submit = form.querySelector("[type=submit]");
  submit.disabled = true;
  const { made, problems } = await send("/api/tournaments", body());
  if (made) {
    location.assign(`/tournaments/${encodeURIComponent(made.id)}`);
    return;
  }
  submit.disabled = false;
  for (const [field, message] of problems.reverse()) showRefusal(form, "error-", field, message);
}

/** An arena asks for its window instead of a number of rounds, and has no duplicate deals. */
function showFormatFields() {
  const arena = form.elements.format.value === "arena";
  $("rounds-field").hidden = arena;
  $("duplicate-field").hidden = arena;
  $("window-field").hidden = !arena;
}

async function wireForm() {
  form.elements.format.addEventListener("change", showFormatFields);
  showFormatFields();
  const catalogue = await loadCatalogue(boot.page?.games);
  gameChooser($("tournament-game"), catalogue, {
    onChange: (entry) => {
      options = optionFields($("tournament-options"), entry);
      options.setTurnBased(form.elements.pace.value === "days");
    },
  });
  form.elements.pace.addEventListener("change", () => options?.setTurnBased(form.elements.pace.value === "days"));
  form.addEventListener("submit", create);
  form.querySelector("[type=submit]").disabled = false;
}

showVariants(boot.page?.games);
if (form) wireForm();
const seasonForm = $("season-form");
if (seasonForm) wireSeasonForm(seasonForm);
