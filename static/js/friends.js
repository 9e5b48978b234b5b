// The Friends page (/friends): the friend requests to answer (Accept, Decline), my
// friends — online or not (a dot and words), what they play (a link to watch when I
// may) — with Mute and Remove, adding a friend by name, my friend link (Copy), the
// requests I sent (Withdraw), whether my friends see when I am online and what I play
// (the `show_online` preference, saved as the others are), and the people I muted
// (Unmute). Everything from GET /api/friends, read again after each change, when the
// header hears of a new friend request, and every little while the page is in sight
// (friends come online and start games). Arriving from a friend link (/f/TOKEN →
// /friends?added=ID) says "You and Ana are friends now", politely.
import { api, boot, el, showError, toast } from "./api.js";
import { personName } from "./game/names.js";
import { loadOptions } from "./games/options.js";
import { t } from "./i18n.js";
import { wirePreferenceForm } from "./preference-form.js";

const $ = (id) => document.getElementById(id);
const REFRESH_MS = 30_000; // online marks last two minutes (web/friends/presence.py)
const titles = new Map(); // game kind → its name
let shown = null; // the last GET /api/friends
let asking = 0;

const language = () => document.documentElement.lang || undefined;

/** "Ana, Ben and Cleo" in the page's language. */
function listText(names) {
  try {
    return new Intl.ListFormat(language(), { style: "long", type: "conjunction" }).format(names);
  } catch {
    return names.join(", ");
  }
}

async function describeKinds(kinds) {
  await Promise.all(
    [...new Set(kinds)]
      .filter((kind) => !titles.has(kind))
      .map(async (kind) => {
        try {
          titles.set(kind, (await loadOptions(kind)).title());
        } catch {
          titles.set(kind, kind);
        }
      }),
  );
}

// --- the lines ----------------------------------------------------------------------------

/** Whether a friend is online, as a dot and words (never the colour alone). */
function presenceOf(friend) {
  const state = friend.online === null || friend.online === undefined ? "hidden" : friend.online ? "online" : "offline";
  const words = { online: t("Online"), offline: t("Offline"), hidden: t("Does not show when they are online") }[state];
  return el(
    "span",
    { class: `friend-presence ${state}`, "data-testid": "friend-presence", "data-presence": state },
    state === "hidden" ? null : el("span", { class: "friend-dot", "aria-hidden": "true" }),
    words,
  );
}

/** A friend's game in progress: "Playing Chromino with Ben and Cleo", and "Watch" when I may. */
function gameLine(friend, game) {
  const title = titles.get(game.game) || game.game;
  const others = game.players.filter((name) => name !== friend.name).map(personName);
  const words = others.length ? t("Playing {game} with {names}", { game: title, names: listText(others) }) : t("Playing {game}", { game: title });
  const id = `friend-game-${friend.id}-${game.game_id}`;
  return el(
    "li",
    { class: "friend-game", "data-testid": "friend-game", "data-game": game.game_id },
    el("span", { id }, words),
    game.watchable
      ? el("a", { class: "friend-watch", href: `/g/${encodeURIComponent(game.game_id)}`, "aria-describedby": id, "data-testid": "friend-watch" }, t("Watch"))
      : null,
  );
}

/** A button acting on a person, its name said after its words (screen readers: "Mute, Ana"). */
function personButton(words, nameId, onclick, attributes = {}) {
  return el("button", { type: "button", "aria-describedby": nameId, onclick, ...attributes }, words);
}

/** A person's line: its words (their name in a sentence), then `parts(wordsId)`: the
 * buttons that act on them, described by those words. */
function personLine(person, kind, words, parts) {
  const wordsId = `${kind}-name-${person.id}`;
  const said = el("span", { class: "person-words", id: wordsId, "data-testid": "person-name" }, words);
  return el("li", { class: `person ${kind}`, "data-testid": kind, "data-user": person.id }, said, ...parts(wordsId));
}

function friendItem(friend) {
  const nameId = `friend-name-${friend.id}`;
  const shown = personName(friend.name);
  const games = friend.games?.length ? el("ul", { class: "friend-games" }, ...friend.games.map((game) => gameLine(friend, game))) : null;
  return el(
    "li",
    { class: "person friend", "data-testid": "friend", "data-user": friend.id },
    el("div", { class: "person-head" }, el("span", { class: "person-name", id: nameId, "data-testid": "person-name" }, shown), presenceOf(friend)),
    games,
    el(
      "div",
      { class: "person-actions" },
      personButton(t("Mute"), nameId, () => mute(friend), { "data-testid": "friend-mute" }),
      personButton(t("Remove"), nameId, () => remove(friend, t("{name} is no longer your friend.", { name: shown })), { "data-testid": "friend-remove" }),
    ),
  );
}

function incomingItem(person) {
  const shown = personName(person.name);
  return personLine(person, "incoming-request", t("{name} wants to be your friend.", { name: shown }), (nameId) => [
    el(
      "div",
      { class: "person-actions" },
      personButton(t("Accept"), nameId, () => accept(person), { class: "primary", "data-testid": "request-accept" }),
      personButton(t("Decline"), nameId, () => remove(person, t("Request from {name} declined.", { name: shown })), { "data-testid": "request-decline" }),
    ),
  ]);
}

function outgoingItem(person) {
  const shown = personName(person.name);
  return personLine(person, "outgoing-request", t("{name} has not answered yet.", { name: shown }), (nameId) => [
    el(
      "div",
      { class: "person-actions" },
      personButton(t("Withdraw"), nameId, () => remove(person, t("Request to {name} withdrawn.", { name: shown })), { "data-testid": "request-withdraw" }),
    ),
  ]);
}

function mutedItem(person) {
  return personLine(person, "muted-person", personName(person.name), (nameId) => [
    el("div", { class: "person-actions" }, personButton(t("Unmute"), nameId, () => unmute(person), { "data-testid": "unmute" })),
  ]);
}

/** Put `items` in `list`, keeping the focus on the line (and button) it was on. */
function fillList(list, items) {
  const focused = document.activeElement;
  const line = focused && list.contains(focused) ? focused.closest("li[data-user]") : null;
  const which = line ? [...line.querySelectorAll("button, a")].indexOf(focused) : -1;
  list.replaceChildren(...items);
  if (!line) return;
  const again = list.querySelector(`li[data-user="${line.dataset.user}"]`);
  const target = again ? again.querySelectorAll("button, a")[which] : null;
  if (target) target.focus({ preventScroll: true });
  else keepFocusSomewhere(list);
}

/** The line with the focus went (accepted, removed): the focus goes to the list's heading's section. */
function keepFocusSomewhere(list) {
  const next = list.querySelector("button, a");
  (next || $("main")).focus({ preventScroll: true });
}

function render(data) {
  shown = data;
  const friends = [...data.friends].sort((a, b) => Number(Boolean(b.online)) - Number(Boolean(a.online)) || a.name.localeCompare(b.name));
  fillList($("friend-list"), friends.map(friendItem));
  $("no-friends").hidden = friends.length > 0;
  $("friend-list").hidden = friends.length === 0;
  fillList($("incoming"), data.incoming.map(incomingItem));
  $("incoming-part").hidden = data.incoming.length === 0;
  fillList($("outgoing"), data.outgoing.map(outgoingItem));
  $("outgoing-part").hidden = data.outgoing.length === 0;
  fillList($("muted-list"), data.muted.map(mutedItem));
  $("no-muted").hidden = data.muted.length > 0;
  $("muted-list").hidden = data.muted.length === 0;
  $("friend-link").value = data.link ? new URL(data.link, location.origin).href : "";
  const box = $("friends-prefs").elements.show_online;
  if (box !== document.activeElement) box.checked = Boolean(data.show_online);
  $("friends-page").dataset.loaded = "1";
}

async function refresh() {
  const call = ++asking;
  try {
    const data = await api("GET", "/api/friends");
    await describeKinds(data.friends.flatMap((friend) => (friend.games || []).map((game) => game.game)));
    if (call !== asking) return;
    showError($("friends-error"), "");
    render(data);
    return data;
  } catch (problem) {
    showError($("friends-error"), problem.message);
    return null;
  }
}

/** Say `words` in the page's polite status line (emptied first, so a repeat is said). */
function say(words) {
  const news = $("friends-news");
  news.textContent = "";
  requestAnimationFrame(() => (news.textContent = words));
}

// --- acting -------------------------------------------------------------------------------

async function act(request, words) {
  try {
    await request();
    if (words) say(words);
  } catch (problem) {
    toast(problem.message);
  }
  await refresh();
}

function accept(person) {
  return act(() => api("POST", "/api/friends", { user: person.id }), t("You and {name} are friends now.", { name: personName(person.name) }));
}

function remove(person, words) {
  return act(() => api("DELETE", `/api/friends/${encodeURIComponent(person.id)}`), words);
}

function mute(person) {
  return act(() => api("PUT", `/api/me/mutes/${encodeURIComponent(person.id)}`), t("You muted {name}.", { name: personName(person.name) }));
}

function unmute(person) {
  return act(() => api("DELETE", `/api/me/mutes/${encodeURIComponent(person.id)}`), t("You unmuted {name}.", { name: personName(person.name) }));
}

/** The refusals of "Add a friend", worded for a person who typed a name. */
function addRefusal(problem, name) {
  switch (problem.code) {
    case "no_such_person":
      return t("Nobody here is called “{name}”. Check the spelling: names are written as the other players see them.", { name });
    case "yourself":
      return t("That is your own name: type a friend's.");
    case "muted":
      return t("You cannot add {name}: one of you muted the other.", { name });
    default:
      return problem.message;
  }
}

function wireAdd() {
  const form = $("add-friend-form");
  const field = $("add-friend-name");
  const error = $("add-friend-error");
  field.addEventListener("input", () => {
    showError(error, "");
    field.removeAttribute("aria-invalid");
  });
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const name = field.value.trim();
    showError(error, "");
    if (!name) {
      showError(error, t("Type the name of the person to add."));
      field.setAttribute("aria-invalid", "true");
      field.focus();
      return;
    }
    const button = form.querySelector("button[type=submit]");
    button.disabled = true;
    try {
      const { status } = await api("POST", "/api/friends", { name });
      field.value = "";
      say(status === "friends" ? t("You and {name} are friends now.", { name }) : t("Friend request sent to {name}.", { name }));
      await refresh();
    } catch (problem) {
      showError(error, addRefusal(problem, name));
      field.setAttribute("aria-invalid", "true");
      field.focus();
    } finally {
      button.disabled = false;
    }
  });
}

function wireLink() {
  $("copy-friend-link").addEventListener("click", async () => {
    const field = $("friend-link");
    try {
      await navigator.clipboard.writeText(field.value);
      toast(t("Friend link copied."));
    } catch {
      field.focus();
      field.select();
      toast(t("Select the link and copy it."));
    }
  });
}

/** Arriving from a friend link: who became my friend, said once (the address forgets it). */
function sayAdded(data) {
  const params = new URLSearchParams(location.search);
  const added = Number(params.get("added"));
  if (!added || !data) return;
  const friend = data.friends.find((person) => person.id === added);
  const asked = data.outgoing.find((person) => person.id === added);
  if (friend) say(t("You and {name} are friends now.", { name: personName(friend.name) }));
  else if (asked) say(t("Friend request sent to {name}.", { name: personName(asked.name) }));
  params.delete("added");
  const rest = params.toString();
  history.replaceState(null, "", `${location.pathname}${rest ? `?${rest}` : ""}${location.hash}`);
}

function start() {
  wireAdd();
  wireLink();
  wirePreferenceForm($("friends-prefs"), { saved: $("friends-prefs-saved") });
  document.addEventListener("chromino:friend-requests", () => refresh());
  setInterval(() => document.hidden || refresh(), REFRESH_MS);
  document.addEventListener("visibilitychange", () => document.hidden || refresh());
  refresh().then(sayAdded);
}

if (document.body.dataset.page === "friends" && boot.me) start();
