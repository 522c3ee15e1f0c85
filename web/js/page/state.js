// The page's shared parts: its elements by role, and the state of the shown
// scene.  Feature modules read and write `app`; nothing here knows a game.
import * as storage from "./storage.js";

const $ = (id) => document.getElementById(id);
export const el = {
  game: $("game"), gameTitle: $("game-title"), inputHelp: $("input-help"), input: $("input"), solve: $("solve"), cancel: $("cancel"),
  sample: $("sample"), sampleList: $("sample-list"), random: $("random"), seed: $("seed"),
  options: $("random-options"), error: $("error"), answer: $("answer"), copyAnswer: $("copy-answer"),
  solveStatus: $("solve-status"), caseSelect: $("case"), canvas: $("canvas"), narration: $("narration"),
  first: $("first"), stepBack: $("step-back"), play: $("play"), stepForward: $("step-forward"), last: $("last"),
  step: $("step"), scrubber: $("scrubber"), speed: $("speed"), speedText: $("speed-text"), sound: $("sound"),
  copyLink: $("copy-link"), linkStatus: $("link-status"), linkText: $("link-text"), linkError: $("link-error"),
  moves: $("moves"), movesTitle: $("moves-title"), moveList: $("move-list"), playAs: $("play-as"),
  backToLine: $("back-to-line"), demo: $("demo"), restore: $("restore-input"), inputTool: $("input-tool"), transcript: $("transcript"), boot: $("boot"), bootText: $("boot-text"),
  buildInfo: $("build-info"), stale: $("stale"),
  analysisSummary: $("analysis-summary"), variation: $("variation"),
};

export const stored = storage.load();
export const reducedMotion = matchMedia("(prefers-reduced-motion: reduce)").matches;

export const app = {
  games: [], game: null, scene: null, client: null,
  inputs: stored.inputs && typeof stored.inputs === "object" ? stored.inputs : {},
  // The solved scene: what the canvas shows and a link shares.
  solved: null,   // {game, text, reply, caseIndex, frames, moves}
  solving: false,
  ticket: 0,
};

// The manifest entry of a game (the one shown by default).
export function gameInfo(name = app.game) {
  return app.games.find((g) => g.name === name);
}

// A plain <option>; `label` is set as text.
export function option(value, label) {
  const node = document.createElement("option");
  node.value = value;
  node.textContent = label;
  return node;
}

export async function copyText(text) {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}
