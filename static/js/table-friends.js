// "Invite friends" on a table's page (table.js shows it while the table is open, to
// those seated there, while a seat is free): my friends as checkboxes, those online
// first, those seated already left out; "Send the invitations" sends them
// (POST /api/tables/{code}/invitations) and says who was invited. The invited get a
// notice in their pages' header (invitations.js) and accept with one click.
import { api, el, showError } from "./api.js";
import { personName } from "./game/names.js";
import { t } from "./i18n.js";

const $ = (id) => document.getElementById(id);
let friends = null; // my friends (GET /api/friends), once asked
let asked = null;
const invited = new Set(); // ids invited from this page
let shownKey = "";

function listText(names) {
  try {
    return new Intl.ListFormat(document.documentElement.lang || undefined, { style: "long", type: "conjunction" }).format(names);
  } catch {
    return names.join(", ");
  }
}

async function loadFriends() {
  try {
    friends = (await api("GET", "/api/friends")).friends;
  } catch {
    friends = []; // nobody to list: the control says so
  }
}

function choiceOf(friend) {
  const online = friend.online === true;
  const id = `invite-friend-${friend.id}`;
  return el(
    "li",
    { class: "invite-friend", "data-testid": "invite-friend", "data-user": friend.id },
    el(
      "label",
      { class: "check", for: id },
      el("input", { type: "checkbox", id, name: "friends", value: friend.id, "data-testid": "invite-friend-box" }),
      el("span", { class: "invite-friend-name" }, personName(friend.name)),
      friend.online === null || friend.online === undefined
        ? null
        : el(
            "span",
            { class: `friend-presence ${online ? "online" : "offline"}`, "data-presence": online ? "online" : "offline" },
            el("span", { class: "friend-dot", "aria-hidden": "true" }),
            online ? t("Online") : t("Offline"),
          ),
      invited.has(friend.id) ? el("span", { class: "invited-mark", "data-testid": "invited-mark" }, t("invited")) : null,
    ),
  );
}

function draw(table) {
  const seated = new Set(table.seats.map((seat) => seat.user_id).filter((id) => id !== null));
  const list = friends
    .filter((friend) => !seated.has(friend.id))
    .sort((a, b) => Number(b.online === true) - Number(a.online === true) || a.name.localeCompare(b.name));
  const key = JSON.stringify([list.map((friend) => [friend.id, friend.online]), [...invited]]);
  if (key === shownKey) return;
  shownKey = key;
  const box = $("invite-friend-list");
  const checked = new Set([...box.querySelectorAll("input:checked")].map((input) => Number(input.value)));
  const focused = document.activeElement && box.contains(document.activeElement) ? document.activeElement.id : null;
  box.replaceChildren(...list.map(choiceOf));
  for (const input of box.querySelectorAll("input")) input.checked = checked.has(Number(input.value));
  if (focused) $(focused)?.focus();
  $("invite-friends-choice").hidden = list.length === 0;
  $("send-invitations").hidden = list.length === 0;
  $("no-friends-to-invite").hidden = list.length > 0;
}

/**
 * Show (or hide) the control for `table` as `role` (table.js's roleOf) says: while the
 * table is open, to the seated, while a seat is free.
 */
export async function showFriendInvites(table, role) {
  const part = $("invite-friends");
  if (!part) return;
  const wanted = role.open && role.seated && role.free > 0;
  if (!wanted) {
    part.hidden = true;
    return;
  }
  asked ||= loadFriends();
  await asked;
  part.hidden = false;
  part.dataset.loaded = "1";
  draw(table);
}

/** Wire the form: `code`, the table's invite code; `current()`, the table shown now. */
export function wireFriendInvites(code, current) {
  const form = $("invite-friends-form");
  if (!form) return;
  const error = $("invite-friends-error");
  form.addEventListener("change", () => showError(error, ""));
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    showError(error, "");
    const ids = [...form.querySelectorAll("input[name=friends]:checked")].map((input) => Number(input.value));
    if (!ids.length) {
      showError(error, t("Choose the friends to invite."));
      form.querySelector("input[name=friends]")?.focus();
      return;
    }
    const button = $("send-invitations");
    button.disabled = true;
    try {
      const answer = await api("POST", `/api/tables/${encodeURIComponent(code)}/invitations`, { friends: ids });
      const sent = answer?.invited || [];
      for (const id of sent) invited.add(id);
      for (const input of form.querySelectorAll("input[name=friends]")) input.checked = false;
      const names = friends.filter((friend) => sent.includes(friend.id)).map((friend) => personName(friend.name));
      const news = $("invited-news");
      news.textContent = names.length ? t("Invited: {names}.", { names: listText(names) }) : t("No new invitation was sent.");
      shownKey = "";
      const table = current();
      if (table) draw(table);
      button.focus();
    } catch (problem) {
      showError(error, problem.message);
    } finally {
      button.disabled = false;
    }
  });
}
