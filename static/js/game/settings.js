// The game page's settings panel (templates/_game_settings.html, in the page's header):
// the preferences' own fields, saved and applied at once (preference-form.js), and
// the live page following every change of the preferences — made in the panel, in
// another tab or on another device. The palette and the symbols are the page's
// classes; here: the sound plays or not, and reversed arrows remount the board (its
// toolbar's moves and words). A new help level needs nothing here: the server sends
// the game again with or without the places (a `state` message).
import { onPreferences, wirePreferenceForm } from "../preference-form.js";
import { soundOn } from "./sound-default.js";

const $ = (id) => document.getElementById(id);

/** Wire the panel (Escape and "Close" fold it, keys inside it never reach the board). */
function wirePanel() {
  const panel = $("game-settings");
  if (!panel) return;
  wirePreferenceForm($("game-settings-form"), { saved: $("game-settings-saved"), soundNote: $("game-sound-note") });
  const close = () => {
    panel.open = false;
    panel.querySelector("summary").focus();
  };
  panel.addEventListener("keydown", (event) => {
    event.stopPropagation(); // the page's keys (Enter lays a tile, arrows move it) are the board's
    if (event.key === "Escape" && panel.open) close();
  });
  $("game-settings-close").addEventListener("click", close);
  panel.addEventListener("toggle", () => {
    if (panel.open) $("game-settings-saved").textContent = "";
  });
  document.addEventListener("pointerdown", (event) => {
    if (panel.open && !panel.contains(event.target)) panel.open = false;
  });
}

/**
 * Mount the panel and follow the preferences: `preferences` (the object the game module
 * reads) is kept current, `sound` (game/sound.js) on or off, `remount()` puts the board
 * up again when the arrows' direction changes.
 */
export function mountSettings({ preferences, sound, remount }) {
  wirePanel();
  onPreferences((now, before) => {
    Object.assign(preferences, now);
    sound.setEnabled(soundOn(now.sound));
    if (Boolean(now.reversed_arrows) !== Boolean(before.reversed_arrows)) remount();
  });
}
