// The tools as a page feature: mounts the four tabs under the player, and hands
// back its hook functions (check, generate, runSolution, stress, exportGif), its part of
// pixelJudge.state() and the opener of the tool a share link names.  main.js loads
// it once the engine's first boot has ended (ready or failed) and mounts it with
// what it needs from the page.
import { app, el, player, on, sceneFor } from "../page/state.js";
import * as share from "../page/share.js";
import { mountTools } from "./tools.js";
import { showLabLine } from "../lab/stage.js";

/**
 * What the tools need from the rest of the page (main.js hands it over).
 * @typedef {object} ToolNeeds
 * @property {(request: import("../page/types.js").OpenRequest) => Promise<boolean>} openInPlayer
 * @property {() => import("../page/types.js").SceneRef} currentScene
 * @property {(scene: import("../page/scene-banner.js").SceneWords) => void} showSceneBanner
 * @property {(frames: import("../stage/types.js").Frame[], step?: number) => void} loadFrames  playback's
 */

/**
 * The mounted tools: their hook functions, their part of pixelJudge.state() and
 * `openTool` (a share link's tool).
 * @typedef {object} MountedTools
 * @property {Record<string, (...args: any[]) => Promise<unknown>>} hook
 * @property {() => Record<string, unknown>} state
 * @property {(tool: object) => Promise<void>} openTool
 * @property {(linked: import("../page/types.js").Linked) => Promise<void>} openLab  a game lab link (a proposal)
 */

/**
 * Mounts the tools into #tools.
 * @param {ToolNeeds} needs
 * @returns {MountedTools}
 */
export function mountToolsFeature({ openInPlayer, currentScene, showSceneBanner, loadFrames }) {
  const container = document.getElementById("tools");
  if (!container) throw new Error("the page lacks its #tools");
  const tools = mountTools(container, {
    get client() { return app.client; },
    game: () => app.game,
    input: () => el.input.value,
    solved: () => app.solved,
    step: () => player.index,
    speed: () => player.speed,
    scene: () => sceneFor(app.solved ? app.solved.game : app.game),
    // A failing case of the user's own input stays theirs; the tools' own inputs do not.
    // `scene`: where a judged run parts from the judge's, shown at its step with the banner.
    openScene: async ({ game, text, caseIndex = 0, scene = null }) => {
      const step = scene ? scene.step : 0;
      const shown = await openInPlayer({ game, text, caseIndex: scene ? scene.case : caseIndex, step, generated: text !== el.input.value });
      if (shown && scene) showSceneBanner(scene);
    },
    linkFor: (tool) => share.linkFor({ ...currentScene(), tool }),
    showLab: (line, step) => showLabLine(line, step, loadFrames),
    labLink: ({ code, text, step }) => share.linkFor({ game: share.LAB, text, code, step, caseIndex: 0, moves: [] }),
  });
  // Mounted after the engine's boot: the page shows a game already, and may change it.
  tools.gameChanged();
  on("game", () => tools.gameChanged());
  return { hook: tools.hook, state: () => ({ runner: tools.runner(), lab: tools.lab() }),
    openTool: (tool) => tools.openTool(tool), openLab: (linked) => tools.openLab(linked) };
}
