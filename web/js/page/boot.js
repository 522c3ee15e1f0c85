// Boot: starts the engine client, shows its download bytes and stages (and a
// Retry naming the file when a download fails), reads the site manifest and
// fills the game picker.  `ready` resolves when the engine can solve.
import { EngineClient } from "../engine/client.js";
import { app, el, option } from "./state.js";
import { addHook } from "./hook.js";

/** @type {(value?: unknown) => void} */
let resolveReady;
/** Resolves when the engine is installed and the page can solve. */
export const ready = new Promise((res) => { resolveReady = res; });
addHook("ready", ready);

// Resolves to true once the picker is filled, false if the manifest failed.
export async function boot() {
  // The worker boots while the page loads its manifest and builds its controls.
  app.client = new EngineClient({
    onStage: (stage, ms, message) => showBoot(stage, message),
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
    showBoot("failed", `could not load the site manifest: ${err.message}`);
    return false;
  }
  app.games = manifest.games;
  el.buildInfo.textContent = `engines ${manifest.version} · Pyodide ${manifest.pyodide}`;
  el.game.append(...app.games.map((game) => option(game.name, game.title)));
  return true;
}

export function showBoot(stage, message) {
  const order = ["runtime", "engine", "ready"];
  const at = order.indexOf(stage);
  for (const li of el.boot.querySelectorAll("li")) {
    const k = order.indexOf(li.dataset.stage);
    li.className = stage === "failed" ? "" : k < at || stage === "ready" ? "done" : k === at ? "active" : "";
  }
  el.boot.dataset.stage = stage;
  const text = {
    runtime: "Loading Python runtime…", engine: "Starting engines…",
    ready: app.client && app.client.boot === "snapshot" ? "Engine ready (snapshot)" : "Engine ready",
    failed: `Engine failed to start: ${message || "unknown error"}.`,
  };
  el.bootText.textContent = text[stage] || stage;
  el.boot.dataset.boot = (app.client && app.client.boot) || "";
  document.getElementById("boot-retry").hidden = stage !== "failed";
  if (stage === "ready" && app.solving) el.solveStatus.textContent = "Solving…";
  // A Solve queued while the page loaded (early-solve.js) cannot run now.
  if (stage === "failed" && el.solve.dataset.queued) el.solveStatus.textContent = "Not solved: the engine failed to start.";
  if (stage === "ready") resolveReady();
}

// "runtime 2.1 / 3.4 MB" while the runtime files download (then the stages).
function showBytes(loaded, total) {
  if (el.boot.dataset.stage && el.boot.dataset.stage !== "runtime") return;
  const mb = (n) => (n / 1e6).toFixed(1);
  el.bootText.textContent = `runtime ${mb(loaded)} / ${mb(total)} MB (${Math.floor((100 * loaded) / total)}%)`;
}
