// The auto-demo: plays the current game's samples one after another, in a loop.
// Any manual action stops it (see `stoppedByManualActions`).
import { app, el, gameInfo } from "./state.js";
import { loadSample } from "./input.js";
import { solve } from "./solve.js";
import { onStep, player } from "./playback.js";

let demo = null;   // {index, timer} while the demo plays

export const running = () => Boolean(demo);
export const stopDemo = () => stop();

async function next() {
  const info = gameInfo();
  if (!demo || !info.samples.length) return stop();
  const k = demo.index % info.samples.length;
  demo.index = k + 1;
  loadSample(k);
  await solve({ quiet: true });
  if (demo && app.solved) {
    el.solveStatus.textContent = `Demo: ${info.samples[k].name}`;
    player.seek(0);
    player.play();
  }
}

function start() {
  demo = { index: 0, timer: 0 };
  el.demo.setAttribute("aria-pressed", "true");
  el.demo.textContent = "Stop demo";
  next();
}

function stop() {
  if (!demo) return;
  clearTimeout(demo.timer);
  demo = null;
  el.demo.setAttribute("aria-pressed", "false");
  el.demo.textContent = "Demo";
}

// At the end of a sample's line, the next sample follows after a pause.
onStep((why, index, count) => {
  if (why === "pause" && demo && index === count - 1) demo.timer = setTimeout(next, 1500);
});

export const handlers = {
  demo: () => (demo ? stop() : start()),
};

// Wraps the page's handlers so that any manual action stops the demo (the demo
// button toggles it; sound, speed, copying and "play as" leave it running).
export function stoppedByManualActions(on) {
  const keep = new Set(["demo", "sound", "speed", "copyLink", "copyAnswer", "playAs"]);
  return Object.fromEntries(Object.entries(on).map(([name, fn]) =>
    [name, keep.has(name) ? fn : (...args) => { stop(); return fn(...args); }]));
}
