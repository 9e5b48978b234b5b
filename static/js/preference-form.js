// The player's preferences on a page, written once for every page that shows or
// changes them: the Preferences page's form, the game page's settings panel
// (game/settings.js) and the header, which hears of changes made elsewhere.
//
// A change is saved at once (PATCH /api/me/preferences) and applied to the page
// straight away: the palette and the symbols are the body's classes; whatever else
// follows a preference (the game page's sound and arrows) listens with
// onPreferences(). The other tabs of this browser hear it at once (BroadcastChannel);
// other devices through the server's stream of me (GET /api/me/events, the header's).
// The language is applied on the next page only (a page is rendered in its language).
//
// The Preferences page's schedule and notices are preferences too, saved the same way:
// the time zone (a text field), the quiet hours (two time fields, `quiet_start` and
// `quiet_end`, saved together as `quiet`), the digest's hour (a select) and the
// notices switched off (checkboxes named `switched_off`, valued "channel:kind",
// checked when the kind is wanted). Saves go out one after the other, so the server
// keeps the last change made (a time typed digit by digit saves several times).
import { api, boot } from "./api.js";
import { markSoundSetHere, soundOn, soundSetHere, touchOnly } from "./game/sound-default.js";
import { t } from "./i18n.js";

const LIVE = ["assistance", "palette", "symbols", "reversed_arrows", "sound", "show_online", "hide_rating"];
/** Shown by the Preferences page's forms too; followed like the others when they change. */
const SCHEDULE = ["time_zone", "quiet", "digest_hour", "switched_off", "email", "email_verified"];
/** Fields whose text a person may be typing: a change heard meanwhile leaves them be. */
const TYPED = new Set(["text", "search", "time", "email"]);
const listeners = new Set();
const forms = new Set(); // the forms on this page that show the preferences
let current = { ...(boot.me?.preferences || {}) };
let saving = Promise.resolve(); // the saves, one after the other

const channel = typeof BroadcastChannel === "function" ? new BroadcastChannel("chromino.preferences") : null;
channel?.addEventListener("message", (event) => {
  if (event.data?.user === boot.me?.id) applyPreferences(event.data.preferences);
});

/** The preferences this page follows now. */
export function currentPreferences() {
  return current;
}

/** Call `listener(now, before)` whenever the preferences change (here, in another tab or elsewhere). */
export function onPreferences(listener) {
  listeners.add(listener);
}

function paintBody(preferences) {
  document.body.className = document.body.className
    .split(" ")
    .filter((name) => name && !name.startsWith("palette-") && name !== "with-symbols")
    .concat(`palette-${preferences.palette}`, preferences.symbols ? "with-symbols" : [])
    .join(" ");
}

/** Take `preferences` as the page's: paint it, show it in every form, tell the listeners. */
export function applyPreferences(preferences, { force = false } = {}) {
  if (!preferences) return;
  const before = current;
  current = { ...current, ...preferences };
  if (boot.me) boot.me.preferences = current;
  const same = (name) => JSON.stringify(before[name]) === JSON.stringify(current[name]);
  if (!force && LIVE.every(same) && SCHEDULE.every(same)) return;
  paintBody(current);
  for (const form of forms) showInForm(form, current);
  for (const listener of listeners) listener(current, before);
}

/** Save one preference; the page (and this browser's other tabs) follow at once. Sound
 * set here counts as a change even when the account's preference stays (a touch device
 * keeps sound off until it is set on it). */
export async function savePreference(name, value) {
  const patch = () => api("PATCH", "/api/me/preferences", { [name]: value });
  const saved = saving.then(patch, patch);
  saving = saved.catch(() => null);
  const preferences = await saved;
  sharePreferences(preferences, { force: name === "sound" });
  return preferences;
}

/** Preferences the server answered with (a save, an address set): this page and this
 * browser's other tabs follow them. */
export function sharePreferences(preferences, options = {}) {
  applyPreferences(preferences, options);
  channel?.postMessage({ user: boot.me?.id, preferences: current });
}

/** "22:30" → 1350 (minutes after midnight), or null for an empty or partial time. */
export function minutesOf(text) {
  const match = /^(\d{2}):(\d{2})/.exec(text || "");
  return match ? Number(match[1]) * 60 + Number(match[2]) : null;
}

/** 1350 → "22:30", as a time field takes it. */
export function timeOf(minutes) {
  const pad = (number) => String(number).padStart(2, "0");
  return `${pad(Math.floor(minutes / 60) % 24)}:${pad(minutes % 60)}`;
}

/** The notices switched off, as `form`'s switches say (kinds it does not show stay as they were). */
function switchedOffIn(form) {
  const off = { push: [...(current.switched_off?.push || [])], email: [...(current.switched_off?.email || [])] };
  for (const box of form.querySelectorAll("input[name=switched_off]")) {
    const [channelName, kind] = box.value.split(":");
    const kinds = (off[channelName] ||= []).filter((other) => other !== kind);
    off[channelName] = box.checked ? kinds : [...kinds, kind];
  }
  return off;
}

/** The preference a field's change sets: [name, value], or null when there is nothing
 * to save yet (a time half typed, an empty time zone). */
function preferenceOf(form, field) {
  switch (field.name) {
    case "quiet_start":
    case "quiet_end": {
      const start = minutesOf(form.elements.quiet_start?.value);
      const end = minutesOf(form.elements.quiet_end?.value);
      return start === null || end === null ? null : ["quiet", { start, end }];
    }
    case "digest_hour":
      return ["digest_hour", Number(field.value)];
    case "switched_off":
      return ["switched_off", switchedOffIn(form)];
    case "time_zone": {
      const zone = field.value.trim();
      return zone ? ["time_zone", zone] : null;
    }
    default:
      return [field.name, field.type === "checkbox" ? field.checked : field.value];
  }
}

/** The form's controls set to `preferences` (sound: as it plays on this device). */
function showInForm(form, preferences) {
  for (const name of LIVE) {
    const field = form.elements[name];
    if (!field) continue;
    if (field instanceof RadioNodeList) field.value = preferences[name];
    else if (field.type === "checkbox") field.checked = Boolean(preferences[name]);
    else field.value = preferences[name];
  }
  if (form.elements.sound) form.elements.sound.checked = soundOn(preferences.sound);
  const set = (field, value) => {
    if (!field || (TYPED.has(field.type) && field === document.activeElement)) return;
    field.value = value;
  };
  if (preferences.time_zone) set(form.elements.time_zone, preferences.time_zone);
  if (preferences.quiet) {
    set(form.elements.quiet_start, timeOf(preferences.quiet.start));
    set(form.elements.quiet_end, timeOf(preferences.quiet.end));
  }
  if (preferences.digest_hour !== undefined) set(form.elements.digest_hour, String(preferences.digest_hour));
  for (const box of form.querySelectorAll("input[name=switched_off]")) {
    const [channelName, kind] = box.value.split(":");
    box.checked = !(preferences.switched_off?.[channelName] || []).includes(kind);
  }
}

/** On a touch-only device where sound was never set here, it is off: the box says so. */
function showSound(form, note) {
  const box = form.elements.sound;
  if (!box) return;
  const quiet = touchOnly() && !soundSetHere();
  if (quiet) box.checked = soundOn(current.sound);
  if (note) note.hidden = !quiet;
}

/**
 * Save each change of `form`'s fields at once. `saved` (a status element) says
 * "Saved." or the server's refusal; `soundNote` is the touch device's note on sound;
 * `afterSave(name, preferences)` is called once a change is saved.
 */
export function wirePreferenceForm(form, { saved, soundNote, afterSave } = {}) {
  forms.add(form);
  showSound(form, soundNote);
  form.addEventListener("submit", (event) => event.preventDefault()); // saved on change
  form.addEventListener("change", async (event) => {
    const field = event.target;
    if (!field.name) return;
    const change = preferenceOf(form, field);
    const say = (words, failed = false) => {
      if (!saved) return;
      saved.textContent = words;
      saved.classList.toggle("failed", failed); // a refusal reads as one
    };
    if (!change) {
      if (field.name === "time_zone") field.value = current.time_zone || "";
      else say(t("Set both times: from and to."), true);
      return;
    }
    if (field.name === "sound") {
      markSoundSetHere();
      if (soundNote) soundNote.hidden = true;
    }
    try {
      const preferences = await savePreference(...change);
      say(t("Saved."));
      afterSave?.(change[0], preferences);
    } catch (problem) {
      say(problem.message, true);
    }
  });
}
