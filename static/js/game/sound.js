// The game's sounds, made by the Web Audio API (no sound files): a soft two-note
// chime when my turn comes, a short wooden "tock" when a tile is laid, a rising
// three-note phrase when the game ends (four, to the octave, when I won), a bright
// call when someone goes out, a falling two-note call when my time ran out. Only
// with sound on (game/sound-default.js: the "sound" preference, off on a touch-only
// device until it is set there).
// Browsers let a page make sound only after a click or a key press, so the page
// calls unlock() on those.

export function createSound(enabled) {
  let audio = null;

  function unlock() {
    if (!enabled || audio) return;
    const Context = window.AudioContext || window.webkitAudioContext;
    if (Context) audio = new Context();
  }

  function ready() {
    if (!enabled || !audio) return false;
    if (audio.state === "suspended") audio.resume().catch(() => {});
    return true;
  }

  /** One soft note: `type` wave at `frequency`, from `at`, fading over `length` seconds. */
  function note(frequency, at, { length = 0.45, volume = 0.14, type = "sine", bend = 0 } = {}) {
    const oscillator = audio.createOscillator();
    const gain = audio.createGain();
    oscillator.type = type;
    oscillator.frequency.setValueAtTime(frequency, at);
    if (bend) oscillator.frequency.exponentialRampToValueAtTime(frequency * bend, at + length);
    gain.gain.setValueAtTime(0, at);
    gain.gain.linearRampToValueAtTime(volume, at + 0.015);
    gain.gain.exponentialRampToValueAtTime(0.0001, at + length);
    oscillator.connect(gain).connect(audio.destination);
    oscillator.start(at);
    oscillator.stop(at + length + 0.05);
  }

  function playTurn() {
    if (!ready()) return;
    const start = audio.currentTime + 0.02;
    note(659.25, start, { volume: 0.16 });
    note(987.77, start + 0.16, { volume: 0.16 });
  }

  function playLaid() {
    if (!ready()) return;
    const start = audio.currentTime + 0.01;
    note(220, start, { length: 0.12, volume: 0.22, type: "triangle", bend: 0.6 });
    note(660, start, { length: 0.05, volume: 0.05, type: "square", bend: 0.5 });
  }

  function playEnd() {
    if (!ready()) return;
    const start = audio.currentTime + 0.05;
    [523.25, 659.25, 783.99].forEach((frequency, i) => note(frequency, start + i * 0.14, { length: 0.6, volume: 0.13 }));
  }

  /** Someone went out: a quick bright call, up a fifth. */
  function playOut() {
    if (!ready()) return;
    const start = audio.currentTime + 0.02;
    note(783.99, start, { length: 0.25, volume: 0.12, type: "triangle" });
    note(1174.66, start + 0.1, { length: 0.4, volume: 0.12, type: "triangle" });
  }

  /** I won: the end's rising phrase, climbing one step further to the octave. */
  function playWin() {
    if (!ready()) return;
    const start = audio.currentTime + 0.05;
    [523.25, 659.25, 783.99, 1046.5].forEach((frequency, i) => note(frequency, start + i * 0.13, { length: i === 3 ? 0.9 : 0.5, volume: 0.13 }));
  }

  function playTimeout() {
    if (!ready()) return;
    const start = audio.currentTime + 0.02;
    note(493.88, start, { volume: 0.15, type: "triangle" });
    note(329.63, start + 0.18, { volume: 0.15, type: "triangle" });
  }

  /** Sound on or off from now on (the preference changed while the page is open). */
  function setEnabled(on) {
    enabled = Boolean(on);
  }

  return { unlock, playTurn, playLaid, playEnd, playOut, playWin, playTimeout, setEnabled, isEnabled: () => enabled };
}
