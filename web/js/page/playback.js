// Playback: the player (time), the renderer (canvas) and everything that shows
// the current step: step counter, transport buttons, narration, transcript mark,
// move panel, sounds.  The shown step is saved so a reload returns to it.
import { app, el, emit, gameInfo, on, player, reducedMotion, sceneFor } from "./state.js";
import { addHook } from "./hook.js";
import { HEIGHT, PAL, Renderer, WIDTH } from "../stage/renderer.js";
import * as storage from "./storage.js";
import * as sound from "../stage/sound.js";
import { fillPlayAs, renderMoves } from "./moves.js";
import { fillTranscript, markTranscript } from "./transcript.js";
import { clearCases } from "./cases.js";
import { setAttrs, setMsg, setPlain, setText } from "../i18n/dom.js";
import { stageWords } from "../i18n/i18n.js";

/** @typedef {import("../stage/types.js").Frame} Frame */
/** @typedef {import("../stage/player.js").Change} Change */

/**
 * The shown scene, as a share link or a reload restores it.
 * @typedef {object} SceneRef
 * @property {string | null} game
 * @property {string} text
 * @property {number} caseIndex
 * @property {number} step
 * @property {string[]} moves
 * @property {number[]} [userSteps]
 * @property {string} [code]  a lab scene's rules
 */

const renderer = new Renderer(el.canvas, { reducedMotion, words: stageWords });
on("player", (why) => refresh(why));
// A change of language redraws the stage and the step's texts (the frames have their new texts).
on("language", () => {
  if (app.solved) fillPlayAs(el.playAs, app.solved.frames);
  refresh("language");
});
// Frames solved while their game's scene was still loading are drawn once it is in.
on("scene", () => draw());
// The rectangle of every text on the stage now, in stage pixels (384 x 216).
addHook("textBoxes", () => renderer.textBoxes());

/** No scene: the answer, cases, transcript and stage are emptied. */
export function clearPlayback() {
  app.solved = null;
  el.answer.textContent = "";
  el.copyAnswer.disabled = true;
  el.copyLink.disabled = true;
  el.copyEmbed.disabled = true;
  clearCases();
  el.transcript.replaceChildren();
  setPlain(el.narration, "");
  setPlain(el.solveStatus, "");
  player.load(0);
  renderer.show(app.scene, null);
}

/**
 * Shows a new line of frames, at `step`.
 * @param {Frame[]} frames
 * @param {number} [step]
 */
export function loadFrames(frames, step = 0) {
  el.linkText.hidden = true;   // a shown link (or embed code) belongs to the scene it was made for
  el.embedText.hidden = true;
  setPlain(el.linkStatus, "");
  fillTranscript(el.transcript, frames);
  el.scrubber.max = String(Math.max(0, frames.length - 1));
  fillPlayAs(el.playAs, frames);
  player.load(frames.length, Math.min(step, frames.length - 1));
}

let lastSounded = -1;
/** @param {Change | "language"} why */
function refresh(why) {
  const s = app.solved;
  const frames = s ? s.frames : [];
  const i = player.index;
  const frame = frames[i];
  showTransport(frames.length, i);
  const scene = draw();
  if (!frame) {
    showMoves();
    return;
  }
  if (why === "tween") return;
  // Screen readers hear the narration when the user steps, not at every frame of playback.
  el.narration.setAttribute("aria-live", player.playing ? "off" : "polite");
  if (frame.msg) setMsg(el.narration, frame.msg);
  else setPlain(el.narration, frame.note);
  markTranscript(el.transcript, i);
  if (why === "seek" && i !== lastSounded && scene && scene.sounds) sound.playNotes(scene.sounds(frame));
  lastSounded = i;
  showMoves();
  saveScene();
  emit("step", why, i, frames.length);
}

/**
 * Draws the shown frame with its game's scene; while that scene's module is still
 * loading (a solve can end first), a still that says so. Returns the scene drawn.
 */
function draw() {
  const s = app.solved;
  const i = player.index;
  const frame = s && s.frames[i];
  if (!s || !frame) {
    renderer.show(app.scene, null);
    return null;
  }
  const scene = sceneFor(s.game);
  if (scene) renderer.show(scene, { frame, prev: i > 0 ? s.frames[i - 1] : null, t: player.t });
  else renderer.showStill(loadingScene);
  return scene;
}

/** @param {import("../stage/kit/kit.js").Kit} g */
function loadingScene(g) {
  g.clear(PAL.navy);
  g.text(g.t("ui.stage.loading"), WIDTH / 2, HEIGHT / 2 - 4, PAL.white, { align: "center" });
}

/**
 * @param {number} count
 * @param {number} i
 */
function showTransport(count, i) {
  el.step.textContent = count ? `${i} / ${count - 1}` : "0 / 0";
  el.scrubber.value = String(i);
  const play = player.playing ? "ui.playback.pause" : "ui.playback.play";
  if (el.play.dataset.i18n !== play) {
    setText(el.play, play);
    setAttrs(el.play, { "aria-label": play, title: "ui.playback.play_title" });
  }
  el.play.setAttribute("aria-pressed", String(player.playing));
  for (const node of [el.first, el.stepBack]) node.disabled = !count || i === 0;
  for (const node of [el.stepForward, el.last]) node.disabled = !count || i >= count - 1;
  el.play.disabled = count < 2;
  el.scrubber.disabled = count < 2;
  const speed = formatSpeed(player.speed);
  if (el.speedText.dataset.i18nParams !== JSON.stringify({ speed })) setText(el.speedText, "ui.playback.speed_value", { speed });
}

function showMoves() {
  const s = app.solved;
  const info = gameInfo(s ? s.game : app.game);
  const line = info && info.interactive && s
    ? { frames: s.frames, index: player.index, userMoves: s.moves, side: el.playAs.value } : null;
  renderMoves({ panel: el.moves, title: el.movesTitle, list: el.moveList, backToLine: el.backToLine }, line);
}

/** @param {number} speed */
function formatSpeed(speed) {
  return speed >= 1 ? String(Math.round(speed * 100) / 100) : speed.toFixed(2).replace(/0$/, "");
}

/**
 * The shown scene, as a share link or a reload restores it.
 * @returns {SceneRef}
 */
export function currentScene() {
  const s = app.solved;
  if (!s) return { game: app.game, text: el.input.value, caseIndex: 0, step: 0, moves: [] };
  return { game: s.game, text: s.text, caseIndex: s.caseIndex, step: player.index, moves: s.moves,
    userSteps: s.userSteps || [], ...(s.code === undefined ? {} : { code: s.code }) };
}

// The scene of the user's own input is saved for the next visit; a link's (input.js:
// app.linked) only for a reload of this tab, and no other (a link's scene still shown
// after "Back to your input") replaces the user's.
let sceneTimer = 0;
function saveScene() {
  clearTimeout(sceneTimer);
  sceneTimer = setTimeout(() => {
    const scene = app.solved ? currentScene() : null;
    if (!scene || !scene.game) return;
    if (app.linked) {
      if (app.linked.game === scene.game && app.linked.text === scene.text) storage.saveLinkView({ ...app.linked, scene });
    } else if (app.inputs[scene.game] === scene.text) {
      storage.save({ ...storage.load(), scene });
    }
  }, 300);
}

/** The semantic events of the transport (controls.js). */
export const handlers = {
  first: () => player.first(),
  last: () => player.last(),
  step: (/** @type {number} */ d) => player.step(d),
  togglePlay: () => player.toggle(),
  seek: (/** @type {number} */ i) => { player.pause(); player.seek(i); },
  speed: (/** @type {number} */ x) => player.setSpeed(x),
  sound: (/** @type {boolean} */ enabled) => sound.setEnabled(enabled),
  playAs: () => refresh("seek"),
};
