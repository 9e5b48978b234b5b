// The admin page (/admin, web.club.admin): each section is made by the server; this
// script sends its forms (class "admin-action": data-method, data-url) to the admin API
// as JSON and reloads the page to show what changed, saying so in the page's live
// region. An action the server refuses with "reauthenticate" (the last sign-in is more
// than 15 minutes old) opens "Confirm it's you": the password again, or a passkey
// (passkeys.js), then the action is sent again. A link made (an invitation, a recovery
// link) is shown once, in the form.
import { api, showError } from "./api.js";
import { t, tn } from "./i18n.js";

const $ = (id) => document.getElementById(id);
const DONE = "chromino.admin.done"; // what the last action did, told after the reload

/** A form's fields as the API wants them: numbers, booleans, moments (a datetime-local
 * field, in the admin's own time, sent as UTC) and "for good" (no end date). */
function bodyOf(form) {
  const body = {};
  let forever = false;
  for (const field of form.elements) {
    if (!field.name || field.disabled) continue;
    const kind = field.dataset.kind;
    if (kind === "forever") forever = field.checked;
    else if (kind === "bool") body[field.name] = field.checked;
    else if (kind === "number") body[field.name] = Number(field.value);
    else if (kind === "moment") {
      if (field.value) body[field.name] = new Date(field.value).toISOString();
    } else body[field.name] = field.value;
  }
  if (forever) delete body.until;
  return Object.keys(body).length || form.dataset.method !== "DELETE" ? body : undefined;
}

/** Say what was done (after a reload too). */
function tell(message) {
  const news = $("admin-news");
  if (news) news.textContent = message;
}

/** Send an admin action; on "reauthenticate", confirm it's you first, then send it again. */
async function act(method, url, body) {
  try {
    return await api(method, url, body);
  } catch (problem) {
    if (problem.code !== "reauthenticate") throw problem;
    await confirmItsMe();
    return api(method, url, body);
  }
}

function send(form) {
  return async (event) => {
    event.preventDefault();
    const error = form.querySelector(".form-error");
    showError(error, "");
    const button = form.querySelector("button[type=submit]");
    button.disabled = true;
    try {
      const answer = await act(form.dataset.method, form.dataset.url, bodyOf(form));
      const link = answer?.link || (answer?.path && new URL(answer.path, location.origin).href);
      if (link) return showLink(form, link);
      if (answer && form.dataset.count) return tell(tn("{count} guest deleted.", "{count} guests deleted.", answer.count));
      sessionStorage.setItem(DONE, form.dataset.done || t("Done."));
      if (form.dataset.next) location.assign(form.dataset.next);
      else location.reload();
    } catch (problem) {
      if (problem.code !== "cancelled") showError(error, problem.message);
    } finally {
      button.disabled = false;
    }
  };
}

function showLink(form, link) {
  const label = form.querySelector(".admin-link");
  const input = label.querySelector("input");
  input.value = link;
  label.hidden = false;
  input.focus();
  input.select();
  tell(t("The link is made: copy it now, it is not shown again."));
}

/** The guests section's "Count them": how many a prune would delete. */
async function count(form) {
  const box = form.querySelector(".admin-count");
  const error = form.querySelector(".form-error");
  showError(error, "");
  try {
    const days = Number(form.elements.days.value);
    const answer = await api("GET", `${form.dataset.count}?days=${encodeURIComponent(days)}`);
    box.textContent = tn("{count} guest not seen for {days} days.", "{count} guests not seen for {days} days.", answer.count, { days });
  } catch (problem) {
    showError(error, problem.message);
  }
}

// --- "Confirm it's you" -----------------------------------------------------------------

let passkeys = null; // passkeys.js, when this server has it

async function loadPasskeys() {
  try {
    passkeys = await import("./passkeys.js");
  } catch {
    passkeys = null;
  }
  const button = $("reauth-passkey");
  if (button && passkeys?.reauthenticateWithPasskey && !passkeys.passkeyProblem?.()) button.hidden = false;
}

/** Open the dialog; resolves once the server took the password or passkey, rejects
 * (code "cancelled") when the admin closes it. */
function confirmItsMe() {
  const dialog = $("reauth");
  const form = $("reauth-form");
  const error = $("reauth-error");
  const password = form.elements.password;
  return new Promise((resolve, reject) => {
    const finish = (outcome) => {
      form.removeEventListener("submit", onPassword);
      $("reauth-passkey").removeEventListener("click", onPasskey);
      $("reauth-cancel").removeEventListener("click", onCancel);
      dialog.removeEventListener("cancel", onCancel);
      password.value = "";
      if (dialog.open) dialog.close();
      outcome();
    };
    const attempt = async (prove) => {
      showError(error, "");
      try {
        await prove();
        finish(resolve);
      } catch (problem) {
        showError(error, problem.message);
      }
    };
    const onPassword = (event) => {
      event.preventDefault();
      attempt(() => api("POST", "/api/me/reauthenticate", { password: password.value }));
    };
    const onPasskey = () => attempt(() => passkeys.reauthenticateWithPasskey());
    const onCancel = (event) => {
      event.preventDefault();
      finish(() => reject(Object.assign(new Error(""), { code: "cancelled" })));
    };
    form.addEventListener("submit", onPassword);
    $("reauth-passkey").addEventListener("click", onPasskey);
    $("reauth-cancel").addEventListener("click", onCancel);
    dialog.addEventListener("cancel", onCancel);
    showError(error, "");
    dialog.showModal();
    password.focus();
  });
}

for (const form of document.querySelectorAll("form.admin-action")) {
  form.addEventListener("submit", send(form));
  form.querySelector("[data-action=count]")?.addEventListener("click", () => count(form));
}
const done = sessionStorage.getItem(DONE);
if (done) {
  sessionStorage.removeItem(DONE);
  tell(done);
}
loadPasskeys();
