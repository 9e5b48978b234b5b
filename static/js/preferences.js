// Preferences: every change is saved at once and applied to the page straight away
// (preference-form.js, shared with the game page's settings panel);
// the palette's preview draws real tiles of both games (with their symbols when those
// are on). The account's forms each say their own errors beside their fields; a guest
// with no password is warned before signing out (the account could not be recovered).
import { api, boot, showError, toast } from "./api.js";
import { tileIcon as triominoIcon } from "./games/triominos/tiles.js";
import { showMyName, typedName } from "./header.js";
import { t } from "./i18n.js";
import { wirePreferenceForm } from "./preference-form.js";
import { tileIcon } from "./games/chromino/tiles.js";

const $ = (id) => document.getElementById(id);
const form = $("prefs-form");
const saved = $("prefs-saved");
const PREVIEW_CHROMINO = [["RYG", "E"], ["BXP", "E"], ["GPB", "E"]];
const PREVIEW_TRIOMINOS = [["012", 0], ["345", 0], ["505", 0]];

/** Tiles of both games in the chosen palette (the page's classes colour them). */
function drawPreview() {
  const preview = $("palette-preview");
  preview.replaceChildren(
    ...PREVIEW_CHROMINO.map(([name, dir]) => tileIcon(name, dir, { class: "tile-icon preview-chromino" })),
    ...PREVIEW_TRIOMINOS.map(([name, rot], index) => triominoIcon(name, rot, { class: "preview-triominos" }, { down: index === 1 })),
  );
}

wirePreferenceForm(form, {
  saved,
  soundNote: $("sound-note"),
  afterSave: (name) => {
    if (name === "language") location.reload();
  },
});

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
