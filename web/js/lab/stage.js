// The lab's line on the page's stage: a solved lab game becomes the page's
// solved scene (game "lab", drawn by stage/scenes/lab.js), so it plays back like
// every game: transport, narration, transcript, move values, analysis, "play as".
// A move the user plays is solved again in the runner (`replay`), with `moves`.
import { app, el, emit, on, player, LAB_GAME } from "../page/state.js";
import { fillCases } from "../page/cases.js";
import { loadScene } from "../stage/scene-loader.js";
import { msgText } from "../i18n/i18n.js";

/** @typedef {import("../stage/types.js").Frame} Frame */

/**
 * A solved lab line, as the stage shows it.
 * @typedef {object} LabLine
 * @property {string} code
 * @property {string} input
 * @property {string} title
 * @property {number} value
 * @property {string[]} moves  the main line's move names
 * @property {Frame[]} frames
 * @property {(moves: string[]) => Promise<Frame[] | null>} replay  the frames with the user's moves
 */

// The built-in game's scene the lab took the stage from: choosing that game again
// brings it back as it was (its step too); any other solve forgets it.
/** @type {{ solved: import("../page/types.js").Solved, step: number } | null} */
let previous = null;
/** @type {((frames: Frame[], step?: number) => void) | null} */
let load = null;

on("solved", () => {
  if (!app.solved || app.solved.game === LAB_GAME.name) return;
  previous = null;
  if (app.game) el.game.value = app.game;
});
on("game", (info) => {
  if (!previous || previous.solved.game !== info.name || !load) return;
  if (app.solved && app.solved.game !== LAB_GAME.name) return;   // the game's own scene is shown
  const { solved, step } = previous;
  previous = null;
  app.solved = solved;
  el.answer.textContent = solved.reply.answer;
  fillCases(solved.reply.cases, solved.caseIndex);
  load(solved.frames, step);
  emit("solved");
});

/**
 * The page's frames of a checked lab line: the narration's English beside its message
 * (the page's texts follow the message: i18n localize()).
 * @param {import("./validate.js").LabFrame[]} frames
 * @returns {Frame[]}
 */
export function toFrames(frames) {
  // validate.js checked every message's shape: they are the page's messages.
  const msg = (/** @type {unknown} */ m) => /** @type {import("../i18n/render.js").Msg} */ (m);
  return frames.map((f) => /** @type {Frame} */ (/** @type {unknown} */ ({
    ...f, note: f.note ?? msgText(msg(f.msg)), to_move_msg: f.to_move_msg ?? undefined })));
}

/** Loads the lab's scene once (the generic scene draws while it cannot load). */
async function labScene() {
  if (app.labScene) return app.labScene;
  try {
    app.labScene = await loadScene(LAB_GAME);
  } catch (err) {
    console.error("the lab's scene did not load; the generic scene draws the lab", err);
    app.labScene = await loadScene({ name: LAB_GAME.name, scene: false });
  }
  return app.labScene;
}

/**
 * Puts a solved lab line on the stage at `step`.
 * @param {LabLine} line
 * @param {number} step
 * @param {(frames: Frame[], step?: number) => void} loadFrames  playback's
 */
export async function showLabLine(line, step, loadFrames) {
  await labScene();
  load = loadFrames;
  if (app.solved && app.solved.game !== LAB_GAME.name) previous = { solved: app.solved, step: player.index };
  // The answer box says what the CLI prints: the value, then the main line's moves.
  const answer = `${line.value}\n${line.moves.join(" ")}\n`;
  const cases = [{ label: line.title || LAB_GAME.title, answer }];
  app.solved = {
    game: LAB_GAME.name, text: line.input, code: line.code, caseIndex: 0, frames: line.frames, moves: [], userSteps: [],
    reply: { ok: true, game: LAB_GAME.name, answer, cases, case: 0, frames: line.frames, stats: {} },
    replay: line.replay,
  };
  el.answer.textContent = answer;
  el.copyAnswer.disabled = false;
  el.copyLink.disabled = false;
  el.copyEmbed.disabled = true;
  // The picker names no game while the lab's is shown: choosing the game it showed brings it back.
  el.game.selectedIndex = -1;
  fillCases(cases, 0);
  loadFrames(line.frames, step);
  emit("solved");
  emit("scene");
}

/** Whether the stage shows a lab line now. */
export const labShown = () => Boolean(app.solved && app.solved.game === LAB_GAME.name);
