// Boot: starts the engine client, shows its download bytes and stages (and a
// Retry naming the file when a download fails), reads the site manifest and
// fills the game picker.  `ready` resolves when the engine can solve.
import { EngineClient } from "../engine/client.js";
import { app, el, option } from "./state.js";
import { addState } from "./hook.js";
import { localize, onLanguage } from "../i18n/i18n.js";
import { setPlain, setText } from "../i18n/dom.js";

/** @type {(value?: unknown) => void} */
let resolveReady;
/** Resolves when the engine is installed and the page can solve. */
export const ready = new Promise((res) => { resolveReady = res; });
/** @type {(value?: unknown) => void} */
let resolveSettled;
/** Resolves when the engine's first boot has ended, ready or failed. */
export const settled = new Promise((res) => { resolveSettled = res; });
// When each phase of the engine's last boot ended, in ms from navigation (the
// benchmark's breakdown; see engine/worker.js), or null before it is ready.
addState(() => ({ bootMarks: app.client ? app.client.marks : null }));

/**
 * Resolves to true once the picker is filled, false if the manifest failed.
 * @returns {Promise<boolean>}
 */
export async function boot() {
  // The worker boots while the page loads its manifest and builds its controls.
  app.client = new EngineClient({
    onStage: (stage, _ms, message) => showBoot(stage, message),
    onBytes: showBytes,
  });
  const retry = document.getElementById("boot-retry");
  retry.addEventListener("click", () => {
    retry.hidden = true;
    app.client.retry();
  });
  let manifest;
  try {
    const response = await fetch("manifest.json", { cache: "no-cache" });
    manifest = await response.json();
  } catch (err) {
    showBoot("failed");
    setText(el.bootText, "ui.boot.no_manifest", { reason: err.message });
    return false;
  }
  app.games = localize(manifest.games);
  app.labExamples = manifest.lab && Array.isArray(manifest.lab.examples) ? manifest.lab.examples : [];
  // Game names stay as the contests wrote them; the rest of each entry follows the language.
  onLanguage(() => localize(app.games));
  setText(el.buildInfo, "ui.footer.build", { version: manifest.version, pyodide: manifest.pyodide });
  el.game.append(...app.games.map((game) => option(game.name, game.title)));
  return true;
}

/**
 * Shows a boot stage; a failure's reason is the engine's words (a file that could not be
 * downloaded, an error).
 * @param {string} stage
 * @param {string} [message]
 */
export function showBoot(stage, message) {
  const order = ["runtime", "engine", "ready"];
  const at = order.indexOf(stage);
  for (const li of el.boot.querySelectorAll("li")) {
    const k = order.indexOf(li.dataset.stage);
    li.className = stage === "failed" ? "" : k < at || stage === "ready" ? "done" : k === at ? "active" : "";
  }
  el.boot.dataset.stage = stage;
  if (stage === "runtime") setText(el.bootText, "ui.boot.runtime");
  else if (stage === "engine") setText(el.bootText, "ui.boot.engine");
  else if (stage === "ready") {
    setText(el.bootText, app.client && app.client.boot === "snapshot" ? "ui.boot.ready_snapshot" : "ui.boot.ready");
  } else if (stage === "failed") {
    setText(el.bootText, "ui.boot.failed", { reason: message || "?" });
  } else setPlain(el.bootText, stage);
  el.boot.dataset.boot = (app.client && app.client.boot) || "";
  document.getElementById("boot-retry").hidden = stage !== "failed";
  if (stage === "ready" && app.solving) setText(el.solveStatus, "ui.solve.solving");
  // A Solve queued while the page loaded (early-solve.js) cannot run now.
  if (stage === "failed" && el.solve.dataset.queued) setText(el.solveStatus, "ui.solve.engine_failed");
  if (stage === "ready") {
    // When the page heard its engine is ready (the benchmark times a boot to this, as it
    // times a bare Pyodide boot to when its page hears the worker).
    if (!performance.getEntriesByName("page:ready").length) performance.mark("page:ready");
    resolveReady();
  }
  if (stage === "ready" || stage === "failed") resolveSettled();
}

// "runtime 2.1 / 3.4 MB" while the runtime files download (then the stages).
function showBytes(loaded, total) {
  if (el.boot.dataset.stage && el.boot.dataset.stage !== "runtime") return;
  const mb = (n) => (n / 1e6).toFixed(1);
  setText(el.bootText, "ui.boot.bytes", { loaded: mb(loaded), total: mb(total), percent: Math.floor((100 * loaded) / total) });
}
