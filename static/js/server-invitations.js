// "Invite someone to this server" on the friends page (web.club.join_routes): make an
// invitation link (shown once: the server keeps only its hash), copy it, see my links
// (how often used, until when) and withdraw one. The section shows only to someone who
// may make links (GET /api/invitation-links says so).
import { api, boot, el, showError, toast } from "./api.js";
import { dateLocale, numberText, t, tn } from "./i18n.js";

const $ = (id) => document.getElementById(id);

function dateText(iso) {
  return new Date(iso).toLocaleDateString(dateLocale(), { day: "numeric", month: "long", year: "numeric" });
}

/** What a link's state says: used how often of how many, and until when it works. */
function stateText(link) {
  const used = t("used {used} of {uses}", { used: numberText(link.used), uses: numberText(link.uses) });
  let when;
  if (link.state === "revoked") when = t("withdrawn");
  else if (link.state === "used_up") when = t("used up");
  else if (link.state === "expired") when = t("expired on {date}", { date: dateText(link.expires_at) });
  else when = t("works until {date}", { date: dateText(link.expires_at) });
  return [when, used].join(" · ");
}

function linkItem(link) {
  const nameId = `invitation-${link.id}`;
  const title = link.note || t("Link {number}", { number: numberText(link.id) });
  const head = el("div", { class: "person-head" }, el("span", { class: "person-name", id: nameId }, title), el("span", { class: "muted" }, stateText(link)));
  const item = el("li", { class: "person invitation-link", "data-testid": "my-invitation", "data-state": link.state, "data-invitation": String(link.id) }, head);
  if (link.state === "live") {
    const button = el("button", { type: "button", "aria-describedby": nameId, "data-testid": "revoke-invitation" }, t("Withdraw"));
    button.addEventListener("click", () => withdraw(link));
    item.append(el("div", { class: "person-actions" }, button));
  }
  return item;
}

function render(data) {
  const section = $("server-invitations");
  section.hidden = !data.may_invite && data.invitations.length === 0;
  $("make-invitation-form").hidden = !data.may_invite;
  const limit = $("server-invitations-limit");
  limit.hidden = data.limit === null || !data.may_invite;
  if (data.limit !== null) limit.textContent = tn("You may have {count} working link at a time.", "You may have {count} working links at a time.", data.limit);
  $("my-invitations").replaceChildren(...data.invitations.map(linkItem));
  $("my-invitations").hidden = data.invitations.length === 0;
  $("no-invitations").hidden = data.invitations.length > 0;
  section.dataset.loaded = "1";
}

async function refresh() {
  try {
    render(await api("GET", "/api/invitation-links"));
  } catch (problem) {
    toast(problem.message);
  }
}

async function withdraw(link) {
  try {
    await api("DELETE", `/api/invitation-links/${link.id}`);
    toast(t("Link withdrawn: nobody more joins by it."));
    await refresh();
  } catch (problem) {
    toast(problem.message);
  }
}

function wireMaking() {
  const form = $("make-invitation-form");
  const error = $("make-invitation-error");
  form.addEventListener("input", () => showError(error, ""));
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    showError(error, "");
    try {
      const made = await api("POST", "/api/invitation-links", { note: form.elements.note.value.trim() });
      form.reset();
      $("new-invitation-link").value = new URL(made.path, location.origin).href;
      $("new-invitation").hidden = false;
      $("new-invitation-link").focus();
      $("new-invitation-link").select();
      await refresh();
    } catch (problem) {
      showError(error, problem.message);
    }
  });
  $("copy-invitation").addEventListener("click", async () => {
    const field = $("new-invitation-link");
    try {
      await navigator.clipboard.writeText(field.value);
      toast(t("Invitation link copied."));
    } catch {
      field.focus();
      field.select();
      toast(t("Select the link and copy it."));
    }
  });
}

if ($("server-invitations") && boot.me && !boot.me.visitor) {
  wireMaking();
  refresh();
}
