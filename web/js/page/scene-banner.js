// The scene banner under the stage: after "Show me on the stage" (My solution) it says
// where the user's output parts from the judge's (the case and step, their line and the
// judge's) and stays until the user moves on: another solve, another game, another input.
// The lines are a program's output: set as text only.
import { on } from "./state.js";
import { setPlain, setText } from "../i18n/dom.js";

/**
 * What the banner says: the scene (case 0-based, as the case picker) and the two lines.
 * @typedef {{ case: number, step: number, line: number | null, expected: string | null, got: string | null }} SceneWords
 */

const SHOWN_CHARS = 160;   // of each line, what the banner shows (the pane below has it whole)

function found() {
  const node = document.getElementById("scene-banner");
  if (!(node instanceof HTMLElement)) throw new Error("the page lacks its #scene-banner");
  return node;
}

/**
 * One line of the banner: its label (a catalog key) and a program's line, or "nothing".
 * @param {string} label @param {string | null} text
 */
function lineOf(label, text) {
  const [row, name, code] = [document.createElement("p"), document.createElement("span"), document.createElement("code")];
  name.className = "scene-label";
  setText(name, label);
  if (text === null) setText(code, "ui.judge_scene.nothing");
  else setPlain(code, text.length > SHOWN_CHARS ? `${text.slice(0, SHOWN_CHARS)}…` : text);
  row.append(name, " ", code);
  return row;
}

/**
 * Shows the banner for `scene`.
 * @param {SceneWords} scene
 */
export function showSceneBanner(scene) {
  const banner = found();
  const where = document.createElement("p");
  where.className = "scene-where";
  if (scene.line === null) setText(where, "ui.judge_scene.where", { case: scene.case + 1, step: scene.step });
  else setText(where, "ui.judge_scene.where_line", { case: scene.case + 1, step: scene.step, line: scene.line });
  banner.replaceChildren(where, lineOf("ui.judge_scene.yours", scene.got), lineOf("ui.judge_scene.judges", scene.expected));
  banner.hidden = false;
}

function hideSceneBanner() {
  const banner = found();
  banner.hidden = true;
  banner.replaceChildren();
}

// Moving on: another game, another input, another solve.
on("game", hideSceneBanner);
on("input", hideSceneBanner);
on("solved", hideSceneBanner);
