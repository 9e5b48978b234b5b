// What every page's header does: offer a newcomer (a guest whose name was drawn for
// them) to choose the name the other players see — a small form under the header,
// on the home and table pages only, never over a game, put away for good with "Keep
// this one" — offer a guest to sign in to the account they made on another device
// ("Sign in", a dialog), and keep what it shows of me up to date: my name, and how
// many games wait for my move, from the server's stream of me (GET /api/me/events;
// the home page's lobby stream carries it too), which also brings preferences changed
// on another device (preference-form.js applies them).
import { api, boot, el, showError, toast } from "./api.js";
import { personName } from "./game/names.js";
import { numberText, t, tn } from "./i18n.js";
import { applyPreferences } from "./preference-form.js";

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

function dismissed() {
  try {
    return localStorage.getItem(DISMISSED) === String(boot.me?.id);
  } catch {
    return false;
  }
}

function dismiss() {
  try {
    localStorage.setItem(DISMISSED, String(boot.me?.id));
  } catch {
    // private browsing: it asks again on the next page
  }
}

function offerName() {
  const form = $("name-prompt");
  if (!form || boot.me?.name_chosen || dismissed() || !NAME_PAGES.has(document.body.dataset.page)) return;
  form.hidden = false;
  const input = $("name-prompt-input");
  const error = $("name-prompt-error");
  input.addEventListener("input", () => showError(error, ""));
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    showError(error, "");
    try {
      const me = await api("PUT", "/api/me/name", { name: typedName(input.value.trim()) });
      showMyName(me.name);
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

/** The count of games waiting for my move, beside my name (hidden at none). */
function showWaiting(count) {
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

/** What the stream of me says: my name, my preferences, the games waiting for me. */
function heardMe(me) {
  if (boot.me) {
    boot.me.name = me.name;
    boot.me.registered = me.registered;
  }
  showMyName(me.name);
  showWaiting(me.waiting);
  applyPreferences(me.preferences);
}

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

function listen() {
  if (!window.EventSource || !boot.me) return;
  const stream = new EventSource(streamUrl);
  stream.addEventListener("me", (event) => heardMe(JSON.parse(event.data)));
  for (const [name, listener] of streamListeners) stream.addEventListener(name, (event) => listener(JSON.parse(event.data)));
  window.addEventListener("pagehide", () => stream.close());
}

// The page's modules all run before DOMContentLoaded: by then each has said what it shares.
if (document.readyState === "complete") setTimeout(listen);
else document.addEventListener("DOMContentLoaded", listen, { once: true });
