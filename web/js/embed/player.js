// The embed's one scene: reads the link, shows the boot on the stage while the
// engine starts (in a worker of this frame, from the stored snapshot when this
// browser has one), solves the linked case and plays its frames.  A link that
// cannot be opened, or an engine that cannot start, leaves its reason in the frame.
import { EngineClient } from "../engine/client.js";
import { Player } from "../stage/player.js";
import { Renderer } from "../stage/renderer.js";
import { loadScene } from "../stage/scene-loader.js";
import { drawStatus } from "../stage/status-scene.js";
import { localize, ready as wordsReady, stageWords, t } from "../i18n/i18n.js";
import { translateTree } from "../i18n/dom.js";
import { Commands } from "./host.js";
import { linkTrouble, pageLink, readLink } from "./link.js";
import { TITLE, runtimeLabel, solvingLabel } from "./text.js";
import { el, hideNotice, narrate, showNotice, showTransport } from "./view.js";

/** @typedef {import("../stage/types.js").Frame} Frame */
/** @typedef {import("../stage/types.js").Scene} Scene */
/** @typedef {import("./link.js").LinkedScene} LinkedScene */
/** @typedef {{ name: string, title: string, kind: string, scene: boolean }} GameInfo */

// The embed speaks the language of its reader (the page's stored choice on this origin, else
// the browser's): every word it shows waits for its catalog (one small fetch, started as the
// i18n module loads; nothing else waits, so the host's messages are heard at once).  Without
// a catalog it still plays, its words as their keys.
let wordsShown = false;
const wordsIn = wordsReady().catch((err) => console.error(err)).then(() => {
  wordsShown = true;
  translateTree(document);
  showStatus();
});

const reducedMotion = matchMedia("(prefers-reduced-motion: reduce)").matches;

/** The shown scene, and where the embed is. */
export const shown = {
  /** @type {GameInfo | null} */ info: null,
  caseIndex: 0,
  /** @type {Frame[]} */ frames: [],
  /** @type {Scene | null} */ scene: null,
  /** @type {string | null} why nothing can be shown */ error: null,
  autoplay: false,
  ticket: 0,
};

/** @type {Array<(index: number, count: number) => void>} */
const stepListeners = [];
/** @type {Array<() => void>} */
const loadListeners = [];

/** The embed's stage. */
export const renderer = new Renderer(el.canvas, { reducedMotion, fill: true, words: stageWords });
/** The embed's player. */
export const player = new Player({ reducedMotion, onChange: (why) => refresh(why) });
/** The status picture; its line is made at each paint, in the language shown. @type {Status} */
let status = { title: TITLE, game: "", label: "", progress: 0 };
let labelNow = () => runtimeLabel();
showStatus();

/** @typedef {import("../stage/status-scene.js").Status} Status */
// The download's bytes redraw the stage at most every STATUS_MS (the main thread
// stays quiet while the engine boots); a new stage of the boot redraws at once.
const STATUS_MS = 250;
let statusTimer = 0;
/**
 * @param {Partial<Omit<Status, "label">> & { label?: () => string }} change  label: makes the line
 * @param {boolean} [soon]  a byte count: drawn within STATUS_MS
 */
function setStatus({ label, ...change }, soon = false) {
  if (label) labelNow = label;
  status = { ...status, ...change };
  if (soon && statusTimer) return;
  clearTimeout(statusTimer);
  statusTimer = soon ? setTimeout(() => { statusTimer = 0; showStatus(); }, STATUS_MS) : 0;
  if (!soon) showStatus();
}
function showStatus() {
  if (!shown.frames.length) renderer.showStill((g) => drawStatus(g, { ...status, label: wordsShown ? labelNow() : "" }));
}

// The engine's boot stage as last reported ("runtime", "engine", "ready", "failed").
let engineStage = "runtime";
let engineStopped = false;
/** The embed's engine. */
export const client = new EngineClient({
  snapshots: false,   // a guest in someone's page: it uses a stored snapshot, never makes one
  onStage: (stage, _ms, message) => {
    engineStage = stage;
    if (stage === "failed") return engineFailed(message || "unknown error");
    if (shown.error) return;
    if (stage === "runtime") setStatus({ label: () => runtimeLabel(), progress: 0 });
    if (stage === "engine") setStatus({ label: () => t("ui.embed.stage_engine"), progress: null });
    if (stage === "ready") setStatus({ label: () => t("ui.embed.stage_solving"), progress: null });
    if (shown.info && !shown.frames.length && wordsShown) narrate(waiting());
  },
  onBytes: (loaded, total) => {
    if (engineStage !== "runtime" || shown.error) return;
    setStatus({ label: () => runtimeLabel(loaded, total), progress: total ? loaded / total : 0 }, true);
  },
});

/** What the narration says while the scene waits for the engine. */
function waiting() {
  return engineStage === "ready" ? t("ui.embed.solving") : engineStage === "engine" ? t("ui.embed.starting") : t("ui.embed.loading");
}

/** @type {Promise<GameInfo[]>} */
const games = fetch("manifest.json").then((r) => r.json()).then((m) => m.games);

/**
 * Calls `fn(index, count)` whenever another step is shown (not at every tween).
 * @param {(index: number, count: number) => void} fn
 */
export function onStep(fn) { stepListeners.push(fn); }

/** @param {() => void} fn  called when a scene (or its reason) is shown */
export function onLoad(fn) { loadListeners.push(fn); }

/**
 * Opens the scene of the frame's fragment; resolves once it shows, or its reason does.
 * @returns {Promise<void>}
 */
export async function open() {
  const ticket = ++shown.ticket;
  await wordsIn;
  if (ticket !== shown.ticket) return;
  const fragment = location.hash;
  el.open.href = pageLink(fragment, location.href);
  let known;
  try {
    known = await games;
  } catch {
    return fail(t("ui.embed.cannot_open"), t("ui.embed.no_games"), retryPage);
  }
  const { scene, autoplay, error } = await readLink(fragment, known.map((g) => g.name));
  if (ticket !== shown.ticket) return;
  shown.autoplay = autoplay && !reducedMotion;
  if (!scene) {
    // Nothing to solve: the engine's boot stops (a hash change to a good link starts it again).
    if (!engineStopped) client.worker.terminate();
    engineStopped = true;
    engineStage = "stopped";
    return fail(t("ui.embed.cannot_open"), /** @type {string} */ (error));
  }
  if (engineStopped) {
    engineStopped = false;
    client.retry();
  }
  const info = /** @type {GameInfo} */ (known.find((g) => g.name === scene.game));
  reset(info);
  narrate(waiting());
  const [drawer, reply] = await Promise.all([
    loadScene(info).catch((/** @type {Error} */ err) => ({ failed: err.message || String(err) })), solve(scene)]);
  if (ticket !== shown.ticket) return;
  if ("failed" in drawer) return fail(t("ui.embed.cannot_open"), t("ui.embed.no_drawing", { reason: drawer.failed }), retryPage);
  localize(reply);
  if (!reply.ok) {
    if (reply.error.type === "EngineUnavailable") return engineFailed(reply.error.message);
    return fail(t("ui.embed.cannot_open"), linkTrouble(reply.error, scene.caseIndex));
  }
  shown.scene = drawer;
  shown.caseIndex = reply.case;
  shown.frames = reply.frames;
  player.load(reply.frames.length, Math.min(scene.step, reply.frames.length - 1));
  if (!performance.getEntriesByName("embed:first-frame").length) performance.mark("embed:first-frame");
  for (const fn of loadListeners) fn();
  for (const command of pending.take()) obey(command);
}

/** @param {LinkedScene} scene */
function solve(scene) {
  const request = { cmd: "solve", game: scene.game, text: scene.text, case: scene.caseIndex, moves: scene.moves };
  return client.call(request, {
    onProgress: (/** @type {{ nodes?: number }} */ p) => setStatus({ label: () => solvingLabel(p.nodes), progress: null }, true),
  });
}

/** @param {GameInfo} info */
function reset(info) {
  shown.info = info;
  shown.frames = [];
  shown.scene = null;
  shown.error = null;
  hideNotice();
  el.player.dataset.state = "loading";
  player.load(0);
  setStatus({ game: info.title, failed: false,
    ...(engineStage === "ready" ? { label: () => t("ui.embed.stage_solving"), progress: null } : {}) });
}

/**
 * @param {string} heading
 * @param {string} reason
 * @param {(() => void) | null} [retry]
 */
function fail(heading, reason, retry = null) {
  shown.error = reason;
  shown.frames = [];
  player.load(0);
  setStatus({ label: () => t("ui.embed.stage_failed"), failed: true, progress: null });
  showNotice(heading, reason, retry);
  for (const fn of loadListeners) fn();
}

/** @param {string} message */
function engineFailed(message) {
  const show = () => fail(t("ui.embed.engine_failed"), message, () => {
    client.retry();
    open();
  });
  if (wordsShown) show();
  else wordsIn.then(show);
}

/** The engine's boot stage ("runtime", "engine", "ready", "failed"; "stopped" after a link with no scene). */
export const engine = () => engineStage;

function retryPage() {
  location.reload();
}

let lastStep = -1;
/** @param {import("../stage/player.js").Change} why */
function refresh(why) {
  const count = shown.frames.length;
  const i = player.index;
  showTransport(count, i, player.playing);
  const frame = shown.frames[i];
  if (!frame || !shown.scene) return;
  renderer.show(shown.scene, { frame, prev: i > 0 ? shown.frames[i - 1] : null, t: player.t });
  if (why === "tween") return;
  el.player.dataset.state = "ready";
  narrate(frame.note, player.playing);
  if (why === "load" || i !== lastStep) {
    lastStep = i;
    for (const fn of stepListeners) fn(i, count);
  }
}

// The commands the host sent before the scene was shown wait for it (the last goto, and
// the last play or pause after it).
const pending = new Commands();

/**
 * Carries out a command of the host page: goto (paused, past the end the last
 * step), play, pause.
 * @param {import("./host.js").Command} command
 */
export function obey(command) {
  if (!shown.frames.length) {
    pending.add(command);
    return;
  }
  if (command.type === "play") player.play();
  else if (command.type === "pause") player.pause();
  else {
    player.pause();
    player.seek(command.step);
  }
}

/** The transport's actions. */
export const actions = {
  first: () => player.first(),
  last: () => player.last(),
  /** @param {number} delta */
  step: (delta) => player.step(delta),
  togglePlay: () => player.toggle(),
};
