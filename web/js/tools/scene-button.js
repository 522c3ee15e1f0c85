// "Show me on the stage" (My solution): a run judged wrong or presentation (Run & check,
// or stress's shrunk failing input) names its scene, the case and replay step where the
// output parts from the judge's (py_engines/tools/scene.py); this button loads that
// input, case and step onto the stage, with the banner that says what differs.
import { h } from "./dom.js";
import { setAttrs } from "../i18n/dom.js";

/**
 * @typedef {import("../page/scene-banner.js").SceneWords} SceneWords
 * @typedef {{ verdict: string, scene?: SceneWords | null }} SceneResult
 */

/**
 * A run's scene as the test hook gives it: {case, step} for wrong and presentation, else null.
 * @param {SceneResult} result
 * @returns {{ case: number, step: number } | null}
 */
export function hookScene(result) {
  const scene = sceneOf(result);
  return scene ? { case: scene.case, step: scene.step } : null;
}

/** @param {SceneResult} result */
function sceneOf(result) {
  return ["wrong", "presentation"].includes(result.verdict) && result.scene ? result.scene : null;
}

/** @param {import("./tools.js").ToolContext} ctx */
export function sceneButton(ctx) {
  const button = h("button", { type: "button", class: "primary", testid: "solution-show", hidden: true, i18n: "ui.judge_scene.show" });
  /** @type {{ game: string, text: string, scene: SceneWords } | null} */
  let target = null;
  button.addEventListener("click", () => { if (target) ctx.openScene(target); });
  return {
    root: button,
    /** The run of `code` on `input` for `game` was judged `result`. @param {string} game @param {string} input @param {SceneResult} result */
    show(game, input, result) {
      const scene = sceneOf(result);
      target = scene ? { game, text: input, scene } : null;
      button.hidden = !scene;
      if (scene) setAttrs(button, { title: "ui.judge_scene.show_title" }, { case: scene.case + 1, step: scene.step });
    },
    clear() {
      target = null;
      button.hidden = true;
    },
  };
}
