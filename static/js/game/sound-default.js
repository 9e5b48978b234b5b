// Whether sounds play on this device. The "sound" preference follows the player
// everywhere, but a phone plays nothing until the player turns sound on there: a
// touch-only device whose player never set the preference on it stays quiet.
const SET_HERE = "chromino.sound.set-here"; // the player set the preference on this device

/** A device with a touch screen and no mouse (a phone, a tablet). */
export function touchOnly() {
  return Boolean(window.matchMedia?.("(hover: none) and (pointer: coarse)").matches);
}

/** Whether the sound preference was set on this device. */
export function soundSetHere() {
  try {
    return localStorage.getItem(SET_HERE) === "1";
  } catch {
    return false;
  }
}

/** The player chose (on or off) on this device. */
export function markSoundSetHere() {
  try {
    localStorage.setItem(SET_HERE, "1");
  } catch {
    // private browsing: the default holds
  }
}

/** Sounds on? The preference, except on a touch-only device where it was never set. */
export function soundOn(preference) {
  if (touchOnly() && !soundSetHere()) return false;
  return Boolean(preference);
}
