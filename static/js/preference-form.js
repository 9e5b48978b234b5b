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
import { api, boot } from "./api.js";
import { markSoundSetHere, soundOn, soundSetHere, touchOnly } from "./game/sound-default.js";
import { t } from "./i18n.js";

const LIVE = ["assistance", "palette", "symbols", "reversed_arrows", "sound"];
const listeners = new Set();
const forms = new Set(); // the forms on this page that show the preferences
let current = { ...(boot.me?.preferences || {}) };

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
  if (!force && LIVE.every((name) => before[name] === current[name])) return;
  paintBody(current);
  for (const form of forms) showInForm(form, current);
  for (const listener of listeners) listener(current, before);
}

/** Save one preference; the page (and this browser's other tabs) follow at once. Sound
 * set here counts as a change even when the account's preference stays (a touch device
 * keeps sound off until it is set on it). */
export async function savePreference(name, value) {
  const preferences = await api("PATCH", "/api/me/preferences", { [name]: value });
  applyPreferences(preferences, { force: name === "sound" });
  channel?.postMessage({ user: boot.me?.id, preferences });
  return preferences;
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
  form.addEventListener("change", async (event) => {
    const field = event.target;
    if (!field.name) return;
    const value = field.type === "checkbox" ? field.checked : field.value;
    if (field.name === "sound") {
      markSoundSetHere();
      if (soundNote) soundNote.hidden = true;
    }
    try {
      const preferences = await savePreference(field.name, value);
      if (saved) saved.textContent = t("Saved.");
      afterSave?.(field.name, preferences);
    } catch (problem) {
      if (saved) saved.textContent = problem.message;
    }
  });
}
