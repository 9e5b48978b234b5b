// The page of a recovery link (/recover/TOKEN): a new password, twice. Its answer
// (POST /api/recover/TOKEN) uses the link up, signs every device of the account out
// and this one in; the page then goes to the lobby as that person.
import { api, boot, showError } from "./api.js";
import { t } from "./i18n.js";

const form = document.getElementById("recover-form");
const error = document.getElementById("recover-error");

form?.addEventListener("input", () => showError(error, ""));
form?.addEventListener("submit", async (event) => {
  event.preventDefault();
  const { password, again } = form.elements;
  if (password.value.length < 8) {
    showError(error, t("The password needs at least 8 characters."));
    password.focus();
    return;
  }
  if (password.value !== again.value) {
    showError(error, t("The two passwords differ."));
    again.focus();
    return;
  }
  form.querySelector("button[type=submit]").disabled = true;
  try {
    await api("POST", `/api/recover/${encodeURIComponent(boot.page.token)}`, { password: password.value });
    location.assign("/preferences#account");
  } catch (problem) {
    showError(error, problem.message);
    form.querySelector("button[type=submit]").disabled = false;
  }
});
