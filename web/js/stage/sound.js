// Optional square-wave sound effects; silent until the user turns them on.
/** @type {AudioContext | null} */
let audio = null;
let enabled = false;

/**
 * Turns the sounds on or off (the first time on opens the audio context).
 * @param {boolean} on
 */
export function setEnabled(on) {
  enabled = on;
  if (on && !audio) audio = new AudioContext();
}

/**
 * Plays notes one after another, if sounds are on.
 * @param {Array<[number, number]>} notes  [frequency Hz, duration ms] pairs
 */
export function playNotes(notes) {
  if (!enabled || !audio || !notes.length) return;
  let at = audio.currentTime;
  for (const [freq, ms] of notes) {
    const osc = audio.createOscillator();
    const gain = audio.createGain();
    osc.type = "square";
    osc.frequency.value = freq;
    gain.gain.setValueAtTime(0.05, at);
    gain.gain.exponentialRampToValueAtTime(0.001, at + ms / 1000);
    osc.connect(gain).connect(audio.destination);
    osc.start(at);
    osc.stop(at + ms / 1000);
    at += ms / 1000;
  }
}
