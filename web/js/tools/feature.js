// The tools as a page feature: mounts the four tabs under the player, adds the
// hook functions (check, generate, runSolution, exportGif), and opens the tool
// a share link names.  main.js imports it once; restore.js hands it a link's tool.
import { app, el } from "../page/state.js";
import { addHook, addState } from "../page/hook.js";
import { player, currentScene } from "../page/playback.js";
import { openInPlayer } from "../page/open-scene.js";
import * as share from "../page/share.js";
import { mountTools } from "./tools.js";

const tools = mountTools(document.getElementById("tools"), {
  get client() { return app.client; },
  game: () => app.game,
  input: () => el.input.value,
  solved: () => app.solved,
  step: () => player.index,
  speed: () => player.speed,
  scene: () => app.scene,
  // A failing case of the user's own input stays theirs; the tools' own inputs do not.
  openScene: ({ game, text, caseIndex = 0 }) =>
    openInPlayer({ game, text, caseIndex, generated: text !== el.input.value }),
  linkFor: (tool) => share.linkFor({ ...currentScene(), tool }),
});

for (const [name, fn] of Object.entries(tools.hook)) addHook(name, fn);
addState(() => ({ runner: tools.runner() }));

export const openTool = (tool) => tools.openTool(tool);
