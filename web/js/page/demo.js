// The auto-demo: plays the current game's samples one after another, in a loop.
// Any manual action stops it (see `stoppedByManualActions`).
import { app, el, gameInfo, on, player } from "./state.js";
import { addState } from "./hook.js";
import { setText } from "../i18n/dom.js";

/**
 * What the demo needs from the rest of the page (main.js hands it over).
 * @typedef {object} DemoNeeds
 * @property {(k: number) => void} loadSample
 * @property {import("./types.js").Solve} solve
 */

/** @type {DemoNeeds} */
let needs;
/** @param {DemoNeeds} given */
export function connectDemo(given) {
  needs = given;
}

/** @type {{ index: number, timer: number } | null} */
let demo = null;   // while the demo plays

/** Stops the demo, if it plays. */
export const stopDemo = () => stop();
addState(() => ({ demo: Boolean(demo) }));

async function next() {
  const info = gameInfo();
  if (!demo || !info || !info.samples.length) return stop();
  const k = demo.index % info.samples.length;
  demo.index = k + 1;
  needs.loadSample(k);
  await needs.solve({ quiet: true });
  if (demo && app.solved) {
    setText(el.solveStatus, "ui.demo.status", { sample: info.samples[k].name });
    player.seek(0);
    player.play();
  }
}

function start() {
  demo = { index: 0, timer: 0 };
  el.demo.setAttribute("aria-pressed", "true");
  setText(el.demo, "ui.playback.stop_demo");
  next();
}

function stop() {
  if (!demo) return;
  clearTimeout(demo.timer);
  demo = null;
  el.demo.setAttribute("aria-pressed", "false");
  setText(el.demo, "ui.playback.demo");
}

// At the end of a sample's line, the next sample follows after a pause.
on("step", (why, index, count) => {
  if (why === "pause" && demo && index === count - 1) demo.timer = setTimeout(next, 1500);
});

/** The demo button (controls.js). */
export const handlers = {
  demo: () => (demo ? stop() : start()),
};

// Wraps the page's handlers so that any manual action stops the demo (the demo
// button toggles it; sound, speed, copying and "play as" leave it running).
/**
 * @template {Record<string, (...args: any[]) => unknown>} H
 * @param {H} handlers
 * @returns {H}
 */
export function stoppedByManualActions(handlers) {
  const keep = new Set(["demo", "sound", "speed", "copyLink", "copyEmbed", "copyAnswer", "playAs"]);
  return /** @type {H} */ (Object.fromEntries(Object.entries(handlers).map(([name, fn]) =>
    [name, keep.has(name) ? fn : (/** @type {unknown[]} */ ...args) => { stop(); return fn(...args); }])));
}
