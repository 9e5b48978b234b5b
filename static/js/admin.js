// The admin page (/admin, web.club.admin): each section is made by the server; this
// script sends its forms (class "admin-action": data-method, data-url) to the admin API
// as JSON and reloads the page to show what changed, saying so in the page's live
// region. An action the server refuses with "reauthenticate" (the last sign-in is more
// than 15 minutes old) opens "Confirm it's you": the password again, or a passkey
// (passkeys.js), then the action is sent again. A link made (an invitation, a recovery
// link) is shown once, whole, in the form, with a Copy button; a form with a
// data-refresh part (the list of invitation links) has that part brought up to date
// from the server at once. Moments typed in the ban and mute forms are read in the
// admin's own time zone, the one every time on the admin pages is shown in.
import { api, boot, showError } from "./api.js";
import { t, tn } from "./i18n.js";

const $ = (id) => document.getElementById(id);
const DONE = "chromino.admin.done"; // what the last action did, told after the reload

/** How far `zone`'s clocks are ahead of UTC at the moment `at` (milliseconds). */
function zoneOffset(at, zone) {
  const format = new Intl.DateTimeFormat("en-US", {
    timeZone: zone, hourCycle: "h23", year: "numeric", month: "numeric", day: "numeric", hour: "numeric", minute: "numeric", second: "numeric",
  });
  const part = Object.fromEntries(format.formatToParts(new Date(at)).map((piece) => [piece.type, Number(piece.value)]));
  const wall = Date.UTC(part.year, part.month - 1, part.day, part.hour, part.minute, part.second);
  return wall - Math.floor(at / 1000) * 1000;
}

/** The moment a datetime-local value ("2031-01-02T10:00") names in the IANA `zone`. */
export function momentIn(value, zone) {
  const [date, time] = value.split("T");
  const [year, month, day] = date.split("-").map(Number);
  const [hour, minute] = time.split(":").map(Number);
  const wall = Date.UTC(year, month - 1, day, hour, minute);
  let moment = wall - zoneOffset(wall, zone);
  moment = wall - zoneOffset(moment, zone); // again, should the offset change between the two
  return new Date(moment);
}

const myZone = () => boot.me?.preferences?.time_zone || "UTC";

/** A form's fields as the API wants them: numbers, booleans, moments (a datetime-local
 * field, in the admin's time zone as the pages show times, sent as UTC) and "for good"
 * (no end date). */
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
      if (field.value) body[field.name] = momentIn(field.value, myZone()).toISOString();
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
      if (link) {
        showLink(form, link);
        if (form.dataset.refresh) await refresh(form.dataset.refresh);
        return;
      }
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

/** Show a link made, whole and selected, with its Copy button focused. */
function showLink(form, link) {
  const box = form.querySelector(".admin-link");
  const text = box.querySelector(".admin-link-text");
  text.textContent = link;
  box.querySelector(".admin-copied").textContent = "";
  box.hidden = false;
  getSelection()?.selectAllChildren(text);
  box.querySelector(".admin-copy").focus();
  tell(t("The link is made: copy it now, it is not shown again."));
}

/** Copy a link made; the box's live region says it was (or how to copy it by hand). */
async function copyLink(box) {
  const text = box.querySelector(".admin-link-text");
  const said = box.querySelector(".admin-copied");
  said.textContent = "";
  try {
    await navigator.clipboard.writeText(text.textContent);
    said.textContent = t("Copied: the link is ready to paste.");
  } catch {
    getSelection()?.selectAllChildren(text);
    said.textContent = t("Select the link and copy it.");
  }
}

/** Bring a part of the page (a CSS selector) up to date from the server, its forms
 * wired: the list of links shows the new one without a reload that would hide it. */
async function refresh(selector) {
  const answer = await fetch(location.href, { credentials: "same-origin", headers: { accept: "text/html" } });
  if (!answer.ok) return;
  const fresh = new DOMParser().parseFromString(await answer.text(), "text/html").querySelector(selector);
  const part = document.querySelector(selector);
  if (!fresh || !part) return;
  part.replaceWith(fresh);
  wire(fresh);
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

function wire(root) {
  for (const form of root.querySelectorAll("form.admin-action")) {
    form.addEventListener("submit", send(form));
    form.querySelector("[data-action=count]")?.addEventListener("click", () => count(form));
  }
}

wire(document);
for (const box of document.querySelectorAll(".admin-link")) {
  box.querySelector(".admin-copy").addEventListener("click", () => copyLink(box));
}
const done = sessionStorage.getItem(DONE);
if (done) {
  sessionStorage.removeItem(DONE);
  tell(done);
}
loadPasskeys();
