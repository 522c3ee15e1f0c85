// Composition root: imports the page's features and wires them, one line each.
// It knows no game rules (frames come from Python) and holds no logic.
import { el } from "./page.js";
import { bindControls } from "./controls.js";
import { boot, showBoot } from "./boot.js";
import * as input from "./input.js";
import * as solving from "./solve.js";
import * as playback from "./playback.js";
import * as links from "./links.js";
import * as demo from "./demo.js";
import { restoreScene, openFragment } from "./restore.js";
import "./tools/feature.js";
import { publishHook, addState } from "./hook.js";
import { currentAnalysis } from "./analysis-view.js";
import { mountExplore } from "./explore/feature.js";
import { startOffline } from "./offline.js";
import { bindZoom } from "./zoom.js";

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
