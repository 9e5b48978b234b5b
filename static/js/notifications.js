// The Preferences page's "Notifications": this device's web push (asked for with the
// browser's permission, subscribed through the service worker that install.js
// registers on every page, and told to the server: POST / DELETE
// /api/me/push-devices), and my email address (PUT /api/me/email sends a link to
// confirm it; nothing else is sent before it is followed; DELETE forgets it). The
// switches of what to tell me, per kind and channel, are preferences (preference-form.js).
import { ApiError, api, boot, showError } from "./api.js";
import { t } from "./i18n.js";
import { currentPreferences, onPreferences, sharePreferences } from "./preference-form.js";

const $ = (id) => document.getElementById(id);
const READY_MS = 10_000; // how long the service worker may take to be ready

/** An iPhone or iPad (iPadOS says it is a Mac, but has a touch screen). */
function appleMobile() {
  return /iPhone|iPad|iPod/.test(navigator.userAgent) || (navigator.platform === "MacIntel" && navigator.maxTouchPoints > 1);
}

/** Opened from the home screen (installed), not in a browser tab. */
function standalone() {
  return window.matchMedia?.("(display-mode: standalone)").matches || navigator.standalone === true;
}

function pushSupported() {
  return "serviceWorker" in navigator && "PushManager" in window && "Notification" in window;
}

/** The service worker's registration, or null when it is not ready in time. */
async function registration() {
  const timeout = new Promise((done) => setTimeout(() => done(null), READY_MS));
  return Promise.race([navigator.serviceWorker.ready, timeout]);
}

/** What went wrong, in the page's words: the server's (worded in the page's language),
 * else "Try again later." (the browser's own errors are in its language, and technical). */
function reason(problem) {
  if (problem instanceof ApiError) return problem.message;
  console.warn("notifications on this device:", problem);
  return t("Try again later.");
}

/** The VAPID key (base64url) as the bytes pushManager.subscribe() takes. */
function keyBytes(text) {
  const base64 = text.replace(/-/g, "+").replace(/_/g, "/") + "=".repeat((4 - (text.length % 4)) % 4);
  return Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
}

/** This browser's subscription for the server's key (a subscription made with another
 * key, by an older install, is replaced). */
async function subscribe(pushManager) {
  const { public_key: key } = await api("GET", "/api/push/key");
  const options = { userVisibleOnly: true, applicationServerKey: keyBytes(key) };
  try {
    return await pushManager.subscribe(options);
  } catch (problem) {
    if (problem?.name !== "InvalidStateError") throw problem;
    await (await pushManager.getSubscription())?.unsubscribe();
    return pushManager.subscribe(options);
  }
}

/** "This device": what it gets, and the one button that changes it. */
function wireDevice() {
  const state = $("device-state");
  const help = $("device-help");
  const on = $("device-on");
  const off = $("device-off");
  if (!state) return;

  /** Say `words` (and a `note` under them), and offer `button` (or none). */
  function show(words, { note = "", button = null, focus = false } = {}) {
    state.textContent = words;
    help.textContent = note;
    help.hidden = !note;
    on.hidden = button !== on;
    off.hidden = button !== off;
    if (focus && button) button.focus();
  }

  function cannot() {
    if (appleMobile() && !standalone()) {
      show(t("This browser cannot get notifications from this site as it is."), {
        note: t("On an iPhone or iPad: add this site to your home screen (Share, then “Add to Home Screen”), open it from there, and come back to this page."),
      });
    } else {
      show(t("This browser cannot get notifications."));
    }
  }

  const blocked = () =>
    show(t("Notifications are blocked for this site in this browser."), {
      note: t("Allow them in the browser's settings for this site, then come back to this page."),
    });
  const subscribed = (focus = false) => show(t("This device gets notifications."), { button: off, focus });
  const unsubscribed = (focus = false, note = "") => show(t("This device gets no notifications."), { button: on, focus, note });
  const unavailable = () =>
    show(t("Notifications cannot be set up on this device right now."), { note: t("Try again later."), button: on });

  async function start() {
    on.disabled = true;
    try {
      const permission = await Notification.requestPermission();
      if (permission === "denied") return blocked();
      if (permission !== "granted") return unsubscribed(true, t("The browser did not allow notifications: ask again when you like."));
      const ready = await registration();
      if (!ready) return unavailable();
      const subscription = await subscribe(ready.pushManager);
      await api("POST", "/api/me/push-devices", subscription.toJSON());
      subscribed(true);
    } catch (problem) {
      show(t("Notifications cannot be set up on this device right now."), { note: reason(problem), button: on });
    } finally {
      on.disabled = false;
    }
  }

  async function stop() {
    off.disabled = true;
    try {
      const ready = await registration();
      const subscription = await ready?.pushManager.getSubscription();
      if (subscription) {
        await api("DELETE", "/api/me/push-devices", { endpoint: subscription.endpoint });
        await subscription.unsubscribe();
      }
      unsubscribed(true);
    } catch (problem) {
      show(t("This device gets notifications."), { note: reason(problem), button: off });
    } finally {
      off.disabled = false;
    }
  }

  /** As the page opens: what this device gets now. A subscription kept by this browser is
   * told to the server again (it may have forgotten it, or it was another account's). */
  async function check() {
    if (!pushSupported()) return cannot();
    if (Notification.permission === "denied") return blocked();
    const ready = await registration();
    if (!ready) return unavailable();
    const subscription = await ready.pushManager.getSubscription().catch(() => null);
    if (!subscription || Notification.permission !== "granted") return unsubscribed();
    try {
      await api("POST", "/api/me/push-devices", subscription.toJSON());
    } catch {
      // said again on the next visit; the state shown is this browser's
    }
    subscribed();
  }

  on.addEventListener("click", start);
  off.addEventListener("click", stop);
  check();
}

/** "Email": the address and its state; the form sends the link to confirm it. */
function wireEmail() {
  const form = $("email-form");
  if (!form || !boot.page?.email) return;
  const state = $("email-state");
  const input = $("email-address");
  const errorBox = $("email-error");
  const remove = $("email-remove");
  const saved = $("email-saved");
  const send = form.querySelector("button[type=submit]");

  function showState({ email, email_verified: verified }) {
    if (!email) state.textContent = t("No address yet: nothing is sent to you by email.");
    else if (verified) state.textContent = t("{email} is confirmed: the daily email and the last reminders go to it.", { email });
    else state.textContent = t("Waiting for you to follow the link we sent to {email}.", { email });
    state.className = email && !verified ? "email-state pending" : "email-state";
    remove.hidden = !email;
    if (document.activeElement !== input && email) input.value = email;
  }

  form.addEventListener("input", () => showError(errorBox, ""));
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    showError(errorBox, "");
    const email = input.value.trim();
    if (!email || !input.checkValidity()) {
      showError(errorBox, t("Type your email address, like name@example.org."));
      input.focus();
      return;
    }
    send.disabled = true;
    saved.textContent = t("Sending the link…");
    try {
      sharePreferences(await api("PUT", "/api/me/email", { email }));
      saved.textContent = t("We sent a link to {email}: follow it to confirm the address.", { email });
    } catch (problem) {
      saved.textContent = "";
      showError(errorBox, problem.message);
    } finally {
      send.disabled = false;
    }
  });
  remove.addEventListener("click", async () => {
    showError(errorBox, "");
    try {
      await api("DELETE", "/api/me/email");
    } catch (problem) {
      showError(errorBox, problem.message);
      return;
    }
    sharePreferences({ email: null, email_verified: false });
    input.value = "";
    input.focus();
    saved.textContent = t("Address removed: nothing more is sent to it.");
  });

  // The link is followed in another tab or on the phone: back here, the page asks.
  document.addEventListener("visibilitychange", async () => {
    const now = currentPreferences();
    if (document.hidden || !now.email || now.email_verified) return;
    try {
      sharePreferences(await api("GET", "/api/me/preferences"));
    } catch {
      // asked again the next time the page shows
    }
  });
  onPreferences((now) => showState(now));
  showState(currentPreferences());
}

export function wireNotifications() {
  wireDevice();
  wireEmail();
}
