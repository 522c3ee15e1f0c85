// The game lab's controller: owns the lab's state (the code and input, a link's
// proposal, the solve under way) and its actions (choose an example, Solve,
// Cancel, Keep, Discard), and hands a solved line to the stage.  The user's rules
// run only in the runner (solve-lab.js); code from a link is a proposal that runs
// nothing and is saved nowhere until Keep (refused in a frame), as My solution's
// links are (tools/solution.js).
import { setPlain, setText } from "../i18n/dom.js";
import { app } from "../page/state.js";
import { labView, DEFAULT_POSITIONS, MAX_POSITIONS } from "./panel.js";
import { loadLab, saveLab } from "./store.js";
import { solveLab } from "./solve-lab.js";
import { showError, clearErrorView } from "./errors.js";
import { labExamples } from "./examples.js";
import { CodeEditor } from "./code-editor.js";
import { toFrames } from "./stage.js";

/** @typedef {import("./solve-lab.js").LabResult} LabResult */
/** @typedef {import("./examples.js").LabExample} LabExample */

/**
 * What the lab needs from the page (tools.js hands it over).
 * @typedef {object} LabContext
 * @property {import("../runner/client.js").Runner} sandbox
 * @property {(line: import("./stage.js").LabLine, step: number) => Promise<void>} showLab
 * @property {(scene: { code: string, text: string, step: number }) => Promise<string>} labLink
 */

const DEFAULT_LIMIT_MS = 120_000;   // the runner's time limit for a solve from the panel

/** The lab's state and actions; `view` is its tab's elements. */
export class LabController {
  /** @param {LabContext} ctx */
  constructor(ctx) {
    this.ctx = ctx;
    this.view = labView();
    /** @type {LabExample[]} */
    this.examples = labExamples(app.labExamples);
    const kept = loadLab();
    const first = this.examples[0];
    this.editor = new CodeEditor(this.view.host, {
      code: kept ? kept.code : first ? first.code : "",
      onType: () => { this.showTemplate(-1); this.remember(); },
      onRun: () => this.press(),
    });
    /** @type {{ step: number, before: { code: string, input: string } } | null} a link's, not the user's */
    this.proposal = null;
    /** @type {AbortController | null} */
    this.running = null;
    this.ticker = 0;
    this.runs = 0;
    this.searched = 0;
    this.view.input.value = kept ? kept.input : first ? first.sample : "";
    this.fillTemplates(kept ? -1 : 0);
    this.wire();
  }

  /** The examples as options after "your own rules" (value ""). @param {number} chosen */
  fillTemplates(chosen) {
    const own = document.createElement("option");
    own.value = "";
    setText(own, "ui.lab.template_own");
    this.view.template.replaceChildren(own, ...this.examples.map((e, k) => {
      const node = document.createElement("option");
      node.value = String(k);
      node.textContent = e.title;
      return node;
    }));
    this.showTemplate(chosen);
  }

  /** The picker names example `k`, or (-1) the user's own rules. @param {number} k */
  showTemplate(k) {
    this.view.template.value = k >= 0 ? String(k) : "";
  }

  wire() {
    const { view } = this;
    view.input.addEventListener("input", () => this.remember());
    view.input.addEventListener("keydown", (event) => event.stopPropagation());
    view.template.addEventListener("change", () => { if (view.template.value) this.choose(Number(view.template.value)); });
    view.solve.addEventListener("click", () => this.press());
    view.cancel.addEventListener("click", () => this.cancel());
    view.keep.addEventListener("click", () => this.keep());
    view.discard.addEventListener("click", () => this.discard());
  }

  // The user's own code and input are kept; a proposal is not theirs until Keep.
  remember() {
    if (!this.proposal) saveLab({ code: this.editor.code, input: this.view.input.value });
  }

  /** Fills in example `k`'s rules and input. @param {number} k */
  choose(k) {
    const example = this.examples[k];
    if (!example) return;
    this.endProposal();
    this.editor.set(example.code);
    this.view.input.value = example.sample;
    this.remember();
    clearErrorView(this.view, this.editor);
  }

  /** The positions limit from its field (the default when it is not a number in range). */
  maxPositions() {
    const n = Math.round(Number(this.view.positions.value));
    return Number.isFinite(n) && n >= 1 ? Math.min(n, MAX_POSITIONS) : DEFAULT_POSITIONS;
  }

  // Solve (the button, Ctrl+Enter): never while a link's proposal waits for Keep.
  press() {
    if (!this.running && !this.proposal) this.solve();
  }

  /**
   * Solves the shown code and input; on success the line goes on the stage at `step`.
   * @param {{ limitMs?: number, step?: number }} [options]
   * @returns {Promise<LabResult>}
   */
  async solve({ limitMs = DEFAULT_LIMIT_MS, step = 0 } = {}) {
    await this.editor.ensure();
    this.running?.abort();
    const abort = this.running = new AbortController();
    const [code, input, started] = [this.editor.code, this.view.input.value, performance.now()];
    this.runs += 1;
    clearErrorView(this.view, this.editor);
    this.begin(started);
    const result = await solveLab(this.ctx.sandbox, code, input, {
      limitMs, maxPositions: this.maxPositions(), signal: abort.signal,
      onProgress: (positions) => { if (this.running === abort) this.progress(positions, started); },
      onStart: () => { if (this.running === abort) this.progress(0, started); },
    });
    if (this.running !== abort) return result;
    if (result.ok === false) {
      this.end();
      this.failed(result.error);
      return result;
    }
    clearInterval(this.ticker);
    setText(this.view.status, "ui.lab.solved", { value: result.value, count: result.stats.positions,
      seconds: (result.stats.ms / 1000).toFixed(1) });
    // Still "solving" until the line is on the stage (state().lab.solving says when it is).
    await this.ctx.showLab({ code, input, title: result.title, value: result.value, moves: result.moves,
      frames: toFrames(result.frames), replay: (moves) => this.replay(code, input, moves) }, step);
    if (this.running === abort) this.end();
    return result;
  }

  /** @param {import("./validate.js").LabError} error */
  failed(error) {
    if (error.type === "Cancelled") {
      setText(this.view.status, "ui.lab.cancelled");
      return;
    }
    setPlain(this.view.status, "");
    showError(this.view, this.editor, error);
  }

  /**
   * The frames of the line with the user's `moves` (play against the engine).
   * @param {string} code @param {string} input @param {string[]} moves
   */
  async replay(code, input, moves) {
    const result = await solveLab(this.ctx.sandbox, code, input,
      { limitMs: DEFAULT_LIMIT_MS, maxPositions: this.maxPositions(), moves });
    if (result.ok === false) {
      this.failed(result.error);
      return null;
    }
    return toFrames(result.frames);
  }

  /** @param {number} started */
  begin(started) {
    this.view.solve.setAttribute("aria-disabled", "true");
    this.view.cancel.disabled = false;
    clearInterval(this.ticker);
    this.progress(0, started);
    this.ticker = window.setInterval(() => this.progress(this.searched, started), 250);
  }

  /** Positions searched and seconds so far. @param {number} positions @param {number} started */
  progress(positions, started) {
    this.searched = positions;
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    setText(this.view.status, "ui.lab.progress", { count: positions, seconds });
  }

  end() {
    clearInterval(this.ticker);
    this.running = null;
    this.view.solve.removeAttribute("aria-disabled");
    this.view.cancel.disabled = true;
  }

  cancel() {
    if (!this.running) return;
    this.running.abort();
    setText(this.view.status, "ui.lab.cancelling");
  }

  /**
   * A link's lab scene: its code and input shown as a proposal; nothing runs, nothing is saved.
   * @param {{ code?: string, text: string, step: number }} linked
   */
  async propose(linked) {
    await this.editor.ensure();
    const before = this.proposal ? this.proposal.before : { code: this.editor.code, input: this.view.input.value };
    this.proposal = { step: linked.step, before };
    this.editor.set(linked.code || "");
    this.view.input.value = linked.text;
    this.showTemplate(-1);
    this.view.proposal.hidden = false;
    setPlain(this.view.keepRefused, "");
    clearErrorView(this.view, this.editor);
  }

  endProposal() {
    this.proposal = null;
    this.view.proposal.hidden = true;
    setPlain(this.view.keepRefused, "");
  }

  keep() {
    // Framed, a click may be another page's trick: Keep is refused there.
    if (window.top !== window.self) {
      setText(this.view.keepRefused, "ui.lab.keep_framed");
      return;
    }
    const step = this.proposal ? this.proposal.step : 0;
    this.endProposal();
    this.remember();
    this.solve({ step });
  }

  discard() {
    const had = this.proposal && this.proposal.before;
    this.endProposal();
    if (had) {
      this.editor.set(had.code);
      this.view.input.value = had.input;
    }
    this.editor.focus();
  }

  /**
   * pixelJudge.labSolve: fills the panel with `code` and `input` (the user's, as typed) and solves.
   * @param {unknown} code @param {unknown} input @param {{ limitMs?: number }} [options]
   */
  async labSolve(code, input, { limitMs = DEFAULT_LIMIT_MS } = {}) {
    await this.editor.ensure();
    this.endProposal();
    this.editor.set(String(code));
    this.view.input.value = String(input);
    this.showTemplate(-1);
    this.remember();
    return this.solve({ limitMs });
  }
}

/**
 * The lab as a tab of the tools (tools.js): its view and what the tabs call.
 * @param {LabContext} ctx
 */
export function labPanel(ctx) {
  const lab = new LabController(ctx);
  return {
    title: "ui.lab.title", root: lab.view.root,
    // Opened by a link, the sandbox is not started: nothing of a link runs before Keep.
    async shown({ fromLink = false } = {}) {
      await lab.editor.ensure();
      if (!fromLink) ctx.sandbox.boot("python").catch(() => {});
    },
    fill: async () => {},
    params: () => ({}),
    // The lab's own link (Copy link on its tab): its code and input, from the start.
    link: () => ctx.labLink({ code: lab.editor.code, text: lab.view.input.value, step: 0 }),
    /** @param {{ code?: string, text: string, step: number }} linked */
    propose: (linked) => lab.propose(linked),
    /** @param {unknown} code @param {unknown} input @param {{ limitMs?: number }} [options] */
    labSolve: (code, input, options) => lab.labSolve(code, input, options),
    state: () => ({ runs: lab.runs, proposed: Boolean(lab.proposal), solving: Boolean(lab.running) }),
  };
}
