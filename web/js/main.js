// Composition root: imports the page's features and wires them, one line each.
// It knows no game rules (frames come from Python) and holds no logic.  A
// feature imports no other feature: what one needs from another is handed over
// here (connect...), and the page's state and events live in page/state.js.
import { el } from "./page/state.js";
import { publishHook } from "./page/hook.js";
import { bindControls } from "./page/controls.js";
import { boot, ready, showBoot } from "./page/boot.js";
import * as input from "./page/input.js";
import * as solving from "./page/solve.js";
import * as playback from "./page/playback.js";
import * as links from "./page/links.js";
import * as demo from "./page/demo.js";
import { connectOpenScene, openInPlayer } from "./page/open-scene.js";
import { connectRestore, restoreScene, openFragment } from "./page/restore.js";
import "./page/stale.js";
import "./page/analysis-view.js";
import { mountToolsFeature } from "./tools/feature.js";
import { mountExplore, exploreLink, applyExploreLink } from "./explore/feature.js";
import { startOffline } from "./page/offline.js";
import { bindZoom } from "./page/zoom.js";
import { mountLanguage } from "./page/language.js";
import { ready as languageReady } from "./i18n/i18n.js";

const { solve } = solving;
const { selectGame, currentScene } = { ...input, ...playback };
input.connectInput({ solve, clearPlayback: playback.clearPlayback });
solving.connectSolve({ loadFrames: playback.loadFrames, showLinkError: links.showLinkError });
demo.connectDemo({ loadSample: input.loadSample, solve });
links.connectLinks({ currentScene, exploreLink });
connectOpenScene({ stopDemo: demo.stopDemo, selectGame, replaceInput: input.replaceInput, solve });
const openTool = mountToolsFeature({ openInPlayer, currentScene });
connectRestore({ readLink: links.readLink, selectGame, rememberInput: input.rememberInput, solve,
  takeOver: solving.takeOver, openTool, applyExploreLink });

// Semantic events from controls.js, each handled by one feature.
const handlers = {
  ...input.handlers,
  ...solving.handlers,
  ...playback.handlers,
  ...links.handlers,
  ...demo.handlers,
};

const zoomHint = document.getElementById("zoom-hint");
if (zoomHint) bindZoom(el.canvas, zoomHint);
input.guardInputSize();
publishHook();
startOffline(ready);

async function start() {
  // The first language's catalog has been loading since i18n.js was imported.
  await languageReady();
  mountLanguage();
  if (!(await boot())) return;
  bindControls(el, demo.stoppedByManualActions(handlers));
  mountExplore(openInPlayer);
  await restoreScene();
  addEventListener("hashchange", () => openFragment());
}

start().catch((err) => {
  console.error(err);
  showBoot("failed", err.message);
});
