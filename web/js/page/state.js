// The page's state, owned here: its elements by role, the shown scene's state
// (`app`), the player (which step is shown, and how it plays) and the page's
// events.  Features read the state and change it; whoever changes something
// others follow says so with emit(), and the others listen with on().  This
// module imports no feature, and nothing here knows a game.
import * as storage from "./storage.js";
import { Player } from "../stage/player.js";

/** @typedef {import("./types.js").GameInfo} GameInfo */
/** @typedef {import("./types.js").Solved} Solved */

/**
 * The page's state.
 * @typedef {object} AppState
 * @property {GameInfo[]} games
 * @property {string | null} game  the chosen game
 * @property {import("../stage/types.js").Scene | null} scene  the scene last loaded: the chosen
 *   game's once its module is in (until then the previous game's)
 * @property {string | null} sceneGame  the game `scene` draws
 * @property {import("../engine/client.js").EngineClient | null} client
 * @property {Record<string, string>} inputs  the input typed for each game
 * @property {Solved | null} solved
 * @property {boolean} solving  an engine request of the page runs
 * @property {number} ticket  counts solves: a reply to an older one is dropped
 * @property {{ sync(text: string): void } | null} tool  the scene's input tool, when it has one
 * @property {{ game: string, text: string } | null} typed  what the user typed before a sample
 *   or a deal replaced it ("Restore my input")
 * @property {string | null} lastGenerated  the last input the page made itself
 * @property {{ game: string, text: string } | null} linked  the input shown is a link's, not yet
 *   the user's: their own (inputs[game]) stays saved and one click away ("Back to your input")
 * @property {import("../stage/types.js").Scene | null} labScene  the lab's scene, once loaded (lab/)
 * @property {unknown[]} labExamples  the manifest's lab examples (checked by lab/ before use)
 */

/**
 * The page's events, by name, with what each passes.
 *   player:   the player changed (its reason; at every animation frame of a tween too)
 *   step:     a step is shown (not at every tween)
 *   game:     a game was selected (by the picker, a link or a feature)
 *   input:    the input's text changed
 *   solved:   a solve put a new scene on the page
 *   language: the language changed and every text is in it (views that draw redraw)
 *   scene:    the chosen game's scene module is loaded (app.scene)
 * @typedef {object} PageEvents
 * @property {[why: import("../stage/player.js").Change]} player
 * @property {[why: import("../stage/player.js").Change | "language", index: number, count: number]} step
 * @property {[info: GameInfo]} game
 * @property {[]} input
 * @property {[]} solved
 * @property {[]} language  the page's texts are in a new language (the shown scene's too)
 * @property {[]} scene
 */

/**
 * The element with this id, which must be a `type`.
 * @template {HTMLElement} T
 * @param {string} id
 * @param {{ new (): T, name: string }} type
 * @returns {T}
 */
function $(id, type) {
  const node = document.getElementById(id);
  if (!(node instanceof type)) throw new Error(`the page lacks its #${id} (${type.name})`);
  return node;
}

const button = HTMLButtonElement;
const select = HTMLSelectElement;
const field = HTMLInputElement;
const element = HTMLElement;

/** The page's elements by role, each of its element type. */
export const el = {
  game: $("game", select), gameTitle: $("game-title", element), inputHelp: $("input-help", element),
  input: $("input", HTMLTextAreaElement), solve: $("solve", button), cancel: $("cancel", button),
  sample: $("sample", button), sampleList: $("sample-list", select), random: $("random", button),
  seed: $("seed", field), options: $("random-options", element), error: $("error", element),
  answer: $("answer", element), copyAnswer: $("copy-answer", button), solveStatus: $("solve-status", element),
  caseSelect: $("case", select), canvas: $("canvas", HTMLCanvasElement), narration: $("narration", element),
  first: $("first", button), stepBack: $("step-back", button), play: $("play", button),
  stepForward: $("step-forward", button), last: $("last", button), step: $("step", element),
  scrubber: $("scrubber", field), speed: $("speed", field), speedText: $("speed-text", element),
  sound: $("sound", field), copyLink: $("copy-link", button), linkStatus: $("link-status", element),
  linkText: $("link-text", field), linkError: $("link-error", element),
  copyEmbed: $("copy-embed", button), embedText: $("embed-text", field), moves: $("moves", element),
  movesTitle: $("moves-title", element), moveList: $("move-list", element), playAs: $("play-as", select),
  backToLine: $("back-to-line", button), demo: $("demo", button), restore: $("restore-input", button),
  linkInput: $("link-input", element), ownInput: $("own-input", button),
  inputTool: $("input-tool", element), transcript: $("transcript", element), boot: $("boot", element),
  bootText: $("boot-text", element), buildInfo: $("build-info", element), stale: $("stale", element),
  analysisSummary: $("analysis-summary", element), variation: $("variation", element),
};
/** @typedef {typeof el} PageElements */

/** What the last visit saved (see storage.js): checked before it is used. */
export const stored = storage.load();
/** The user asked for reduced motion. */
export const reducedMotion = matchMedia("(prefers-reduced-motion: reduce)").matches;

/** @type {AppState} */
export const app = {
  games: [], game: null, scene: null, sceneGame: null, client: null,
  inputs: stored.inputs && typeof stored.inputs === "object" ? stored.inputs : {},
  solved: null,
  solving: false,
  ticket: 0,
  tool: null,
  typed: null,
  lastGenerated: null,
  linked: null,
  labScene: null,
  labExamples: [],
};

/** The game lab's entry (a user's own game, lab/): never in the picker, drawn by scenes/lab.js. */
export const LAB_GAME = Object.freeze({ name: "lab", title: "Game lab", kind: "two-player", input_help: "",
  interactive: true, scene: true, samples: [], random_options: [] });

/** @type {{ [K in keyof PageEvents]?: ((...args: PageEvents[K]) => void)[] }} */
const listeners = {};

/**
 * Listens to one of the page's events.
 * @type {<K extends keyof PageEvents>(name: K, fn: (...args: PageEvents[K]) => void) => void}
 */
export const on = (name, fn) => {
  const list = listeners[name] || (listeners[name] = []);
  list.push(fn);
};

/**
 * Tells every listener of `name`, in the order they listened.
 * @type {<K extends keyof PageEvents>(name: K, ...args: PageEvents[K]) => void}
 */
export const emit = (name, ...args) => {
  for (const fn of listeners[name] || []) fn(...args);
};

/** The player owns time: the shown step, playing or not, the speed. */
export const player = new Player({ reducedMotion, onChange: (why) => emit("player", why) });

/**
 * The scene that draws `game`'s frames, or null while its module is still loading
 * (a frame of one game drawn by another game's scene would break it).
 * @param {string | null | undefined} game
 * @returns {import("../stage/types.js").Scene | null}
 */
export function sceneFor(game) {
  if (game === LAB_GAME.name) return app.labScene;
  return game && app.sceneGame === game ? app.scene : null;
}

/**
 * The manifest entry of a game (the one shown by default).
 * @param {string | null} [name]
 * @returns {GameInfo | undefined}
 */
export function gameInfo(name = app.game) {
  return app.games.find((g) => g.name === name) || (name === LAB_GAME.name ? LAB_GAME : undefined);
}

/**
 * A plain <option>; `label` is set as text.
 * @param {string} value
 * @param {string} label
 */
export function option(value, label) {
  const node = document.createElement("option");
  node.value = value;
  node.textContent = label;
  return node;
}

/**
 * Copies `text` to the clipboard; false where the browser refuses.
 * @param {string} text
 */
export async function copyText(text) {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}
