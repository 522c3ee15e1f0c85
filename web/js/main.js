// Composition root: imports the page's features and wires them, one line each.
// It knows no game rules (frames come from Python) and holds no logic.
import { el } from "./page/state.js";
import { bindControls } from "./page/controls.js";
import { boot, showBoot } from "./page/boot.js";
import * as input from "./page/input.js";
import * as solving from "./page/solve.js";
import * as playback from "./page/playback.js";
import * as links from "./page/links.js";
import * as demo from "./page/demo.js";
import { restoreScene, openFragment } from "./page/restore.js";
import "./tools/feature.js";
import { publishHook, addState } from "./page/hook.js";
import { currentAnalysis } from "./page/analysis-view.js";
import { mountExplore } from "./explore/feature.js";
import { startOffline } from "./page/offline.js";
import { bindZoom } from "./page/zoom.js";

// Semantic events from controls.js, each handled by one feature.
const handlers = {
  ...input.handlers,
  ...solving.handlers,
  ...playback.handlers,
  ...links.handlers,
  ...demo.handlers,
};

addState(() => ({ analysis: currentAnalysis() }));
bindZoom(el.canvas, document.getElementById("zoom-hint"));
publishHook();
startOffline();

async function start() {
  if (!(await boot())) return;
  bindControls(el, demo.stoppedByManualActions(handlers));
  mountExplore();
  await restoreScene();
  addEventListener("hashchange", () => openFragment());
}

start().catch((err) => {
  console.error(err);
  showBoot("failed", err.message);
});
