// Composition root: imports the page's features and wires them, one line each.
// It knows no game rules (frames come from Python) and holds no logic.  A
// feature imports no other feature: what one needs from another is handed over
// here (connect...), and the page's state and events live in page/state.js.
import { el } from "./page/state.js";
import { addHook, addLaterHooks, addState, publishHook } from "./page/hook.js";
import { bindControls } from "./page/controls.js";
import { boot, ready, settled, showBoot } from "./page/boot.js";
import * as input from "./page/input.js";
import * as solving from "./page/solve.js";
import * as playback from "./page/playback.js";
import * as links from "./page/links.js";
import * as demo from "./page/demo.js";
import { connectOpenScene, openInPlayer } from "./page/open-scene.js";
import { showSceneBanner } from "./page/scene-banner.js";
import { connectRestore, restoreScene, openFragment } from "./page/restore.js";
import "./page/stale.js";
import "./page/analysis-view.js";
import { startOffline } from "./page/offline.js";
import { bindZoom } from "./page/zoom.js";
import { mountLanguage } from "./page/language.js";
import { ready as languageReady } from "./i18n/i18n.js";

const { solve } = solving;
const { selectGame, currentScene } = { ...input, ...playback };
input.connectInput({ solve, clearPlayback: playback.clearPlayback });
solving.connectSolve({ loadFrames: playback.loadFrames, showLinkError: links.showLinkError });
demo.connectDemo({ loadSample: input.loadSample, solve });
connectOpenScene({ stopDemo: demo.stopDemo, selectGame, replaceInput: input.replaceInput, solve });

// The tools and Explore (twenty modules) load once the engine's first boot has ended: on
// a return visit that boot is the page's whole wait, and they would share its two cores.
// Until they are in, their hook functions wait for them, and so does pixelJudge.ready.
/** @type {(features: Promise<Later>) => void} */
let loadLater = () => {};
/** @typedef {{ tools: import("./tools/feature.js").MountedTools, explore: typeof import("./explore/feature.js") }} Later */
/** @type {Promise<Later>} */
const later = new Promise((res) => { loadLater = res; });
/** @type {Later | null} */
let mounted = null;
later.then((features) => { mounted = features; }, (err) => console.error("tools and Explore not loaded:", err));
addLaterHooks(["check", "generate", "runSolution", "stress", "exportGif", "labSolve"], () => later.then((f) => f.tools.hook));
addLaterHooks(["explore"], () => later.then((f) => f.explore.exploreHook));
addHook("exploreState", () => {
  if (!mounted) throw new Error("the page is still starting");
  return mounted.explore.exploreHook.exploreState();
});
addState(() => (mounted ? mounted.tools.state() : { runner: { state: "idle", message: "", boots: [] }, lab: null }));
addHook("ready", ready.then(() => later).then(() => undefined, () => undefined));
links.connectLinks({ currentScene, exploreLink: () => (mounted ? mounted.explore.exploreLink() : null) });
connectRestore({ readLink: links.readLink, selectGame, rememberInput: input.rememberInput,
  showLinkedInput: input.showLinkedInput, solve,
  takeOver: solving.takeOver,
  openTool: (tool) => later.then((f) => f.tools.openTool(tool)),
  openLab: (linked) => later.then((f) => f.tools.openLab(linked)),
  applyExploreLink: (settings) => later.then((f) => f.explore.applyExploreLink(settings)) });

async function mountLater() {
  await settled;
  const [tools, explore] = await Promise.all([import("./tools/feature.js"), import("./explore/feature.js")]);
  const features = { tools: tools.mountToolsFeature({ openInPlayer, currentScene, showSceneBanner,
    loadFrames: playback.loadFrames }), explore };
  explore.mountExplore(openInPlayer);
  return features;
}

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
  if (!(await boot())) {
    loadLater(Promise.reject(new Error("the page has no manifest")));
    return;
  }
  bindControls(el, demo.stoppedByManualActions(handlers));
  loadLater(mountLater());
  await restoreScene();
  addEventListener("hashchange", () => openFragment());
}

start().catch((err) => {
  console.error(err);
  showBoot("failed", err.message);
});
