// The test hook, window.pixelJudge: for end-to-end tests and curious users.
// Its names are a contract (README, "The test hook").  A feature adds to it
// before main.js publishes it (at import time, or when main.js wires it; one that
// main.js loads later has stand-ins until then, addLaterHooks):
//   addHook("solve", (game, text) => ...);              // pixelJudge.solve(...)
//   addState(() => ({ stale: isStale() }));            // more fields in state()
// This module knows no feature: it reads only the page's state.
import { app, player } from "./state.js";

/** @type {(() => Record<string, unknown>)[]} */
const stateParts = [];
let published = false;

/** @type {Record<string, unknown>} */
const entries = {
  games: () => app.games.map((g) => ({ name: g.name, title: g.title, kind: g.kind, samples: g.samples.map((s) => s.name) })),
  // The bridge envelope for `text`, without touching the page.
  solve: (/** @type {string} */ game, /** @type {string} */ text) => client().call({ cmd: "solve", game, text }),
  state: () => Object.assign({
    game: app.game,
    case: app.solved ? app.solved.caseIndex : 0,
    step: player.index,
    steps: app.solved ? app.solved.frames.length : 0,
    playing: player.playing,
    speed: player.speed,
    moves: app.solved ? [...app.solved.moves] : [],
    solving: app.solving,
    engine: app.client ? app.client.stage : "loading",
    // Which scene draws the game: the game's own, or "generic" when it has none
    // (null until the chosen game's scene module is loaded).
    scene: app.scene && app.sceneGame === app.game ? (app.scene.generic ? "generic" : app.game) : null,
  }, ...stateParts.map((part) => part())),
};

function client() {
  if (!app.client) throw new Error("the engine is not started yet");
  return app.client;
}

/** @param {string} what */
function assertOpen(what) {
  if (published) throw new Error(`pixelJudge is already published: add ${what} before main.js publishes it`);
}

/**
 * Adds pixelJudge[name] (a function, or a value such as the `ready` promise).
 * @param {string} name
 * @param {unknown} fn
 */
export function addHook(name, fn) {
  assertOpen(name);
  if (name in entries) throw new Error(`pixelJudge.${name} exists already`);
  entries[name] = fn;
}

/**
 * Adds pixelJudge[name] for each name, standing in for the hook functions of a
 * feature main.js loads later: a call waits for `feature()` (its hook functions) and
 * calls its own.
 * @param {string[]} names
 * @param {() => Promise<Record<string, (...args: any[]) => unknown>>} feature
 */
export function addLaterHooks(names, feature) {
  for (const name of names) addHook(name, async (/** @type {any[]} */ ...args) => (await feature())[name](...args));
}

/**
 * `part()` returns an object whose fields join pixelJudge.state().
 * @param {() => Record<string, unknown>} part
 */
export function addState(part) {
  assertOpen("a state part");
  stateParts.push(part);
}

/** Publishes window.pixelJudge, frozen: nothing can be added after. */
export function publishHook() {
  published = true;
  /** @type {Window & { pixelJudge?: Readonly<Record<string, unknown>> }} */ (window).pixelJudge = Object.freeze({ ...entries });
}
