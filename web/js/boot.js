// Boot: starts the engine client, shows its stages, reads the site manifest and
// fills the game picker.  `ready` resolves when the engine can solve.
import { EngineClient } from "./engine-client.js";
import { app, el, option } from "./page.js";

let resolveReady;
export const ready = new Promise((res) => { resolveReady = res; });

// Resolves to true once the picker is filled, false if the manifest failed.
export async function boot() {
  // The worker boots while the page loads its manifest and builds its controls.
  app.client = new EngineClient({ onStage: (stage, ms, message) => showBoot(stage, message) });
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
    runtime: "Loading Python runtime…", engine: "Installing engines…", ready: "Engine ready",
    failed: `Engine failed to start: ${message || "unknown error"}. Reload to retry.`,
  };
  el.bootText.textContent = text[stage] || stage;
  if (stage === "ready" && app.solving) el.solveStatus.textContent = "Solving…";
  if (stage === "ready") resolveReady();
}
