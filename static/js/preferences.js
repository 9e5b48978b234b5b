// Preferences: every change is saved at once and applied to the page straight away
// (preference-form.js, shared with the game page's settings panel);
// the palette's preview draws real tiles of every game (each game's preview.js, with
// their symbols when those are on). The account's forms each say their own errors beside their fields; a guest
// with no password is warned before signing out (the account could not be recovered).
// "Time and nights" (time zone, quiet hours, the daily email's hour) and the switches
// of the notices are preferences saved the same way; "Days away" (days-away.js) and
// this device's notifications and the email address (notifications.js) have their own
// requests.
import { api, boot, el, showError, toast } from "./api.js";
import { wireDaysAway } from "./days-away.js";
import { KINDS, loadPart } from "./games/registry.js";
import { showMyName, typedName } from "./header.js";
import { t } from "./i18n.js";
import { wireNotifications } from "./notifications.js";
import { currentPreferences, onPreferences, wirePreferenceForm } from "./preference-form.js";

const $ = (id) => document.getElementById(id);
const form = $("prefs-form");
const saved = $("prefs-saved");
/** Tiles of every game in the chosen palette (the page's classes colour them). */
async function drawPreview() {
  const parts = await Promise.all(KINDS.map((kind) => loadPart(kind, "preview")));
  $("palette-preview").replaceChildren(...parts.flatMap((part) => part.previewTiles()));
}

wirePreferenceForm(form, {
  saved,
  soundNote: $("sound-note"),
  afterSave: (name) => {
    if (name === "language") location.reload();
  },
});

/** A zone by its current IANA name: browsers still say some by the name they had
 * before their place was renamed ("Asia/Calcutta": "Asia/Kolkata"), the server keeps
 * the new one (web/people/zones.py). */
function currentZone(zone) {
  return (boot.page?.renamed_zones || {})[zone] || zone;
}

/** This device's time zone (IANA, current name), or null when the browser does not say. */
function deviceZone() {
  try {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    return zone ? currentZone(zone) : null;
  } catch {
    return null;
  }
}

/** "Time and nights": the zones to choose from, this device's, and the hours shown as
 * this browser writes times (its time fields' way: "22:00" or "10:00 PM"). */
function wireTime() {
  const timeForm = $("time-form");
  const zoneField = $("time-zone");
  const useDevice = $("use-device-zone");
  const here = deviceZone();
  const zones = typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("timeZone") : [];
  const named = [...new Set(zones.map(currentZone))].sort();
  $("time-zones").replaceChildren(...named.map((zone) => el("option", { value: zone })));
  const showDevice = () => {
    const mine = currentPreferences().time_zone;
    $("device-zone").textContent = here ? t("This device's time zone: {zone}.", { zone: here }) : "";
    useDevice.hidden = !here || mine === here;
  };
  const hours = new Intl.DateTimeFormat(undefined, { hour: "numeric", minute: "2-digit", timeZone: "UTC" });
  for (const option of $("digest-hour")?.options || []) {
    option.textContent = hours.format(Date.UTC(2000, 0, 1, Number(option.value)));
  }
  wirePreferenceForm(timeForm, { saved: $("time-saved"), afterSave: showDevice });
  useDevice.addEventListener("click", () => {
    zoneField.value = here;
    zoneField.dispatchEvent(new Event("change", { bubbles: true }));
    zoneField.focus(); // the button goes once the zone is this device's
  });
  onPreferences(showDevice);
  showDevice();
}

wireTime();
wirePreferenceForm($("notify-form"), { saved: $("notify-saved") });
wireDaysAway();
wireNotifications();

/** Send a form's request; its error goes beside its fields (`errorBox`), and is cleared as the player types. */
function wire(formId, errorId, request, after) {
  const element = $(formId);
  const errorBox = $(errorId);
  element.addEventListener("input", () => showError(errorBox, ""));
  element.addEventListener("submit", async (event) => {
    event.preventDefault();
    showError(errorBox, "");
    try {
      after(await api(...request(element)), element);
    } catch (problem) {
      const words = { name_taken: t("That name is taken: try another.") };
      showError(errorBox, words[problem.code] || problem.message);
    }
  });
}

wire(
  "name-form",
  "name-error",
  (element) => ["PUT", "/api/me/name", { name: typedName(element.elements.name.value.trim()) }],
  (me) => {
    showMyName(me.name);
    $("name-prompt")?.setAttribute("hidden", "");
    toast(t("Name saved."));
  },
);
wire(
  "password-form",
  "password-error",
  (element) => ["PUT", "/api/me/password", { password: element.elements.password.value }],
  (me, element) => {
    element.reset();
    boot.me.registered = me.registered;
    // the password is there now: the field offers to change it (and the header no longer to sign in)
    $("password-label").textContent = t("Change password");
    document.getElementById("sign-in-open")?.setAttribute("hidden", "");
    toast(t("Password saved: you can now sign in from another device."));
    document.dispatchEvent(new CustomEvent("chromino:password-saved")); // the passkeys' part (passkey-settings.js)
  },
);
wire(
  "login-form",
  "login-error",
  (element) => ["POST", "/api/login", { name: element.elements.name.value, password: element.elements.password.value }],
  () => location.reload(),
);

async function signOut() {
  try {
    await api("POST", "/api/logout");
    location.assign("/");
  } catch (problem) {
    showError($("logout-error"), problem.message);
  }
}

$("logout").addEventListener("click", () => {
  if (boot.me?.registered) {
    signOut();
    return;
  }
  $("logout-warning").hidden = false;
  $("logout-add-password").focus();
});
$("logout-add-password").addEventListener("click", () => {
  $("logout-warning").hidden = true;
  $("password").focus();
});
$("logout-anyway").addEventListener("click", signOut);

drawPreview();
