// The tools as a page feature: mounts the four tabs under the player, adds the
// hook functions (check, generate, runSolution, exportGif), and opens the tool
// a share link names.  main.js imports it once; restore.js hands it a link's tool.
import { app, el } from "../page.js";
import { addHook } from "../hook.js";
import { player, currentScene } from "../playback.js";
import { replaceInput, selectGame } from "../input.js";
import { solve } from "../solve.js";
import { stopDemo } from "../demo.js";
import * as share from "../share.js";
import { mountTools } from "./tools.js";

// Shows an input in the player (a failing case, a generated test, a shrunk input).
async function openScene({ game, text, caseIndex = 0 }) {
  stopDemo();
  if (game !== app.game) await selectGame(game);
  replaceInput(text);
  await solve({ caseIndex });
  el.canvas.focus({ preventScroll: true });
  el.canvas.scrollIntoView({ block: "nearest" });
}

const tools = mountTools(document.getElementById("tools"), {
  get client() { return app.client; },
  game: () => app.game,
  input: () => el.input.value,
  solved: () => app.solved,
  step: () => player.index,
  speed: () => player.speed,
  scene: () => app.scene,
  openScene,
  linkFor: (tool) => share.linkFor({ ...currentScene(), tool }),
});

for (const [name, fn] of Object.entries(tools.hook)) addHook(name, fn);

export const openTool = (tool) => tools.openTool(tool);
