// Joining this server (web.club.join_routes): the invitation page's "Join and play"
// (a guest account, POST /api/join/<token>), the sign-up form (a name and a password,
// POST /api/sign-up, with the invitation's token when there is one) and the "Sign in"
// buttons of the join page and of the panel a visitor sees on a server they cannot
// simply play on (they open the header's sign-in dialog). A browser whose session a
// ban ended (a tab of theirs reloaded) is told in that panel that they are banned,
// why and until when (GET /api/ban-notice), rather than to sign in.
import { api, boot, el, showError } from "./api.js";
import { t } from "./i18n.js";

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

/** When the ban ends, in the reader's own time and language. */
function endText(until) {
  const moment = new Date(until);
  const when = moment.toLocaleString(document.documentElement.lang || undefined, { dateStyle: "long", timeStyle: "short" });
  return t("The ban ends on {date}.", { date: when });
}

/** In place of the stranger's panel: banned, why, until when (the server's answer). */
function showBan(panel, ban) {
  panel.dataset.refusal = "banned";
  panel.replaceChildren(
    el("h2", { id: "join-panel-title" }, t("You are banned from this server")),
    el(
      "div",
      { role: "alert", "data-testid": "ban-notice" },
      el("p", { "data-testid": "ban-notice-until" }, ban.until ? endText(ban.until) : t("The ban has no end date.")),
      el("p", { "data-testid": "ban-notice-reason" }, t("Reason: {reason}", { reason: ban.reason })),
    ),
    el("p", { class: "actions" }, el("a", { class: "button", href: "/rules" }, t("Read the rules"))),
  );
}

async function tellABan() {
  const panel = document.querySelector("[data-testid=join-panel]");
  if (!panel) return;
  try {
    const ban = await api("GET", "/api/ban-notice");
    if (ban.banned) showBan(panel, ban);
  } catch {
    // no notice to show: the panel stays as it is
  }
}

offerJoining();
offerSignUp();
offerSignIn();
tellABan();
