// The tools as a page feature: mounts the four tabs under the player, adds the
// hook functions (check, generate, runSolution, exportGif), and opens the tool
// a share link names.  main.js mounts it with what it needs from the page.
import { app, el, player, on, sceneFor } from "../page/state.js";
import { addHook, addState } from "../page/hook.js";
import * as share from "../page/share.js";
import { mountTools } from "./tools.js";

/**
 * What the tools need from the rest of the page (main.js hands it over).
 * @typedef {object} ToolNeeds
 * @property {(request: import("../page/types.js").OpenRequest) => Promise<void>} openInPlayer
 * @property {() => import("../page/types.js").SceneRef} currentScene
 */

/**
 * Mounts the tools into #tools; returns `openTool` (a share link's tool).
 * @param {ToolNeeds} needs
 * @returns {(tool: object) => void}
 */
export function mountToolsFeature({ openInPlayer, currentScene }) {
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
    openScene: ({ game, text, caseIndex = 0 }) =>
      openInPlayer({ game, text, caseIndex, generated: text !== el.input.value }),
    linkFor: (tool) => share.linkFor({ ...currentScene(), tool }),
  });
  for (const [name, fn] of Object.entries(tools.hook)) addHook(name, fn);
  addState(() => ({ runner: tools.runner() }));
  on("game", () => tools.gameChanged());
  return (tool) => tools.openTool(tool);
}
