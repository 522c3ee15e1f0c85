// The game lab's controller: owns the lab's state (the editor, a link's proposal,
// the solve under way) and its actions (choose an example, Solve, Cancel, Keep,
// Discard), and hands a solved line to the stage.  The user's rules run only in
// the runner (solve-lab.js); code from a link is a proposal that runs nothing and
// is saved nowhere until Keep (not in a frame), as My solution's links are.
import { setPlain, setText } from "../i18n/dom.js";
import { app } from "../page/state.js";
import { labView, DEFAULT_POSITIONS, MAX_POSITIONS } from "./panel.js";
import { loadLab, saveLab } from "./store.js";
import { solveLab } from "./solve-lab.js";
import { showError, clearErrorView } from "./errors.js";
import { labExamples } from "./examples.js";

/** @typedef {import("./solve-lab.js").LabResult} LabResult */
/** @typedef {Awaited<ReturnType<typeof import("../tools/editor.js").createEditor>>} Editor */

/**
 * What the lab needs from the page (tools.js hands it over).
 * @typedef {object} LabContext
 * @property {import("../runner/client.js").Runner} sandbox
 * @property {(line: import("./stage.js").LabLine, step: number) => Promise<void>} showLab
 * @property {(scene: { code: string, text: string, step: number }) => Promise<string>} labLink
 */

const DEFAULT_LIMIT_MS = 120_000;   // the runner's time limit for a solve from the panel

/** @param {LabContext} ctx */
export function labPanel(ctx) {
  const view = labView();
  const examples = labExamples(app.labExamples);
  const kept = loadLab();
  /** @type {Editor | null} */
  let editor = null;
  /** @type {Promise<Editor> | null} */
  let loading = null;
  let code = kept ? kept.code : examples.length ? examples[0].code : "";
  let quiet = false;          // the page itself replaces the text: nothing to save
  /** @type {{ code: string, input: string, step: number } | null} */
  let proposal = null;        // a link's code and input, shown but not the user's
  /** @type {{ code: string, input: string } | null} */
  let before = null;          // what the user had before a link's proposal
  /** @type {AbortController | null} */
  let running = null;
  let ticker = 0;
  let runs = 0;
  let searched = 0;

  view.input.value = kept ? kept.input : examples.length ? examples[0].sample : "";
  view.template.replaceChildren(...examples.map((e, k) => {
    const node = document.createElement("option");
    node.value = String(k);
    node.textContent = e.title;
    return node;
  }));
  view.template.selectedIndex = kept ? -1 : 0;

  function ensureEditor() {
    if (editor) return Promise.resolve(editor);
    if (!loading) {
      loading = import("../tools/editor.js").then(async ({ createEditor }) => {
        const made = await createEditor(view.host, {
          doc: code, language: "python", testid: "lab-code", label: "Game lab rules (Python)",
          onChange: (text) => { code = text; if (!quiet) remember(); },
          onRun: () => { press(); },
        });
        view.host.querySelector("p")?.remove();   // the loading note (the editor lives in the shadow root)
        view.host.addEventListener("keydown", (event) => event.stopPropagation());
        editor = made;
        return made;
      });
    }
    return loading;
  }

  /** Replaces the code without saving it. @param {string} text */
  function setCode(text) {
    code = text;
    if (!editor) return;
    quiet = true;
    try { editor.value = text; } finally { quiet = false; }
    editor.setDiagnostics([]);
  }

  // The user's own code and input are kept; a proposal is not theirs until Keep.
  function remember() {
    if (!proposal) saveLab({ code, input: view.input.value });
  }

  view.input.addEventListener("input", () => remember());
  view.input.addEventListener("keydown", (event) => event.stopPropagation());
  view.template.addEventListener("change", () => {
    const example = examples[view.template.selectedIndex];
    if (!example) return;
    endProposal();
    setCode(example.code);
    view.input.value = example.sample;
    remember();
    clearErrorView(view, editor);
  });

  /** The positions limit from its field (the default when it is not a number in range). */
  function maxPositions() {
    const n = Math.round(Number(view.positions.value));
    return Number.isFinite(n) && n >= 1 ? Math.min(n, MAX_POSITIONS) : DEFAULT_POSITIONS;
  }

  /**
   * Solves the shown code and input; on success the line goes on the stage at `step`.
   * @param {{ limitMs?: number, step?: number, moves?: string[] }} [options]
   * @returns {Promise<LabResult>}
   */
  async function solve({ limitMs = DEFAULT_LIMIT_MS, step = 0, moves = [] } = {}) {
    await ensureEditor();
    running?.abort();
    const abort = running = new AbortController();
    const [rules, input, started] = [code, view.input.value, performance.now()];
    runs += 1;
    clearErrorView(view, editor);
    begin(started);
    const result = await solveLab(ctx.sandbox, rules, input, {
      limitMs, maxPositions: maxPositions(), moves, signal: abort.signal,
      onProgress: (positions) => { if (running === abort) progress(positions, started); },
      onStart: () => { if (running === abort) progress(0, started); },
    });
    if (running !== abort) return result;
    end();
    if (!result.ok) {
      if (result.error.type === "Cancelled") setText(view.status, "ui.lab.cancelled");
      else { setPlain(view.status, ""); showError(view, editor, result.error); }
      return result;
    }
    setText(view.status, "ui.lab.solved", { value: result.value, count: result.stats.positions,
      seconds: (result.stats.ms / 1000).toFixed(1) });
    await ctx.showLab({ code: rules, input, title: result.title, value: result.value, moves: result.moves,
      frames: result.frames, replay: (line) => replay(rules, input, line) }, step);
    return result;
  }

  /**
   * The frames of the line with the user's `moves` (play against the engine).
   * @param {string} rules @param {string} input @param {string[]} moves
   */
  async function replay(rules, input, moves) {
    const result = await solveLab(ctx.sandbox, rules, input,
      { limitMs: DEFAULT_LIMIT_MS, maxPositions: maxPositions(), moves });
    if (result.ok) return result.frames;
    showError(view, editor, result.error);
    return null;
  }

  /** @param {number} started */
  function begin(started) {
    view.solve.setAttribute("aria-disabled", "true");
    view.cancel.disabled = false;
    clearInterval(ticker);
    searched = 0;
    progress(0, started);
    ticker = window.setInterval(() => progress(searched, started), 250);
  }

  /** Positions searched and seconds so far. @param {number} positions @param {number} started */
  function progress(positions, started) {
    searched = positions;
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    setText(view.status, "ui.lab.progress", { count: positions, seconds });
  }

  function end() {
    clearInterval(ticker);
    running = null;
    view.solve.removeAttribute("aria-disabled");
    view.cancel.disabled = true;
  }

  // Solve (the button, Ctrl+Enter): never while a link's proposal waits for Keep.
  function press() {
    if (!running && !proposal) solve();
  }

  function cancel() {
    if (!running) return;
    running.abort();
    ctx.sandbox.cancel();
    setText(view.status, "ui.lab.cancelling");
  }

  /**
   * A link's lab scene: its code and input shown as a proposal; nothing runs.
   * @param {{ code: string, text: string, step: number }} linked
   */
  async function propose(linked) {
    await ensureEditor();
    if (!proposal) before = { code, input: view.input.value };
    proposal = { code: linked.code, input: linked.text, step: linked.step };
    setCode(linked.code);
    view.input.value = linked.text;
    view.template.selectedIndex = -1;
    view.proposal.hidden = false;
    setPlain(view.keepRefused, "");
    clearErrorView(view, editor);
  }

  function endProposal() {
    proposal = null;
    before = null;
    view.proposal.hidden = true;
    setPlain(view.keepRefused, "");
  }

  view.keep.addEventListener("click", () => {
    // Framed, a click may be another page's trick: Keep is refused there.
    if (window.top !== window.self) { setText(view.keepRefused, "ui.lab.keep_framed"); return; }
    const step = proposal ? proposal.step : 0;
    endProposal();
    remember();
    solve({ step });
  });
  view.discard.addEventListener("click", () => {
    const had = before;
    endProposal();
    if (had) { setCode(had.code); view.input.value = had.input; }
    editor?.focus();
  });
  view.solve.addEventListener("click", press);
  view.cancel.addEventListener("click", cancel);

  return {
    title: "ui.lab.title", root: view.root,
    // Opened by a link, the sandbox is not started: nothing of a link runs before Keep.
    async shown({ fromLink = false } = {}) {
      await ensureEditor();
      if (!fromLink) ctx.sandbox.boot("python").catch(() => {});
    },
    fill: async () => {},
    params: () => ({}),
    // The lab's own link (Copy link on its tab): its code and input, from the start.
    link: () => ctx.labLink({ code, text: view.input.value, step: 0 }),
    propose,
    /**
     * pixelJudge.labSolve: fills the panel with `rules` and `input` (the user's, as typed) and solves.
     * @param {string} rules @param {string} input @param {{ limitMs?: number }} [options]
     */
    async labSolve(rules, input, { limitMs = DEFAULT_LIMIT_MS } = {}) {
      await ensureEditor();
      endProposal();
      setCode(String(rules));
      view.input.value = String(input);
      view.template.selectedIndex = -1;
      remember();
      return solve({ limitMs });
    },
    state: () => ({ runs, proposed: Boolean(proposal), solving: Boolean(running) }),
  };
}
