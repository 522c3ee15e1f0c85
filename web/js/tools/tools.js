// The tools for people who write solutions, as five tabs under the player:
// Check, Generate, My solution, Export, and the Game lab (lab/).  The composition root hands in a small
// context and gets back the test hook additions and `openTool` for share links.
//
// ctx: {client, game(), input(), solved() -> {game, frames, caseIndex} | null,
//       step(), speed(), scene(), openScene({game, text, caseIndex, scene}),
//       linkFor(tool) -> Promise<link for the current scene opening that tool>}
import { h } from "./dom.js";
import { setPlain, setText } from "../i18n/dom.js";
import { shortcut } from "../page/shortcuts.js";
import { Runner } from "../runner/client.js";
import { checkPanel, checkHook } from "./check.js";
import { generatePanel, generateHook } from "./generate.js";
import { solutionPanel } from "./solution.js";
import { runSolutionHook, stressHook } from "./solution-hooks.js";
import { exportPanel, exportGifHook } from "./export.js";
import { labPanel } from "../lab/controller.js";

/**
 * What the page hands the tools (tools/feature.js).
 * @typedef {object} ToolPage
 * @property {import("../engine/client.js").EngineClient | null} client
 * @property {() => string | null} game
 * @property {() => string} input
 * @property {() => import("../page/types.js").Solved | null} solved
 * @property {() => number} step
 * @property {() => number} speed
 * @property {() => import("../stage/types.js").Scene | null} scene
 * @property {(scene: { game: string, text: string, caseIndex?: number,
 *   scene?: import("../page/scene-banner.js").SceneWords | null }) => Promise<void>} openScene
 * @property {(tool: { name: string, params: object }) => Promise<string>} linkFor
 * @property {(line: import("../lab/stage.js").LabLine, step: number) => Promise<void>} showLab  a lab line on the stage
 * @property {(scene: { code: string, text: string, step: number }) => Promise<string>} labLink  a lab scene's link
 */

/**
 * The context each tool gets: the page's, and the runner.
 * @typedef {ToolPage & { sandbox: Runner }} ToolContext
 */

/**
 * Mounts the four tabs into `container`.
 * @param {HTMLElement} container
 * @param {ToolPage} ctx
 */
export function mountTools(container, ctx) {
  const sandboxState = h("span", { class: "status", testid: "sandbox-status" });
  const runnerState = { state: "idle", message: "" };
  // User code runs only in the runner's opaque frame (runner/client.js), never at the site's origin.
  const sandbox = new Runner({
    onState: (state, detail, reason) => {
      runnerState.state = state;
      runnerState.message = state === "failed" ? String(detail) : "";
      if (state === "booting") setText(sandboxState, "ui.tools.sandbox_booting");
      else if (state === "ready") setText(sandboxState, "ui.tools.sandbox_ready");
      else if (state === "running") setText(sandboxState, "ui.tools.sandbox_running");
      else if (state === "failed") setText(sandboxState, "ui.tools.sandbox_failed", { reason: reason || String(detail) });
      else setPlain(sandboxState, "");
    },
  });
  const full = Object.assign(Object.create(ctx), { sandbox });   // ctx's getters stay live
  const panels = {
    check: checkPanel(full),
    generate: generatePanel(full),
    solution: solutionPanel(full),
    export: exportPanel(full),
    lab: labPanel(full),
  };
  const names = Object.keys(panels);
  const tabs = {};
  const list = h("div", { class: "tool-tabs", role: "tablist", i18nAttr: { "aria-label": "ui.tools.region" } });
  for (const name of names) {
    const tab = h("button", { type: "button", role: "tab", id: `tool-tab-${name}`, testid: `tool-${name}`,
      "aria-controls": `tool-panel-${name}`, "aria-selected": "false", tabindex: "-1", i18n: panels[name].title });
    tab.addEventListener("click", () => show(name));
    tabs[name] = tab;
    list.append(tab);
    panels[name].root.id = `tool-panel-${name}`;
    panels[name].root.setAttribute("role", "tabpanel");
    panels[name].root.setAttribute("aria-labelledby", tab.id);
    panels[name].root.hidden = true;
  }
  // Arrow keys move between tabs, as in any tab list.
  list.addEventListener("keydown", (event) => {
    const k = names.indexOf(current);
    const action = shortcut("tabs", event);
    if (!action) return;
    const next = { next: k + 1, previous: k - 1, first: 0, last: names.length - 1 }[action];
    event.preventDefault();
    event.stopPropagation();
    const name = names[(next + names.length) % names.length];
    show(name);
    tabs[name].focus();
  });

  const linkButton = h("button", { type: "button", testid: "tool-link", i18n: "ui.tools.copy_link" });
  const linkText = h("input", { type: "text", class: "link-text", testid: "tool-link-text", readonly: true, hidden: true,
    i18nAttr: { "aria-label": "ui.tools.link_label" } });
  const linkStatus = h("span", { class: "status", role: "status", "aria-live": "polite" });
  linkButton.addEventListener("click", async () => {
    const link = current === "lab" ? await panels.lab.link() : await ctx.linkFor({ name: current, params: panels[current].params() });
    linkText.value = link;
    linkText.hidden = false;
    linkText.select();
    let copied = false;
    try { await navigator.clipboard.writeText(link); copied = true; } catch { /* shown below */ }
    setText(linkStatus, copied ? "ui.tools.link_copied" : "ui.links.copy_below");
  });

  container.replaceChildren(
    h("div", { class: "panel-head" }, h("h2", { i18n: "ui.tools.region" }), sandboxState),
    list,
    ...names.map((name) => panels[name].root),
    h("div", { class: "row tool-link-row" }, linkButton, linkStatus),
    linkText);

  let current = null;
  function show(name, { fromLink = false } = {}) {
    if (current && current !== name && panels[current].hidden) panels[current].hidden();
    current = name;
    for (const other of names) {
      const on = other === name;
      panels[other].root.hidden = !on;
      tabs[other].setAttribute("aria-selected", String(on));
      tabs[other].tabIndex = on ? 0 : -1;
    }
    linkText.hidden = true;
    setPlain(linkStatus, "");
    if (panels[name].shown) panels[name].shown({ fromLink });
  }
  show("check");

  return {
    // A share link's tool: shows it with its inputs filled in (values only ever set as values).
    async openTool(tool) {
      if (!tool || !panels[tool.name]) return;
      show(tool.name, { fromLink: true });
      await panels[tool.name].fill(tool.params || {});
      container.scrollIntoView({ block: "start" });
    },
    // A game lab link: its code shown as a proposal in the lab's tab; nothing runs until Keep.
    async openLab(linked) {
      show("lab", { fromLink: true });
      await panels.lab.propose(linked);
      container.scrollIntoView({ block: "start" });
    },
    // A game was selected (by the picker, a link or a feature): panels that keep
    // something per game show the new game's.
    gameChanged() {
      for (const name of names) panels[name].gameChanged?.();
    },
    // pixelJudge.state().runner: {state: "idle" | "booting" | "ready" | "running" | "failed",
    // message (why it failed), boots: [{ms, phases}] of the last fresh interpreters}.
    runner: () => ({ ...runnerState, boots: sandbox.boots, bootCount: sandbox.bootCount }),
    lab: () => panels.lab.state(),
    hook: {
      check: (game, input, output) => checkHook(full, game, input, output),
      generate: (game, options) => generateHook(full, game, options),
      runSolution: (code, input, options) => runSolutionHook(full, code, input, options),
      stress: (code, options) => stressHook(full, code, options),
      exportGif: (options) => exportGifHook(full, options),
      labSolve: (code, input, options) => { show("lab"); return panels.lab.labSolve(code, input, options); },
    },
  };
}
