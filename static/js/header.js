// What every page's header does: offer a newcomer (a guest whose name was drawn for
// them) to choose the name the other players see — a small form under the header,
// on the home and table pages only, never over a game, put away for good with "Keep
// this one" — offer a guest to sign in to the account they made on another device
// ("Sign in", a dialog), and keep what it shows of me up to date: my name, and how
// many games wait for my move, from the server's stream of me (GET /api/me/events;
// the home page's lobby stream carries it too), which also brings preferences changed
// on another device (preference-form.js applies them). The count links to my games
// (/games) and is told to the tab too (turn-signal.js: its title and favicon). On the
// first visit it tells the server the browser's time zone (turn-based clocks run in
// the player's own waking hours).
import { api, boot, el, showError, toast } from "./api.js";
import { personName } from "./game/names.js";
import { numberText, t, tn } from "./i18n.js";
import { offerRecovery } from "./forgot-password.js";
import { showFriendRequests, showInvitations } from "./invitations.js";
import { offerPasskeySignIn } from "./passkeys.js";
import { applyPreferences } from "./preference-form.js";
import { showSignedOut } from "./signed-out.js";
import { showWaiting as signalWaiting } from "./turn-signal.js";

const $ = (id) => document.getElementById(id);
const DISMISSED = "chromino.name-prompt.dismissed"; // this browser said "keep this one"
/** The pages where a newcomer is about to meet others: a game's page never pushes the
 * board down for it (on a phone the form took 300 px above the board). */
const NAME_PAGES = new Set(["home", "table"]);

/** Show `name` (as stored) as mine in the header (the preferences page calls it too). */
export function showMyName(name) {
  const badge = $("whoami");
  if (!badge) return;
  const shown = personName(name);
  badge.textContent = shown;
  badge.dataset.initial = shown.slice(0, 1).toUpperCase();
}

/** The name a person typed, as the server stores it: a new guest's drawn name, left as the
 * page words it ("Гость 123456"), is sent as it is stored (keeping it). */
export function typedName(typed) {
  const stored = boot.me?.name;
  return stored && typed === personName(stored) ? stored : typed;
}

/** Whom "keep this one" was said for: the account, or a visitor's drawn name (which
 * their account keeps when their first action makes it). */
function dismissedFor() {
  return [String(boot.me?.id), boot.me?.name];
}

function dismissed() {
  try {
    return dismissedFor().includes(localStorage.getItem(DISMISSED));
  } catch {
    return false;
  }
}

function dismiss() {
  try {
    localStorage.setItem(DISMISSED, boot.me?.visitor ? boot.me.name : String(boot.me?.id));
  } catch {
    // private browsing: it asks again on the next page
  }
}

function offerName() {
  const form = $("name-prompt");
  // A visitor who may not play here yet (boot.join: sign up, sign in, or an invitation) is
  // offered that instead (join.js): saving a name would make an account.
  if (!form || boot.join || boot.me?.name_chosen || dismissed() || !NAME_PAGES.has(document.body.dataset.page)) return;
  form.hidden = false;
  const input = $("name-prompt-input");
  const error = $("name-prompt-error");
  input.addEventListener("input", () => showError(error, ""));
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    showError(error, "");
    try {
      const me = await api("PUT", "/api/me/name", { name: typedName(input.value.trim()) });
      heardName(me.name);
      form.hidden = true;
      toast(t("Name saved."));
    } catch (problem) {
      showError(error, problem.code === "name_taken" ? t("That name is taken: try another.") : problem.message);
      input.focus();
    }
  });
  $("name-prompt-later").addEventListener("click", () => {
    dismiss();
    form.hidden = true;
  });
}

offerName();

/** The language menu: a choice is kept with the account (a guest's too) and the page
 * is shown again in it; a game in progress carries on where it was. */
function offerLanguages() {
  const select = $("language-select");
  if (!select) return;
  select.addEventListener("change", async () => {
    try {
      await api("PATCH", "/api/me/preferences", { language: select.value });
      location.reload();
    } catch (problem) {
      toast(problem.message);
    }
  });
}

offerLanguages();

/** "Menu" (up to 1279 px, app.css): a disclosure that shows the links and the language
 * menu at the header's foot. Escape closes it and gives the focus back to "Menu"; so does
 * a click elsewhere or the focus leaving the header (without taking the focus). */
function offerMenu() {
  const toggle = $("menu-toggle");
  const header = toggle?.closest(".site-header");
  if (!toggle || !header) return;
  const show = (open) => {
    header.classList.toggle("menu-open", open);
    toggle.setAttribute("aria-expanded", String(open));
  };
  const isOpen = () => toggle.getAttribute("aria-expanded") === "true";
  toggle.addEventListener("click", () => show(!isOpen()));
  header.addEventListener("keydown", (event) => {
    if (event.key !== "Escape" || !isOpen()) return;
    event.preventDefault();
    show(false);
    toggle.focus();
  });
  document.addEventListener("click", (event) => {
    if (isOpen() && !header.contains(event.target)) show(false);
  });
  header.addEventListener("focusout", (event) => {
    if (isOpen() && event.relatedTarget && !header.contains(event.relatedTarget)) show(false);
  });
}

offerMenu();

/** "Sign in" (a guest's header): the name and password saved on another device; this
 * browser then is that account (the page reloads as it). */
function offerSignIn() {
  const dialog = $("sign-in");
  const open = $("sign-in-open");
  if (!dialog || !open) return;
  const form = $("sign-in-form");
  const error = $("sign-in-error");
  open.addEventListener("click", () => {
    showError(error, "");
    dialog.showModal();
    form.elements.name.focus();
  });
  $("sign-in-cancel").addEventListener("click", () => dialog.close());
  offerPasskeySignIn(error); // "Sign in with a passkey" (passkeys.js)
  offerRecovery(dialog, form); // "Forgot your password?" (forgot-password.js)
  form.addEventListener("input", () => showError(error, ""));
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    showError(error, "");
    try {
      await api("POST", "/api/login", { name: form.elements.name.value, password: form.elements.password.value });
      location.reload();
    } catch (problem) {
      showError(error, problem.message);
      form.elements.password.select();
    }
  });
}

offerSignIn();

let waitingTold = null; // the count last told to the tab

/** The count of games waiting for my move, beside my name (hidden at none), and in the
 * tab's title and favicon. */
function showWaiting(count) {
  if (waitingTold !== (count || 0)) {
    waitingTold = count || 0;
    signalWaiting(waitingTold);
  }
  const badge = $("waiting-badge");
  if (!badge) return;
  badge.hidden = !count;
  badge.dataset.count = String(count || 0);
  if (!count) return;
  const words = tn("Your turn in 1 game", "Your turn in {count} games", count);
  // A phone shows the count alone (app.css); the name says it whole either way.
  badge.replaceChildren(el("span", { class: "waiting-words" }, words), el("span", { class: "waiting-count", "aria-hidden": "true" }, numberText(count)));
  badge.setAttribute("aria-label", words);
  badge.title = words;
}

/** My name as saved (here or on another page): the page's record of me follows, so what
 * it fills in with my name (the lobby's seats on this device) is never a name I left, and
 * the page hears of it ("my-name" on the document, the name in its detail). */
function heardName(name) {
  if (boot.me && boot.me.name !== name) {
    boot.me.name = name;
    document.dispatchEvent(new CustomEvent("my-name", { detail: name }));
  }
  showMyName(name);
}

/** What the stream of me says: my name, my preferences, the games waiting for me. */
function heardMe(me) {
  if (boot.me) boot.me.registered = me.registered;
  heardName(me.name);
  showWaiting(me.waiting);
  applyPreferences(me.preferences);
  showInvitations(me.invitations); // invitations to a table, friend requests (invitations.js)
  showFriendRequests(me.friend_requests);
}

const ZONE_SENT = "chromino.time-zone.sent"; // this browser told the server its zone (for this person)

/** A person whose time zone the server does not know yet gets the browser's, once: their
 * turn-based clocks stop in their own nights. A zone the server does not know (a 422)
 * is not sent again from this browser. */
async function sendTimeZone() {
  // A visitor has no account to keep it in (looking makes none): sent once they have one.
  if (!boot.me?.preferences || boot.me.visitor || boot.me.preferences.time_zone) return;
  let zone;
  try {
    zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  } catch {
    return;
  }
  if (!zone) return;
  const mark = `${boot.me.id}:${zone}`;
  try {
    if (localStorage.getItem(ZONE_SENT) === mark) return;
  } catch {
    // private browsing: sent on every page until the server has it
  }
  try {
    const preferences = await api("PATCH", "/api/me/preferences", { time_zone: zone });
    boot.me.preferences.time_zone = preferences.time_zone;
  } catch (problem) {
    if (problem.status !== 422) return; // offline, or the server busy: the next page tries again
  }
  try {
    localStorage.setItem(ZONE_SENT, mark);
  } catch {
    // as above
  }
}

sendTimeZone();

let streamUrl = "/api/me/events";
const streamListeners = []; // [event, listener]: a page's own events on the same stream

/**
 * Ask the header's stream to be `url` (the home page's lobby stream, which carries `me`
 * events too: one stream a page) and hand its `event` events to `listener`. Call it as
 * the page's module loads; the stream opens once the page has loaded.
 */
export function shareStream(url, event, listener) {
  streamUrl = url;
  streamListeners.push([event, listener]);
}

let stream = null; // the open EventSource, while the page is in sight

/** Open the stream (its first events bring everything up to date). */
function listen() {
  if (!window.EventSource || !boot.me || stream) return;
  stream = new EventSource(streamUrl);
  stream.addEventListener("me", (event) => heardMe(JSON.parse(event.data)));
  stream.addEventListener("signed_out", (event) => {
    stopListening(); // banned: the server ended my sessions (signed-out.js says why)
    showSignedOut(JSON.parse(event.data));
  });
  for (const [name, listener] of streamListeners) stream.addEventListener(name, (event) => listener(JSON.parse(event.data)));
}

function stopListening() {
  stream?.close();
  stream = null;
}

/** Only a page in sight holds a stream: a browser gives a site few connections (six
 * over HTTP/1.1), and a tab put back in front hears the news at once on reopening. */
function followVisibility() {
  document.addEventListener("visibilitychange", () => (document.hidden ? stopListening() : listen()));
  window.addEventListener("pagehide", stopListening);
  window.addEventListener("pageshow", (event) => event.persisted && !document.hidden && listen());
  if (!document.hidden) listen();
}

// The page's modules all run before DOMContentLoaded: by then each has said what it shares.
if (document.readyState === "complete") setTimeout(followVisibility);
else document.addEventListener("DOMContentLoaded", followVisibility, { once: true });
