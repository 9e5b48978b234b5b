// "Sign up with a passkey" in a sign-up form (templates/_passkey_sign_up.html): the
// name typed in the form, a passkey instead of the password. Its errors go where the
// form's own go (its role="alert"); the new account lands where a password sign-up
// does (the lobby from an invitation page, else the page it was on).
import { boot, showError } from "./api.js";
import { t } from "./i18n.js";
import { passkeyProblem, signUpWithPasskey } from "./passkeys.js";

function wire(part) {
  const form = part.closest("form");
  const button = part.querySelector("button");
  const error = form?.querySelector("[role=alert]");
  if (!form || !button || !error) return;
  const problem = passkeyProblem();
  if (problem) {
    const note = part.querySelector("[data-testid=passkey-sign-up-note]");
    note.textContent = problem;
    note.hidden = false;
    button.hidden = true;
    return;
  }
  const invitation = boot.page?.invitation || null;
  button.addEventListener("click", async () => {
    showError(error, "");
    const name = form.elements.name.value.trim();
    if (!name) {
      showError(error, t("Choose your name first: it is the one the other players see."));
      form.elements.name.focus();
      return;
    }
    button.disabled = true;
    try {
      await signUpWithPasskey(name, invitation);
      if (invitation) location.assign("/");
      else location.reload();
    } catch (problem) {
      showError(error, problem.message);
      if (problem.code === "name_taken") form.elements.name.focus();
      button.disabled = false;
    }
  });
}

for (const part of document.querySelectorAll(".passkey-sign-up")) wire(part);
