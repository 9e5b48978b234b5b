// What every page's header shows of my friends (header.js hands it what the stream of me
// says): the open invitations to a table — "Ana invited you to a game of Chromino",
// Accept (which seats me and goes to the table) or Decline (which puts it away) — as a
// strip at the header's foot, never over the page, and the count of friend requests
// waiting for my answer beside "Friends" in the menu. The strip is a polite status
// region: a new invitation is said once, without taking the focus; its buttons are
// real buttons in the Tab order, kept from one news to the next (the focus stays).
import { api, el, toast } from "./api.js";
import { personName } from "./game/names.js";
import { loadOptions } from "./games/options.js";
import { numberText, t, tn } from "./i18n.js";

const $ = (id) => document.getElementById(id);
const notices = new Map(); // invitation id → its notice
const answered = new Set(); // ids answered on this page (the stream may still list them a moment)
const titles = new Map(); // game kind → its name ("Chromino"), once its description is loaded
let shown = [];

async function titleOf(kind) {
  if (!titles.has(kind)) {
    try {
      titles.set(kind, (await loadOptions(kind)).title());
    } catch {
      titles.set(kind, kind);
    }
  }
  return titles.get(kind);
}

function noticeOf(invitation, game) {
  const words = el(
    "p",
    { class: "invitation-words", id: `invitation-${invitation.id}` },
    t("{name} invited you to a game of {game}", { name: personName(invitation.from), game }),
  );
  const accept = el("button", { type: "button", class: "primary", "data-testid": "invitation-accept", "aria-describedby": words.id }, t("Accept"));
  const decline = el("button", { type: "button", "data-testid": "invitation-decline", "aria-describedby": words.id }, t("Decline"));
  const notice = el(
    "div",
    { class: "invitation-notice", "data-testid": "invitation", "data-invitation": invitation.id },
    words,
    el("div", { class: "invitation-actions" }, accept, decline),
  );
  accept.addEventListener("click", () => answer(invitation, "accept", notice));
  decline.addEventListener("click", () => answer(invitation, "decline", notice));
  return notice;
}

async function answer(invitation, how, notice) {
  for (const button of notice.querySelectorAll("button")) button.disabled = true;
  try {
    const reply = await api("POST", `/api/invitations/${encodeURIComponent(invitation.id)}/${how}`);
    answered.add(invitation.id);
    if (how === "accept") {
      location.assign(reply?.url || `/t/${encodeURIComponent(reply?.invite_code || invitation.table)}`);
      return;
    }
    const next = [...notices.values()].find((other) => other !== notice);
    draw(shown);
    // The focus was on the button just gone: the next invitation's, else the page.
    (next?.querySelector("button") || $("main"))?.focus({ preventScroll: true });
  } catch (problem) {
    for (const button of notice.querySelectorAll("button")) button.disabled = false;
    if (problem.status === 404 || problem.status === 409 || problem.status === 410) {
      answered.add(invitation.id); // the table started, closed or filled meanwhile
      draw(shown);
    }
    toast(problem.message);
  }
}

function draw(list) {
  const box = $("invitations");
  if (!box) return;
  const open = list.filter((invitation) => !answered.has(invitation.id));
  const kept = new Set(open.map((invitation) => invitation.id));
  for (const [id, notice] of notices) {
    if (!kept.has(id)) {
      notice.remove();
      notices.delete(id);
    }
  }
  for (const invitation of open) {
    if (notices.has(invitation.id)) continue;
    const notice = noticeOf(invitation, titles.get(invitation.game) || invitation.game);
    notices.set(invitation.id, notice);
    box.append(notice);
  }
  box.hidden = notices.size === 0;
}

/** The open invitations the stream of me lists (`[{id, table, from, game, created_at}]`). */
export async function showInvitations(list) {
  if (!Array.isArray(list)) return;
  shown = list;
  await Promise.all([...new Set(list.map((invitation) => invitation.game))].map(titleOf));
  if (shown === list) draw(list);
}

/** The count of friend requests waiting for my answer, beside "Friends" in the menu. */
export function showFriendRequests(count) {
  const badge = $("friend-requests-badge");
  if (!badge || count === undefined || count === null) return;
  if (badge.dataset.count !== undefined && badge.dataset.count !== String(count)) {
    document.dispatchEvent(new CustomEvent("chromino:friend-requests", { detail: count })); // the Friends page follows
  }
  badge.hidden = !count;
  badge.dataset.count = String(count || 0);
  if (!count) {
    badge.replaceChildren();
    return;
  }
  const words = tn("1 friend request", "{count} friend requests", count);
  badge.replaceChildren(numberText(count), el("span", { class: "visually-hidden" }, ` (${words})`));
  badge.title = words;
}
