// "Add as a friend" beside the other people of a game (the players panel, the end
// screen): a small button for each person who is not my friend yet, "Request sent" once
// asked, nothing for a friend or someone muted. The game's snapshot names its players
// (no account ids), so a request goes by name (POST /api/friends {"name"}); what I
// know of my friends is read once (GET /api/friends) when the first slot is drawn.
// A slot is an element of its own that this module fills, whoever drew it: the panels
// are rebuilt as the game moves, and every slot on the page follows when a request
// is sent.
import { api, el, toast } from "../api.js";
import { t } from "../i18n.js";
import { personName } from "./names.js";

let known = null; // {friends, outgoing, muted}: Sets of stored names, once read
let asked = null;
const sentHere = new Set(); // names asked from this page

function load() {
  asked ||= api("GET", "/api/friends")
    .then((data) => {
      const names = (people) => new Set(people.map((person) => person.name));
      known = { friends: names(data.friends), outgoing: names(data.outgoing), muted: names(data.muted) };
      refill();
    })
    .catch(() => {
      known = null; // not for this person (or the server is away): no slot shows anything
    });
  return asked;
}

function refill() {
  for (const slot of document.querySelectorAll(".befriend[data-name]")) fill(slot);
}

function fill(slot) {
  const name = slot.dataset.name;
  if (!known || known.friends.has(name) || known.muted.has(name)) {
    slot.replaceChildren();
    slot.hidden = true;
    return;
  }
  slot.hidden = false;
  if (known.outgoing.has(name) || sentHere.has(name)) {
    const focused = slot.contains(document.activeElement);
    const note = el("span", { class: "befriend-sent", tabindex: focused ? "-1" : null, "data-testid": "befriend-sent" }, t("Friend request sent"));
    slot.replaceChildren(note);
    if (focused) note.focus({ preventScroll: true });
    return;
  }
  if (slot.querySelector("button")) return;
  const button = el(
    "button",
    { type: "button", class: "befriend-button", "data-testid": "befriend" },
    t("Add as a friend"),
    el("span", { class: "visually-hidden" }, ` (${personName(name)})`),
  );
  button.addEventListener("click", () => befriend(name, button));
  slot.replaceChildren(button);
}

async function befriend(name, button) {
  button.disabled = true;
  try {
    const { status } = await api("POST", "/api/friends", { name });
    if (status === "friends") {
      known?.friends.add(name);
      toast(t("You and {name} are friends now.", { name: personName(name) }));
    } else {
      sentHere.add(name);
      toast(t("Friend request sent to {name}.", { name: personName(name) }));
    }
    refill();
  } catch (problem) {
    button.disabled = false;
    toast(problem.message);
  }
}

/** A slot for "Add as a friend" beside `name` (a stored name, as the snapshot gives it). */
export function befriendSlot(name) {
  const slot = el("span", { class: "befriend", "data-name": name, hidden: true });
  if (known) fill(slot);
  else load();
  return slot;
}

/** Rebuild `list` by `rebuild()`, the focus staying on the same person's friend button. */
export function keepingBefriendFocus(list, rebuild) {
  const focused = document.activeElement?.closest?.(".befriend[data-name]");
  const name = focused && list.contains(focused) ? focused.dataset.name : null;
  rebuild();
  if (name === null) return;
  const again = [...list.querySelectorAll(".befriend[data-name]")].find((slot) => slot.dataset.name === name);
  again?.querySelector("button, [tabindex]")?.focus({ preventScroll: true });
}
