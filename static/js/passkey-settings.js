// Preferences → Account → Sign-in (templates/_passkeys.html): my passkeys with when
// each was added and last used; add one (a guest who does is signed up: the header's
// "Sign in" goes), rename one in place, remove one (never the last way in: the server
// refuses and says why), and remove the password once a passkey can sign me in.
import { api, boot, el, showError, toast } from "./api.js";
import { dateText } from "./my-games.js";
import { t } from "./i18n.js";
import { addPasskey, passkeyProblem } from "./passkeys.js";

const $ = (id) => document.getElementById(id);
const list = $("passkey-list");
const errorBox = $("passkey-error");
const saved = $("passkey-saved");

let state = { passkeys: [], password: false };

function say(words) {
  saved.textContent = words;
}

function fail(problem) {
  showError(errorBox, problem.message);
}

function dates(passkey) {
  const added = t("Added {date}", { date: dateText(passkey.created_at) });
  const used = passkey.last_used_at ? t("last used {date}", { date: dateText(passkey.last_used_at) }) : t("never used to sign in");
  return [added, used].join(" · ");
}

/** One passkey as a line: its name and dates, Rename and Remove (each names it for a
 * screen reader). */
function item(passkey) {
  const name = el("span", { class: "passkey-name", "data-testid": "passkey-name" }, passkey.name);
  const about = el("div", { class: "passkey-about" }, name, el("span", { class: "passkey-dates" }, dates(passkey)));
  const rename = el("button", { type: "button", "data-testid": "passkey-rename", "aria-label": t("Rename {name}", { name: passkey.name }) }, t("Rename"));
  const remove = el("button", { type: "button", "data-testid": "passkey-remove", "aria-label": t("Delete {name}", { name: passkey.name }) }, t("Delete"));
  const row = el("li", { class: "passkey-item", "data-testid": "passkey", "data-id": passkey.id }, about, el("div", { class: "passkey-actions" }, rename, remove));
  rename.addEventListener("click", () => renameIn(row, passkey));
  remove.addEventListener("click", () => removeOne(passkey, remove));
  return row;
}

function show() {
  list.replaceChildren(...state.passkeys.map(item));
  list.hidden = state.passkeys.length === 0;
  $("passkeys-none").hidden = state.passkeys.length > 0;
  $("password-removal").hidden = !(state.password && state.passkeys.length > 0);
  $("password-remove-confirm").hidden = true;
}

async function load() {
  try {
    state = await api("GET", "/api/me/passkeys");
    show();
  } catch (problem) {
    fail(problem);
  }
}

/** The passkey's line becomes a small form with its name, Save and Cancel. */
function renameIn(row, passkey) {
  const field = el("input", { name: "name", maxlength: "60", value: passkey.name, required: true, "data-testid": "passkey-rename-input", "aria-label": t("New name for {name}", { name: passkey.name }) });
  const cancel = el("button", { type: "button" }, t("Cancel"));
  const form = el("form", { class: "passkey-rename" }, field, el("button", { type: "submit", class: "primary", "data-testid": "passkey-rename-save" }, t("Save")), cancel);
  row.replaceChildren(form);
  field.focus();
  field.select();
  cancel.addEventListener("click", () => {
    show();
    list.querySelector(`[data-id="${passkey.id}"] [data-testid="passkey-rename"]`)?.focus();
  });
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    showError(errorBox, "");
    try {
      const renamed = await api("PATCH", `/api/me/passkeys/${passkey.id}`, { name: field.value });
      state.passkeys = state.passkeys.map((each) => (each.id === renamed.id ? renamed : each));
      show();
      say(t("Passkey renamed."));
      list.querySelector(`[data-id="${renamed.id}"] [data-testid="passkey-rename"]`)?.focus();
    } catch (problem) {
      fail(problem);
      field.focus();
    }
  });
}

async function removeOne(passkey, button) {
  showError(errorBox, "");
  try {
    await api("DELETE", `/api/me/passkeys/${passkey.id}`);
    state.passkeys = state.passkeys.filter((each) => each.id !== passkey.id);
    show();
    say(t("Passkey removed: it signs nobody in any more."));
    $("passkey-name").focus();
  } catch (problem) {
    fail(problem);
    button.focus();
  }
}

/** I am registered now (a guest who added a passkey): the pages treat me so. */
function registered(me) {
  if (boot.me) boot.me.registered = me.registered;
  document.getElementById("sign-in-open")?.setAttribute("hidden", "");
}

function wireAdding() {
  const form = $("passkey-add");
  const problem = passkeyProblem();
  if (problem) {
    $("passkeys-unavailable").textContent = problem;
    $("passkeys-unavailable").hidden = false;
    form.querySelector("button").disabled = true;
  }
  form.addEventListener("input", () => showError(errorBox, ""));
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    showError(errorBox, "");
    say("");
    try {
      const added = await addPasskey(form.elements.name.value.trim());
      registered(added.me);
      form.reset();
      await load();
      say(t("Passkey added: sign in with it on this device, no password needed."));
      toast(t("Passkey added."));
    } catch (problem) {
      fail(problem);
    }
  });
}

function wirePasswordRemoval() {
  const confirm = $("password-remove-confirm");
  $("password-remove").addEventListener("click", () => {
    confirm.hidden = false;
    $("password-remove-no").focus();
  });
  $("password-remove-no").addEventListener("click", () => {
    confirm.hidden = true;
    $("password-remove").focus();
  });
  $("password-remove-yes").addEventListener("click", async () => {
    showError(errorBox, "");
    try {
      await api("DELETE", "/api/me/password");
      state.password = false;
      show();
      const label = $("password-label");
      if (label) label.textContent = t("Add a password to sign in from another device");
      say(t("Password removed: you sign in with your passkeys."));
      $("passkey-name").focus();
    } catch (problem) {
      fail(problem);
    }
  });
}

if (list) {
  wireAdding();
  wirePasswordRemoval();
  // A password saved above can now be removed again (once a passkey is there).
  document.addEventListener("chromino:password-saved", load);
  load();
}
