// The "your turn" chime: two soft notes made by the Web Audio API (no sound file),
// only with the "sound" preference. Browsers let a page make sound only after a
// click or a key press, so the page calls unlock() on those.

export function createSound(enabled) {
  let audio = null;

  function unlock() {
    if (!enabled || audio) return;
    const Context = window.AudioContext || window.webkitAudioContext;
    if (Context) audio = new Context();
  }

  function playTurn() {
    if (!enabled || !audio) return;
    if (audio.state === "suspended") audio.resume().catch(() => {});
    const start = audio.currentTime + 0.02;
    [659.25, 987.77].forEach((frequency, i) => {
      const oscillator = audio.createOscillator();
      const gain = audio.createGain();
      oscillator.type = "sine";
      oscillator.frequency.value = frequency;
      const at = start + i * 0.16;
      gain.gain.setValueAtTime(0, at);
      gain.gain.linearRampToValueAtTime(0.16, at + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, at + 0.45);
      oscillator.connect(gain).connect(audio.destination);
      oscillator.start(at);
      oscillator.stop(at + 0.5);
    });
  }

  return { unlock, playTurn };
}
