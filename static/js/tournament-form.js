// What the forms creating a tournament and a season share (templates/tournaments.html):
// the reader's time zone for the first start, sending the choices to the API, and each
// refusal shown at the field it names (a field the form lacks, under the form). Each
// form's error boxes carry its own prefix ("error-name", "season-error-name"), so the
// two forms on one page never share an id.
import { sentenceCase, showError, boot } from "./api.js";
import { t } from "./i18n.js";

/** The reader's zone (their preference, else this device's). */
export function myZone() {
  return boot.me?.preferences?.time_zone || Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
}

/** Hide every error box of `form` and clear its fields' invalid marks. */
export function clearErrors(form) {
  form.querySelectorAll(".form-error").forEach((box) => showError(box, ""));
  form.querySelectorAll("[aria-invalid]").forEach((field) => field.removeAttribute("aria-invalid"));
}

/** Show a refusal at its field's box (`${prefix}${field}`), else at the form's own. */
export function showRefusal(form, prefix, field, message) {
  const box = document.getElementById(`${prefix}${field}`) || document.getElementById(`${prefix}form`);
  showError(box, message);
  const input = form.elements[field];
  if (input instanceof HTMLElement) {
    input.setAttribute("aria-invalid", "true");
    input.focus();
  }
}

/** POST `choices` to `url`: {made} on success, else each problem of the refusal at its
 * field (the store names one in `field`, pydantic each of its own in `loc`, as
 * ["body", "smallest"]). */
export async function send(url, choices) {
  let response;
  try {
    response = await fetch(url, {
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
