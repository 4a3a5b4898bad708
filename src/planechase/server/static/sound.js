// Optional sounds for the table's moments: a roll of the planar die (a short rattle, then the face), chaos and a
// planeswalk. They are made with the Web Audio API: no sound file is loaded. Off unless this device turns them on
// (the speaker button, remembered per device); a browser without Web Audio stays silent and says nothing.

const SOUND_KEY = "planechase:sound";
let context = null;

/** Each moment's notes: [frequency in Hz, start in s, length in s]. */
const TUNES = {
  roll: [
    [900, 0, 0.03],
    [700, 0.06, 0.03],
    [1100, 0.12, 0.03],
  ],
  blank: [[330, 0.22, 0.12]],
  chaos: [
    [196, 0.22, 0.14],
    [233, 0.34, 0.14],
    [185, 0.46, 0.3],
  ],
  planeswalker: [
    [392, 0.22, 0.12],
    [523, 0.34, 0.12],
    [659, 0.46, 0.3],
  ],
  planeswalk: [
    [523, 0, 0.12],
    [659, 0.1, 0.12],
    [784, 0.2, 0.12],
    [1047, 0.3, 0.4],
  ],
};

/** Whether this device asked for sounds. */
export function soundOn() {
  try {
    return localStorage.getItem(SOUND_KEY) === "1";
  } catch {
    return false;
  }
}

/** Turn the sounds on or off on this device (call it from a tap: browsers start audio only after one). */
export function setSound(on) {
  try {
    localStorage.setItem(SOUND_KEY, on ? "1" : "0");
  } catch {
    // private browsing: the choice lasts until the page reloads
  }
  if (on) audio();
}

function audio() {
  if (context) {
    if (context.state === "suspended") context.resume().catch(() => undefined);
    return context;
  }
  const Context = window.AudioContext || window.webkitAudioContext;
  if (!Context) return null;
  try {
    context = new Context();
  } catch {
    return null;
  }
  return context;
}

/**
 * Play a moment's sound if this device asked for sounds: "roll" with the face ("blank", "chaos",
 * "planeswalker"), or "chaos" or "planeswalk". Returns whether it was played; the page's root element keeps
 * the last one played in data-sound (what the browser tests read, since they cannot hear).
 */
export function playMoment(kind, face = "") {
  if (!soundOn()) return false;
  const ctx = audio();
  if (!ctx) return false;
  const notes = kind === "roll" ? [...TUNES.roll, ...(TUNES[face] || TUNES.blank)] : TUNES[kind] || [];
  const start = ctx.currentTime + 0.02;
  for (const [frequency, at, length] of notes) {
    const tone = ctx.createOscillator();
    const volume = ctx.createGain();
    tone.type = kind === "roll" && at < 0.2 ? "square" : "triangle";
    tone.frequency.value = frequency;
    volume.gain.setValueAtTime(0.0001, start + at);
    volume.gain.exponentialRampToValueAtTime(0.2, start + at + 0.01);
    volume.gain.exponentialRampToValueAtTime(0.0001, start + at + length);
    tone.connect(volume).connect(ctx.destination);
    tone.start(start + at);
    tone.stop(start + at + length + 0.02);
  }
  document.documentElement.dataset.sound = face ? `${kind}:${face}` : kind;
  return true;
}

/** Make `button` the device's sound switch: it shows whether sounds are on (aria-pressed) and turns them over. */
export function soundSwitch(button, label) {
  const show = () => {
    const on = soundOn();
    button.setAttribute("aria-pressed", on ? "true" : "false");
    button.textContent = "♪"; // a note every font has; off is struck through (and aria-pressed says it)
    button.setAttribute("aria-label", label());
    button.title = label();
  };
  button.addEventListener("click", () => {
    setSound(!soundOn());
    show();
  });
  show();
  return show;
}
