// The tournaments' list (templates/tournaments.html): each line's variant in words, and
// the form that creates a tournament. The form sends the organiser's choices to
// POST /api/tournaments and shows a refusal at the field it names (a field the form
// lacks, under the form), or opens the new tournament's page.
import { boot, sentenceCase, showError } from "./api.js";
import { t } from "./i18n.js";
import { gameChooser, loadCatalogue, optionFields } from "./options-form.js";
import { showVariants } from "./tournament-variant.js";

const $ = (id) => document.getElementById(id);
const form = $("tournament-form");
const NUMBERS = ["smallest", "largest", "rounds"];
let options = null;

/** The reader's zone (their preference, else this device's). */
function myZone() {
  return boot.me?.preferences?.time_zone || Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
}

/** A wall time ("2027-01-10T18:30", from a datetime-local field) in `zone`, as an ISO
 * moment: the zone's offset at that time, found by writing a first guess in it. */
export function zonedMoment(wall, zone) {
  const [date, time] = wall.split("T");
  const [year, month, day] = date.split("-").map(Number);
  const [hour, minute] = time.split(":").map(Number);
  const guess = Date.UTC(year, month - 1, day, hour, minute);
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-US", { timeZone: zone, hourCycle: "h23", year: "numeric", month: "numeric", day: "numeric", hour: "numeric", minute: "numeric" })
      .formatToParts(new Date(guess))
      .map((part) => [part.type, Number(part.value)]),
  );
  const shown = Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute);
  return new Date(guess - (shown - guess)).toISOString();
}

function clearErrors() {
  form.querySelectorAll(".form-error").forEach((box) => showError(box, ""));
  form.querySelectorAll("[aria-invalid]").forEach((field) => field.removeAttribute("aria-invalid"));
}

/** Show a refusal at its field: the store names it in `field`, pydantic in `loc`. */
function showRefusal(field, message) {
  const box = $(`error-${field}`) || $("error-form");
  showError(box, message);
  const input = form.elements[field];
  if (input instanceof HTMLElement) {
    input.setAttribute("aria-invalid", "true");
    input.focus();
  }
}

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
  const starts = String(data.get("starts_at") || "");
  if (starts) choices.starts_at = zonedMoment(starts, myZone());
  return choices;
}

/** Each problem of a refusal at its field: the store names one in `field`, pydantic
 * each of its own in `loc` (["body", "smallest"]); [] when the answer was a success. */
async function send(choices) {
  let response;
  try {
    response = await fetch("/api/tournaments", {
      method: "POST",
      credentials: "same-origin",
      headers: { "Content-Type": "application/json", Accept: "application/json", "Accept-Language": document.documentElement.lang || "en" },
      body: JSON.stringify(choices),
    });
  } catch {
    return { problems: [["form", t("The server cannot be reached. Check your connection.")]] };
  }
  const data = await response.json().catch(() => null);
  if (response.ok) return { made: data, problems: [] };
  const detail = data?.detail;
  if (Array.isArray(detail)) return { problems: detail.map((problem) => [String(problem.loc?.[1] ?? "form"), sentenceCase(String(problem.msg))]) };
  const message = detail?.message ? sentenceCase(detail.message) : t("Something went wrong.");
  return { problems: [[detail?.field || "form", message]] };
}

async function create(event) {
  event.preventDefault();
  clearErrors();
  if (options && !options.check()) return;
  const submit = form.querySelector("[type=submit]");
  submit.disabled = true;
  const { made, problems } = await send(body());
  if (made) {
    location.assign(`/tournaments/${encodeURIComponent(made.id)}`);
    return;
  }
  submit.disabled = false;
  for (const [field, message] of problems.reverse()) showRefusal(field, message);
}

async function wireForm() {
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
