// The test hook, window.pixelJudge: for end-to-end tests and curious users.
// Its names are a contract (README, "The test hook").  A feature adds to it
// before main.js publishes it (at import time is simplest):
//   addHook("check", (game, input, output) => ...);    // pixelJudge.check(...)
//   addState(() => ({ stale: isStale() }));            // more fields in state()
import { app } from "./state.js";
import { ready } from "./boot.js";
import { player, renderer } from "./playback.js";
import { shareLink } from "./links.js";
import { running as demoRunning } from "./demo.js";

const stateParts = [];
let published = false;

const entries = {
  // Resolves when the engine is installed and the page can solve.
  ready,
  games: () => app.games.map((g) => ({ name: g.name, title: g.title, kind: g.kind, samples: g.samples.map((s) => s.name) })),
  // The bridge envelope for `text`, without touching the page.
  solve: (game, text) => app.client.call({ cmd: "solve", game, text }),
  shareLink,
  // The rectangle of every text on the stage now, in stage pixels (384 x 216).
  textBoxes: () => renderer.textBoxes(),
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
    demo: demoRunning(),
    // Which scene draws the game: the game's own, or "generic" when it has none.
    scene: app.scene ? (app.scene.generic ? "generic" : app.game) : null,
  }, ...stateParts.map((part) => part())),
};

function assertOpen(what) {
  if (published) throw new Error(`pixelJudge is already published: add ${what} before main.js publishes it`);
}

export function addHook(name, fn) {
  assertOpen(name);
  if (name in entries) throw new Error(`pixelJudge.${name} exists already`);
  entries[name] = fn;
}

// `part()` returns an object whose fields join pixelJudge.state().
export function addState(part) {
  assertOpen("a state part");
  stateParts.push(part);
}

export function publishHook() {
  published = true;
  window.pixelJudge = Object.freeze({ ...entries });
}
