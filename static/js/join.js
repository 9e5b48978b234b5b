// Joining this server (web.club.join_routes): the invitation page's "Join and play"
// (a guest account, POST /api/join/<token>), the sign-up form (a name and a password,
// POST /api/sign-up, with the invitation's token when there is one) and the "Sign in"
// buttons of the join page and of the panel a visitor sees on a server they cannot
// simply play on (they open the header's sign-in dialog).
import { api, boot, showError } from "./api.js";

const $ = (id) => document.getElementById(id);
const invitation = boot.page?.invitation || null;

/** Where a new account goes: the lobby from an invitation page, else the page it was on. */
function arrived() {
  if (invitation) location.assign("/");
  else location.reload();
}

function offerJoining() {
  const button = $("join-now");
  if (!button) return;
  const error = $("join-error");
  button.addEventListener("click", async () => {
    showError(error, "");
    button.disabled = true;
    try {
      await api("POST", `/api/join/${encodeURIComponent(invitation)}`);
      arrived();
    } catch (problem) {
      showError(error, problem.message);
      button.disabled = false;
    }
  });
}

function offerSignUp() {
  const form = $("sign-up-form");
  if (!form) return;
  const error = $("sign-up-error");
  form.addEventListener("input", () => showError(error, ""));
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    showError(error, "");
    const body = { name: form.elements.name.value.trim(), password: form.elements.password.value };
    if (invitation) body.invitation = invitation;
    const submit = form.querySelector("button[type=submit]");
    submit.disabled = true;
    try {
      await api("POST", "/api/sign-up", body);
      arrived();
    } catch (problem) {
      showError(error, problem.message);
      (problem.code === "name_taken" ? form.elements.name : form.elements.password).focus();
      submit.disabled = false;
    }
  });
}

function offerSignIn() {
  for (const button of document.querySelectorAll("[data-opens-sign-in]")) {
    button.addEventListener("click", () => $("sign-in-open")?.click());
  }
}

offerJoining();
offerSignUp();
offerSignIn();
