// My solution: a Python or C++ editor (CodeMirror, loaded when the panel first
// opens; the language is chosen per game) whose code runs in the runner
// (runner/client.js: a sandboxed frame at an opaque origin, a fresh interpreter
// or WebAssembly instance for every run), never at the site's origin.  C++ is
// compiled first, in the page's compiler worker (cpp/: the compiler is our code,
// the source only its data), after a one-time download the C++ box (cpp-box.js)
// asks for.  Run checks the solution on the current input; Stress (stress.js)
// generates inputs, runs and compares until the first failure, then shrinks that
// input and offers to open it in the player.
// Code from a share link is someone else's: it is shown as a proposal (an unsaved
// buffer with a warning and Keep / Discard), edited or not, and becomes the user's
// saved code only by Keep (not in a frame); opening a link never starts the sandbox.
import { h, field, numberInput, select, showFailure, wholeNumber, FieldError } from "./dom.js";
import { setPlain, setText } from "../i18n/dom.js";
import { t, msgText } from "../i18n/i18n.js";
import * as judge from "./judge.js";
import { MODES } from "./generate.js";
import { SolutionStore, LANGUAGE_NAMES, isLanguage } from "./solution-store.js";
import { compareNote } from "./compare-note.js";
import { stdPicker } from "./std-picker.js";
import { cppBox, diagnosticItems, loadCpp, compileWhy, runtimeErrorText } from "./cpp-box.js";
import { stressLoop, shrinkFailure, failureBox } from "./stress.js";
import { memoryInput, memoryLimitMb, peakView, showPeak } from "./limits.js";
import { sceneButton } from "./scene-button.js";
import { judgeRun } from "./judge-run.js";

/** @typedef {import("./solution-store.js").Language} Language */

const PANE_CHARS = 200 * 1024;   // an output pane shows at most this much at each end
// Where each language's code runs, in words (the catalog's).
const HINTS = { python: "ui.solution.hint_python", cpp: "ui.solution.hint_cpp" };

function formatMs(ms) {
  return ms < 10 ? ms.toFixed(1) : String(Math.round(ms));
}

// Sizes as judges give them: 1 MB = 1024 KB = 1024 * 1024 bytes.
function formatSize(n) {
  return n >= 1024 * 1024 ? `${(n / (1024 * 1024)).toFixed(1)} MB` : `${Math.max(1, Math.round(n / 1024))} KB`;
}

/**
 * An output pane's text: all of it, or its first and last PANE_CHARS with a line
 * between them saying what is left out; and a note for above the pane (or "").
 * `tail` is the runner's last part of an output it stopped at the limit.
 * @param {string} text
 * @param {{ tail?: string, bytes?: number, limited?: boolean }} [output]
 */
export function paneText(text, { tail = "", bytes = 0, limited = false } = {}) {
  if (limited) {
    return {
      text: `${text.slice(0, PANE_CHARS)}\n[... ${t("ui.solution.pane_cut", { size: formatSize(bytes) })} ...]\n${tail.slice(-PANE_CHARS)}`,
      note: { id: "ui.solution.note_limit", params: { size: formatSize(bytes), shown: formatSize(PANE_CHARS) } },
    };
  }
  if (text.length <= 2 * PANE_CHARS) return { text, note: null };
  const hidden = text.length - 2 * PANE_CHARS;
  return {
    text: `${text.slice(0, PANE_CHARS)}\n[... ${t("ui.solution.pane_hidden", { count: hidden })} ...]\n${text.slice(-PANE_CHARS)}`,
    note: { id: "ui.solution.note_long", params: { shown: formatSize(PANE_CHARS), size: formatSize(text.length) } },
  };
}

/** @param {import("./tools.js").ToolContext} ctx */
export function solutionPanel(ctx) {
  const store = new SolutionStore();
  let editor = null;
  let editorGame = null;
  /** @type {Language} the language the editor shows now */
  let language = "python";
  let shownNow = false;
  const host = h("div", { class: "editor-host", testid: "solution-editor" }, h("p", { class: "hint", i18n: "ui.solution.loading" }));
  const languageMenu = select("solution-language", LANGUAGE_NAMES.map(([v, name]) => [v, name, true]), { value: "python", label: "ui.solution.language_label" });
  const hint = h("p", { class: "hint", testid: "solution-hint", i18n: HINTS.python });
  const box = cppBox();
  const std = stdPicker((picked) => { if (editorGame) store.setStd(editorGame, picked); });
  const limit = h("input", { type: "number", testid: "solution-limit", value: "2", min: "0.1", max: "60", step: "0.1",
    inputmode: "decimal", i18nAttr: { "aria-label": "ui.solution.limit_label" } });
  const memory = memoryInput();
  const runButton = h("button", { type: "button", class: "primary", testid: "solution-run", i18nAttr: { title: "ui.solution.run_title" }, i18n: "ui.solution.run" });
  const stressButton = h("button", { type: "button", testid: "solution-stress", i18n: "ui.solution.stress" });
  const cancel = h("button", { type: "button", testid: "solution-cancel", disabled: true, i18n: "ui.tools.cancel" });
  const countdown = h("span", { class: "countdown", testid: "solution-countdown", role: "timer", "aria-live": "off" });
  const status = h("span", { class: "status", testid: "solution-status", role: "status", "aria-live": "polite" });
  const seed = numberInput("stress-seed", { value: 1, min: 0, label: "ui.solution.stress_seed" });
  const count = numberInput("stress-count", { value: 100, min: 1, max: 1000, label: "ui.solution.stress_count" });
  const mode = select("stress-mode", MODES, { value: "random", label: "ui.solution.stress_mode" });
  const verdict = h("p", { class: "verdict", testid: "solution-verdict", hidden: true });
  const peak = peakView();
  const show = sceneButton(ctx);   // "Show me on the stage"
  const compared = compareNote("solution");
  const details = h("ul", { class: "run-cases", testid: "solution-cases" });
  // Scrollable outputs are labelled regions the keyboard can reach and scroll.
  const stdout = h("pre", { class: "out", testid: "solution-stdout", role: "region", tabindex: "0", i18nAttr: { "aria-label": "ui.solution.stdout_label" } });
  const stderr = h("pre", { class: "out err", testid: "solution-stderr", role: "region", tabindex: "0", i18nAttr: { "aria-label": "ui.solution.stderr_label" } });
  const stdoutNote = h("p", { class: "hint", testid: "solution-stdout-note", hidden: true });
  const stderrNote = h("p", { class: "hint", testid: "solution-stderr-note", hidden: true });
  const failBox = h("div", { class: "stress-fail", testid: "stress-fail", hidden: true });
  const keep = h("button", { type: "button", class: "primary", testid: "solution-keep", i18n: "ui.solution.keep" });
  const discard = h("button", { type: "button", testid: "solution-discard", i18n: "ui.solution.discard" });
  const keepRefused = h("span", { class: "status", testid: "solution-keep-refused", role: "status" });
  const proposalBox = h("div", { class: "proposal", testid: "solution-proposal", role: "alert", hidden: true },
    h("p", { i18n: "ui.solution.proposal" }),
    h("div", { class: "row" }, keep, discard, keepRefused));
  const root = h("div", { class: "tool-body" },
    h("div", { class: "row solution-head" }, field("ui.solution.language", languageMenu), std.root, hint),
    box.root,
    proposalBox,
    host,
    h("div", { class: "row" }, runButton, stressButton, cancel, field("ui.solution.limit", limit),
      field("ui.solution.memory", memory), countdown),
    h("div", { class: "row fields" }, h("span", { class: "tool-label", i18n: "ui.solution.stress_label" }),
      field("ui.gen.seed", seed), field("ui.gen.count", count), field("ui.gen.mode", mode)),
    h("div", { class: "row" }, status),
    h("div", { class: "row" }, verdict, peak, show.root), compared.root, details, failBox,
    h("div", { class: "outputs" },
      h("div", {}, h("h3", {}, "stdout"), stdoutNote, stdout),
      h("div", {}, h("h3", {}, "stderr"), stderrNote, stderr)));

  let busy = false;
  let cancelled = false;
  let ticker = 0;
  let quiet = false;        // the page itself is replacing the text: nothing to save
  let proposed = false;     // the editor holds a link's code, not the user's

  async function ensureEditor() {
    if (editor) return editor;
    const { createEditor } = await import("./editor.js");
    if (editor) return editor;
    const game = ctx.game();
    const lang = store.language(game);
    const made = await createEditor(host, {
      doc: store.code(game, lang),
      language: lang,
      onChange: (text) => {
        // An edited proposal stays a proposal: only Keep saves it.
        if (quiet || proposed) return;
        store.setCode(editorGame, language, text);
      },
      onRun: () => runOnInput(),
    });
    if (editor) return editor;
    host.replaceChildren();   // the loading note (the editor lives in the shadow root)
    editor = made;
    editorGame = game;
    showLanguage(lang);
    // Keys typed in the editor are the editor's (not the player's shortcuts).
    host.addEventListener("keydown", (event) => event.stopPropagation());
    return editor;
  }

  // Replaces the editor's text without saving it.
  function setEditorText(text) {
    quiet = true;
    try { editor.value = text; } finally { quiet = false; }
  }

  // The menu, hint, C++ box and editor follow `lang` (the text is set by the caller).
  function showLanguage(/** @type {Language} */ lang) {
    language = lang;
    languageMenu.value = lang;
    setText(hint, HINTS[lang]);
    std.show(lang === "cpp");
    box.show(lang === "cpp" && shownNow);
    if (editor) {
      editor.setLanguage(lang);
      editor.setDiagnostics([]);
    }
  }

  // Shows the game's own code in `lang` (a proposal is dropped: it was the link's).
  function showSaved(/** @type {Language} */ lang) {
    endProposal();
    showLanguage(lang);
    std.set(store.std(editorGame));
    setEditorText(store.code(editorGame, lang));
  }

  // The editor shows the code kept for the game now picked, in its language.
  function syncGame() {
    if (!editor || editorGame === ctx.game()) return;
    editorGame = ctx.game();
    showSaved(store.language(editorGame));
    clearResults();
  }

  function propose(/** @type {string} */ code, /** @type {Language} */ lang) {
    showLanguage(lang);
    setEditorText(code);
    proposed = true;
    proposalBox.hidden = false;
  }

  function endProposal() {
    proposed = false;
    proposalBox.hidden = true;
    setPlain(keepRefused, "");
  }

  languageMenu.addEventListener("change", async () => {
    const lang = languageMenu.value;
    if (!isLanguage(lang)) return;
    await ensureEditor();
    syncGame();
    box.hold(false);
    if (lang === language) return;
    store.setLanguage(editorGame, lang);
    showSaved(lang);
    clearResults();
    if (lang === "cpp") ctx.sandbox.boot("wasi").catch(() => {});
  });
  keep.addEventListener("click", () => {
    // Framed, a click may be another page's trick (runner/client.js refuses Run there too).
    if (window.top !== window.self) { setText(keepRefused, "ui.solution.keep_framed"); return; }
    store.setLanguage(editorGame, language);
    store.setCode(editorGame, language, editor.value);
    if (language === "cpp") store.setStd(editorGame, std.value);
    endProposal();
    box.hold(false);
    box.show(language === "cpp" && shownNow);
    editor.focus();
  });
  discard.addEventListener("click", () => {
    showSaved(store.language(editorGame));
    editor.focus();
  });

  // The run's limits from the fields: {timeLimitMs, memoryLimitMb}, or a FieldError.
  function limits() {
    const seconds = Number(limit.value);
    if (!Number.isFinite(seconds) || seconds <= 0 || seconds > 60) throw new FieldError("ui.solution.bad_limit");
    return { timeLimitMs: Math.round(seconds * 1000), memoryLimitMb: memoryLimitMb(memory) };
  }

  function startCountdown(ms) {
    clearInterval(ticker);
    const end = performance.now() + ms;
    const tick = () => {
      const left = Math.max(0, end - performance.now());
      setText(countdown, "ui.solution.left", { seconds: (left / 1000).toFixed(1) });
    };
    tick();
    ticker = setInterval(tick, 100);
  }

  function stopCountdown() {
    clearInterval(ticker);
    setPlain(countdown, "");
  }

  function clearResults() {
    verdict.hidden = true;
    compared.hide();
    showPeak(peak, null);
    show.clear();
    details.replaceChildren();
    failBox.hidden = true;
    showOutput(stdout, stdoutNote, "");
    showOutput(stderr, stderrNote, "");
  }

  function begin() {
    busy = true;
    cancelled = false;
    runButton.disabled = true;
    stressButton.disabled = true;
    cancel.disabled = false;
    clearResults();
    editor.setDiagnostics([]);
  }

  function showOutput(pane, note, text, options) {
    const shown = paneText(text, options);
    pane.textContent = shown.text;
    if (shown.note) setText(note, shown.note.id, shown.note.params); else setPlain(note, "");
    note.hidden = !shown.note;
  }

  function end() {
    busy = false;
    stopCountdown();
    runButton.disabled = false;
    stressButton.disabled = false;
    cancel.disabled = true;
  }

  const shownOutput = (result) =>
    paneText(result.stdout, { limited: result.verdict === "output", tail: result.stdoutTail, bytes: result.stdoutBytes }).text;

  function showVerdict(result, found = false) {
    verdict.hidden = false;
    verdict.dataset.verdict = result.verdict;
    showPeak(peak, result);
    compared.show(result);
    const untimed = ["time", "cancelled", "failed", "compile"].includes(result.verdict);
    const [what, why, ms] = [judge.verdictMsg(result.verdict), result.verdict === "compile" ? compileWhy(result) : "", formatMs(result.ms)];
    if (found) {
      if (untimed) setText(verdict, "ui.solution.found_verdict", { verdict: what, why }); else setText(verdict, "ui.solution.found_verdict_ms", { verdict: what, why, ms });
    } else if (untimed) setText(verdict, "ui.solution.verdict", { verdict: what, why }); else setText(verdict, "ui.solution.verdict_ms", { verdict: what, why, ms });
    showOutput(stdout, stdoutNote, result.stdout,
      { limited: result.verdict === "output", tail: result.stdoutTail, bytes: result.stdoutBytes });
    // A run the runner refused, or a C++ runtime error, says why in the reader's words (the hook's stderr keeps English).
    showOutput(stderr, stderrNote, result.verdict === "failed" && result.reason ? msgText(result.reason) : runtimeErrorText(result));
    if (result.verdict === "compile") {
      // The compiler's messages, each a button to its line; the lines marked in the editor.
      editor.setDiagnostics(result.diagnostics);
      details.replaceChildren(...diagnosticItems(result.diagnostics, (line, column) => editor.goTo(line, column)));
      return;
    }
    details.replaceChildren(...result.cases.filter((c) => c.verdict !== "accepted")
      .slice(0, 20).map((c) => (c.message_msg ? h("li", { msg: c.message_msg }) : h("li", { i18n: "ui.check.case", i18nParams: { case: c.case, verdict: judge.verdictMsg(c.verdict) } }))));
  }

  // judgeRun's options for this panel's runs: the language, and the status line
  // through the compile (which may first load the compiler) and the run.
  function runOptions({ timeLimitMs, memoryLimitMb }) {
    return {
      timeLimitMs, memoryLimitMb, language, std: std.value,
      onStart: (limitMs) => { setText(status, "ui.solution.running"); startCountdown(limitMs); },
      onCompile: () => { setText(status, "ui.solution.compiling"); },
    };
  }

  function startWords() {
    if (language === "cpp") return box.state === "ready" ? "ui.solution.compiling" : "ui.solution.getting_compiler";
    return ctx.sandbox.ready ? "ui.solution.running" : "ui.solution.starting_sandbox";
  }

  async function runOnInput() {
    if (busy) return;
    await ensureEditor();
    syncGame();
    const game = ctx.game();
    const input = ctx.input();
    if (!input.trim()) {
      setText(status, "ui.check.empty");
      return;
    }
    let set;
    try { set = limits(); } catch (err) { showFailure(status, err); return; }
    begin();
    setText(status, startWords());
    try {
      const result = await judgeRun(ctx, game, editor.value, input, runOptions(set));
      const words = { time: { id: "ui.solution.stopped_limit", params: { seconds: set.timeLimitMs / 1000 } },
        memory: { id: "ui.solution.stopped_memory", params: { mb: set.memoryLimitMb } }, output: { id: "ui.solution.stopped_output", params: {} },
        failed: { id: "ui.solution.cannot_run", params: { reason: result.reason || result.stderr } }, compile: { id: "ui.solution.no_compile", params: {} } }[result.verdict] || "";
      // A C++ run says what its compile took (a source compiled before is not compiled again).
      const compiled = result.compileMs === undefined ? ""
        : result.compileCached ? { id: "ui.solution.compiled_before", params: {} } : { id: "ui.solution.compiled_in", params: { seconds: (result.compileMs / 1000).toFixed(1) } };
      if (compiled && words) setText(status, "ui.solution.run_status", { compiled, words });
      else setText(status, "ui.tools.reason", { reason: compiled || words });
      showVerdict(result);
      show.show(game, input, result);
    } catch (err) {
      showFailure(status, err, "ui.solution.cannot_judge");
    } finally {
      end();
    }
  }

  async function runStress() {
    if (busy) return;
    await ensureEditor();
    syncGame();
    const game = ctx.game();
    const code = editor.value;
    let set, request;
    try {
      set = limits();
      request = { seed: wholeNumber(seed, "ui.solution.stress_seed"), count: wholeNumber(count, "ui.solution.stress_count", { min: 1, max: 1000 }), mode: mode.value };
    } catch (err) {
      showFailure(status, err);
      return;
    }
    begin();
    let compiled = false;   // the program compiles once: later runs use it (compiler.js caches it by source)
    const options = { ...runOptions(set), onStart: (/** @type {number} */ limitMs) => { compiled = true; startCountdown(limitMs); },
      onCompile: () => { if (!compiled) setText(status, "ui.solution.compiling"); } };
    const env = {
      ctx, game, root,
      run: (input, expected) => judgeRun(ctx, game, code, input, { ...options, expected }),
      say: (msg) => { setText(status, "ui.tools.reason", { reason: msg }); },
      cancelled: () => cancelled,
    };
    try {
      setText(status, startWords());
      await ctx.sandbox.boot(language === "cpp" ? "wasi" : "python");
      const { failing, stopped, passed } = await stressLoop(env, request);
      if (stopped) {
        setText(status, "ui.solution.stress_no_compile");
        showVerdict(stopped);
      } else if (cancelled) {
        setText(status, "ui.tools.cancelled");
      } else if (!failing) {
        stopCountdown();
        setText(status, "ui.solution.all_passed", { count: passed, rate: String(root.dataset.rate) });
        verdict.hidden = false;
        verdict.dataset.verdict = "accepted";
        setText(verdict, "ui.solution.stress_accepted", { count: passed });
      } else {
        const small = await shrinkFailure(env, failing);
        if (cancelled) setText(status, "ui.solution.cancelled_shrinking");
        showVerdict(small.result, true);
        show.show(game, small.input, small.result);
        failBox.replaceChildren(...await failureBox(env, small, shownOutput));
        failBox.hidden = false;
        if (!cancelled) setText(status, "ui.solution.smallest", { count: small.input.split("\n").filter(Boolean).length });
      }
    } catch (err) {
      // Cancel interrupts the engine too: a batch cut short is no error of the run.
      if (cancelled) setText(status, "ui.tools.cancelled"); else showFailure(status, err, "ui.solution.stress_stopped");
    } finally {
      end();
    }
  }

  runButton.addEventListener("click", runOnInput);
  stressButton.addEventListener("click", runStress);
  cancel.addEventListener("click", () => {
    cancelled = true;
    setText(status, "ui.solve.cancelling");
    ctx.sandbox.cancel();
    ctx.client.cancel();
    // A compile (or the compiler's download) under way stops too; a loaded module is cached, so this loads nothing.
    if (language === "cpp") loadCpp().then((cpp) => cpp.cancelCompile());
  });

  return {
    title: "ui.solution.title", root,
    // `fromLink`: opened by a share link, which never starts the sandbox by itself.
    async shown({ fromLink = false } = {}) {
      shownNow = true;
      box.hold(fromLink);
      await ensureEditor();
      syncGame();
      box.show(language === "cpp");
      // Warm the sandbox while the user types.
      if (!fromLink) ctx.sandbox.boot(language === "cpp" ? "wasi" : "python").catch(() => {});
    },
    hidden() {
      shownNow = false;
      box.show(false);
    },
    // The editor follows the game picked (a run under way keeps its own game and code).
    gameChanged() {
      if (!busy) syncGame();
    },
    // A link's settings; its code is a proposal (in its language), never saved by opening the link.
    async fill(params) {
      await ensureEditor();
      syncGame();
      const lang = isLanguage(params.language) ? params.language : "python";
      if (typeof params.code === "string" && (params.code !== editor.value || lang !== language)) propose(params.code, lang);
      if (params.limit !== undefined) limit.value = String(params.limit);
      if (params.memory !== undefined) memory.value = String(params.memory);
      if (params.seed !== undefined) seed.value = String(params.seed);
      if (params.count !== undefined) count.value = String(params.count);
      if (MODES.some(([m]) => m === params.mode)) mode.value = params.mode;
      if (params.std !== undefined) std.set(params.std);
    },
    params: () => ({ code: editor ? editor.value : store.code(ctx.game(), store.language(ctx.game())),
      language: editor ? language : store.language(ctx.game()),
      limit: limit.value, memory: memory.value, seed: seed.value, count: count.value, mode: mode.value, std: std.value }),
    proposed: () => proposed,
    run: runOnInput,
  };
}
