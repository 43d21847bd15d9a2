// @ts-check
// Sounds for moves, captures, checks and mates, synthesised with WebAudio (no audio files), with an
// off switch remembered in the browser. Which sound a move makes is the server's word: the probe's
// moves carry checkmate, check and zeroing (a capture).

const STORAGE_KEY = "kbn-sound"; // the key saved switches sit under since the KBN trainer: kept

// Each sound: notes of [frequency Hz, start s, length s, wave type, peak gain].
const SOUNDS = {
  move: [[520, 0, 0.07, "triangle", 0.25]],
  capture: [[300, 0, 0.08, "square", 0.12], [200, 0.06, 0.12, "triangle", 0.25]],
  check: [[880, 0, 0.08, "sine", 0.22], [880, 0.12, 0.08, "sine", 0.22]],
  mate: [[523, 0, 0.14, "sine", 0.22], [659, 0.13, 0.14, "sine", 0.22], [784, 0.26, 0.3, "sine", 0.25]],
};

export function soundFor(move) {
  if (!move) return null;
  if (move.checkmate) return "mate";
  if (move.zeroing) return "capture";
  if (move.check) return "check";
  return "move";
}

export function createSounds(storage = window.localStorage) {
  /** @type {AudioContext | null} */
  let context = null;
  let enabled = true;
  try {
    enabled = storage.getItem(STORAGE_KEY) !== "off";
  } catch {
    enabled = true;
  }

  function audio() {
    // Browsers refuse audio before the user has touched the page: stay silent until then.
    if (!context && navigator.userActivation && !navigator.userActivation.hasBeenActive) return null;
    if (!context) {
      const Context = window.AudioContext || /** @type {any} */ (window).webkitAudioContext;
      if (!Context) return null;
      context = new Context();
    }
    if (context.state === "suspended") context.resume().catch(() => {});
    return context;
  }

  function play(name) {
    const notes = SOUNDS[name];
    if (!enabled || !notes) return;
    const ctx = audio();
    if (!ctx) return;
    const now = ctx.currentTime + 0.01;
    for (const [frequency, start, length, type, peak] of notes) {
      const oscillator = ctx.createOscillator();
      const gain = ctx.createGain();
      oscillator.type = type;
      oscillator.frequency.value = frequency;
      gain.gain.setValueAtTime(0.0001, now + start);
      gain.gain.exponentialRampToValueAtTime(peak, now + start + 0.01);
      gain.gain.exponentialRampToValueAtTime(0.0001, now + start + length);
      oscillator.connect(gain).connect(ctx.destination);
      oscillator.start(now + start);
      oscillator.stop(now + start + length + 0.02);
    }
  }

  function setEnabled(on) {
    enabled = Boolean(on);
    try {
      storage.setItem(STORAGE_KEY, enabled ? "on" : "off");
    } catch {
      // private mode: the switch lasts for this page only
    }
  }

  return {
    play,
    playMove: (move) => play(soundFor(move)),
    setEnabled,
    get enabled() {
      return enabled;
    },
  };
}
