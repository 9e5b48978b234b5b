// "Your data" on the Preferences page: the download is a plain link (GET
// /api/me/export answers with a file); "Delete my account" opens a dialog that says
// what goes and what stays, asks for the name typed out (and the password of an
// account that has one), then DELETE /api/me. This browser is then signed out and
// starts afresh at the lobby.
import { api, showError } from "./api.js";
import { typedName } from "./header.js";
import { t } from "./i18n.js";

const $ = (id) => document.getElementById(id);

function offerDeletion() {
  const dialog = $("delete-dialog");
  const open = $("delete-open");
  if (!dialog || !open) return;
  const form = $("delete-form");
  const error = $("delete-error");
  open.addEventListener("click", () => {
    form.reset();
    showError(error, "");
    dialog.showModal();
    form.elements.confirm.focus();
  });
  $("delete-cancel").addEventListener("click", () => dialog.close());
  form.addEventListener("input", () => showError(error, ""));
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const { confirm, password } = form.elements;
    if (!confirm.value.trim()) {
      showError(error, t("Type your name to confirm."));
      confirm.focus();
      return;
    }
    const body = { confirm: typedName(confirm.value.trim()) };
    if (password) body.password = password.value;
    const button = form.querySelector("button[type=submit]");
    button.disabled = true;
    try {
      await api("DELETE", "/api/me", body);
      location.assign("/");
    } catch (problem) {
      showError(error, problem.message);
      button.disabled = false;
      (problem.code === "wrong_password" && password ? password : confirm).select();
    }
  });
}

offerDeletion();
