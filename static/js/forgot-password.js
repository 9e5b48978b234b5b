// "Forgot your password?" in the header's sign-in dialog: the dialog's sign-in form
// gives way to a small form asking for the account's name or confirmed address
// (POST /api/recovery). The server answers the same whether or not it knows the name
// (nobody learns who has an account here), so the page says what happens if it does.
// A server that sends no email says instead to ask an admin for a recovery link.
import { api, showError } from "./api.js";
import { t, tn } from "./i18n.js";

const $ = (id) => document.getElementById(id);

/** Wire the recovery form of the sign-in `dialog` (whose sign-in form is `signIn`). */
export function offerRecovery(dialog, signIn) {
  const form = $("recovery-form");
  const open = $("recovery-open");
  if (!form || !open) return;
  const show = (recovering) => {
    form.hidden = !recovering;
    signIn.hidden = recovering;
    (recovering ? form.elements.who || $("recovery-back") : signIn.elements.name).focus();
  };
  open.addEventListener("click", () => show(true));
  $("recovery-back").addEventListener("click", () => show(false));
  dialog.addEventListener("close", () => {
    form.hidden = true;
    signIn.hidden = false;
  });
  const error = $("recovery-error");
  const sent = $("recovery-sent");
  if (!error || !sent) return; // no email here: the form only says whom to ask
  form.addEventListener("input", () => showError(error, ""));
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    showError(error, "");
    sent.textContent = "";
    try {
      const answer = await api("POST", "/api/recovery", { who: form.elements.who.value.trim() });
      sent.textContent = tn(
        "If this name or address has an account with a confirmed email address, a link is on its way to that address. It works for 1 minute.",
        "If this name or address has an account with a confirmed email address, a link is on its way to that address. It works for {count} minutes.",
        answer.minutes,
      );
    } catch (problem) {
      showError(error, problem.message || t("Something went wrong."));
    }
  });
}
