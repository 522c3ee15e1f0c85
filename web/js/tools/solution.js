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
// buffer with a warning and Keep / Discard) and becomes the user's saved code
// only when they keep it or edit it; opening a link never starts the sandbox.
import { h, field, numberInput, select, wholeNumber } from "./dom.js";
import * as judge from "./judge.js";
import { MODES } from "./generate.js";
import { SolutionStore, LANGUAGE_NAMES, isLanguage } from "./solution-store.js";
import { cppBox, diagnosticItems, loadCpp } from "./cpp-box.js";
import { stressLoop, shrinkFailure, failureBox } from "./stress.js";

/** @typedef {import("./solution-store.js").Language} Language */

const PANE_CHARS = 200 * 1024;   // an output pane shows at most this much at each end
const HINTS = {
  python: "Your Python solution runs in a sandbox of its own, at an opaque origin: it cannot reach this site's "
    + "storage or workers, or the network (stdin is the input). Each run starts a fresh Python. Nothing leaves the page.",
  cpp: "Your C++ solution is compiled in this page (clang++ -O2 -std=c++17 -fno-exceptions; <bits/stdc++.h> works) "
    + "and runs as WebAssembly in a sandbox of its own, at an opaque origin: it cannot reach this site's storage or "
    + "workers, or the network (stdin is the input). Nothing leaves the page.",
};

function formatMs(ms) {
  return ms < 10 ? `${ms.toFixed(1)} ms` : `${Math.round(ms)} ms`;
}

// Sizes as judges give them: 1 MB = 1024 KB = 1024 * 1024 bytes.
function formatSize(n) {
  return n >= 1024 * 1024 ? `${(n / (1024 * 1024)).toFixed(1)} MB` : `${Math.max(1, Math.round(n / 1024))} KB`;
}

// An output pane's text: all of it, or its first and last PANE_CHARS with a line
// between them saying what is left out; and a note for above the pane (or "").
// `tail` is the runner's last part of an output it stopped at the limit.
export function paneText(text, { tail = "", bytes = 0, limited = false } = {}) {
  if (limited) {
    return {
      text: `${text.slice(0, PANE_CHARS)}\n[... output limit exceeded: not kept past ${formatSize(bytes)} ...]\n${tail.slice(-PANE_CHARS)}`,
      note: `Output limit exceeded: the program wrote more than ${formatSize(bytes)} and was stopped. `
        + `Showing the first and last ${formatSize(PANE_CHARS)} of what it wrote.`,
    };
  }
  if (text.length <= 2 * PANE_CHARS) return { text, note: "" };
  const hidden = text.length - 2 * PANE_CHARS;
  return {
    text: `${text.slice(0, PANE_CHARS)}\n[... ${hidden.toLocaleString("en")} characters not shown ...]\n${text.slice(-PANE_CHARS)}`,
    note: `Showing the first and last ${formatSize(PANE_CHARS)} of ${formatSize(text.length)}.`,
  };
}

// Runs `code` on `input` and judges what it printed against the engine.
// Resolves to {verdict, stdout, stderr, ms, cases}; rejects only when the
// input itself is not valid for the game (a JudgeError naming line and column).
// language "cpp" compiles first (cpp/solution-cpp.js, loaded on first use): a
// source that does not compile is verdict "compile"; the program then runs as "wasi".
export async function judgeRun(ctx, game, code, input, { timeLimitMs = 2000, expected, onStart, language = "python",
  program = null, onCompile } = {}) {
  if (language === "cpp") {
    const { judgeCpp } = await import("../cpp/solution-cpp.js");
    return judgeCpp(ctx, judgeRun, game, code, input, { timeLimitMs, expected, onStart, onCompile });
  }
  const run = await ctx.sandbox.run(code, input, { timeLimitMs, onStart, language, program });
  const base = { stdout: run.stdout, stderr: run.stderr, ms: run.ms, cases: [],
    stdoutTail: run.stdoutTail, stdoutBytes: run.stdoutBytes };
  // time, output (limit exceeded), cancelled and failed (the runner could not run it) as they are.
  if (["time", "output", "cancelled", "failed"].includes(run.status)) return { ...base, verdict: run.status };
  if (run.status !== "ok") return { ...base, verdict: "error" };
  // Byte-equal to the known answer is accepted without asking the engine again.
  if (expected !== undefined && run.stdout === expected) return { ...base, verdict: "accepted" };
  const reply = await judge.check(ctx.client, game, input, run.stdout);
  return { ...base, verdict: judge.overall(reply.cases), cases: reply.cases };
}

export function solutionPanel(ctx) {
  const store = new SolutionStore();
  let editor = null;
  let editorGame = null;
  /** @type {Language} the language the editor shows now */
  let language = "python";
  let shownNow = false;
  const host = h("div", { class: "editor-host", testid: "solution-editor" }, h("p", { class: "hint" }, "Loading the editor…"));
  const languageMenu = select("solution-language", LANGUAGE_NAMES, { value: "python", label: "Solution language" });
  const hint = h("p", { class: "hint", testid: "solution-hint" }, HINTS.python);
  const box = cppBox();
  const limit = h("input", { type: "number", testid: "solution-limit", value: "2", min: "0.1", max: "60", step: "0.1",
    inputmode: "decimal", "aria-label": "Time limit in seconds" });
  const runButton = h("button", { type: "button", class: "primary", testid: "solution-run", title: "Run on the current input and check (Ctrl+Enter in the editor)" }, "Run & check");
  const stressButton = h("button", { type: "button", testid: "solution-stress" }, "Stress");
  const cancel = h("button", { type: "button", testid: "solution-cancel", disabled: true }, "Cancel");
  const countdown = h("span", { class: "countdown", testid: "solution-countdown", role: "timer", "aria-live": "off" });
  const status = h("span", { class: "status", testid: "solution-status", role: "status", "aria-live": "polite" });
  const seed = numberInput("stress-seed", { value: 1, min: 0, label: "Stress seed" });
  const count = numberInput("stress-count", { value: 100, min: 1, max: 1000, label: "Stress count" });
  const mode = select("stress-mode", MODES, { value: "random", label: "Stress mode" });
  const verdict = h("p", { class: "verdict", testid: "solution-verdict", hidden: true });
  const details = h("ul", { class: "run-cases", testid: "solution-cases" });
  // Scrollable outputs are labelled regions the keyboard can reach and scroll.
  const stdout = h("pre", { class: "out", testid: "solution-stdout", role: "region", tabindex: "0", "aria-label": "Standard output" });
  const stderr = h("pre", { class: "out err", testid: "solution-stderr", role: "region", tabindex: "0", "aria-label": "Standard error and traceback" });
  const stdoutNote = h("p", { class: "hint", testid: "solution-stdout-note", hidden: true });
  const stderrNote = h("p", { class: "hint", testid: "solution-stderr-note", hidden: true });
  const failBox = h("div", { class: "stress-fail", testid: "stress-fail", hidden: true });
  const keep = h("button", { type: "button", class: "primary", testid: "solution-keep" }, "Keep");
  const discard = h("button", { type: "button", testid: "solution-discard" }, "Discard");
  const proposalBox = h("div", { class: "proposal", testid: "solution-proposal", role: "alert", hidden: true },
    h("p", {}, "This link carries code from someone else: read it before you run it. "
      + "Your own code for this game is kept until you keep this code or edit it."),
    h("div", { class: "row" }, keep, discard));
  const root = h("div", { class: "tool-body" },
    h("div", { class: "row solution-head" }, field("language", languageMenu), hint),
    box.root,
    proposalBox,
    host,
    h("div", { class: "row" }, runButton, stressButton, cancel, field("time limit (s)", limit), countdown),
    h("div", { class: "row fields" }, h("span", { class: "tool-label" }, "stress:"),
      field("seed", seed), field("count", count), field("mode", mode)),
    h("div", { class: "row" }, status),
    verdict, details, failBox,
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
        if (quiet) return;
        // An edit makes a link's code the user's own (in the link's language).
        if (proposed) {
          endProposal();
          store.setLanguage(editorGame, language);
        }
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
    hint.textContent = HINTS[lang];
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
  }

  languageMenu.addEventListener("change", async () => {
    const lang = languageMenu.value;
    if (!isLanguage(lang)) return;
    await ensureEditor();
    syncGame();
    if (lang === language) return;
    store.setLanguage(editorGame, lang);
    showSaved(lang);
    clearResults();
    if (lang === "cpp") ctx.sandbox.boot("wasi").catch(() => {});
  });
  keep.addEventListener("click", () => {
    store.setLanguage(editorGame, language);
    store.setCode(editorGame, language, editor.value);
    endProposal();
    editor.focus();
  });
  discard.addEventListener("click", () => {
    showSaved(store.language(editorGame));
    editor.focus();
  });

  function limitMs() {
    const seconds = Number(limit.value);
    if (!Number.isFinite(seconds) || seconds <= 0 || seconds > 60) throw new Error("the time limit must be between 0.1 and 60 seconds");
    return Math.round(seconds * 1000);
  }

  function startCountdown(ms) {
    clearInterval(ticker);
    const end = performance.now() + ms;
    const tick = () => {
      const left = Math.max(0, end - performance.now());
      countdown.textContent = `${(left / 1000).toFixed(1)} s left`;
    };
    tick();
    ticker = setInterval(tick, 100);
  }

  function stopCountdown() {
    clearInterval(ticker);
    countdown.textContent = "";
  }

  function clearResults() {
    verdict.hidden = true;
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
    note.textContent = shown.note;
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

  function showVerdict(result, prefix = "") {
    verdict.hidden = false;
    verdict.dataset.verdict = result.verdict;
    const untimed = ["time", "cancelled", "failed", "compile"].includes(result.verdict);
    const why = result.verdict === "compile" ? `: ${result.summary}` : "";
    verdict.textContent = `${prefix}${judge.VERDICT_TEXT[result.verdict]}${why}${untimed ? "" : ` · ${formatMs(result.ms)}`}`;
    showOutput(stdout, stdoutNote, result.stdout,
      { limited: result.verdict === "output", tail: result.stdoutTail, bytes: result.stdoutBytes });
    showOutput(stderr, stderrNote, result.stderr);
    if (result.verdict === "compile") {
      // The compiler's messages, each a button to its line; the lines marked in the editor.
      editor.setDiagnostics(result.diagnostics);
      details.replaceChildren(...diagnosticItems(result.diagnostics, (line, column) => editor.goTo(line, column)));
      return;
    }
    details.replaceChildren(...result.cases.filter((c) => c.verdict !== "accepted")
      .slice(0, 20).map((c) => h("li", {}, c.message || `case ${c.case}: ${judge.VERDICT_TEXT[c.verdict]}`)));
  }

  // judgeRun's options for this panel's runs: the language, and the status line
  // through the compile (which may first load the compiler) and the run.
  function runOptions(ms) {
    return {
      timeLimitMs: ms, language,
      onStart: (limitMs) => { status.textContent = "Running…"; startCountdown(limitMs); },
      onCompile: () => { status.textContent = "Compiling…"; },
    };
  }

  function startWords() {
    if (language === "cpp") return box.state === "ready" ? "Compiling…" : "Getting the C++ compiler ready (see above), then compiling…";
    return ctx.sandbox.ready ? "Running…" : "Starting the sandbox (a Python of its own)…";
  }

  async function runOnInput() {
    if (busy) return;
    await ensureEditor();
    syncGame();
    const game = ctx.game();
    const input = ctx.input();
    if (!input.trim()) {
      status.textContent = "The input is empty: load or paste an input first.";
      return;
    }
    let ms;
    try { ms = limitMs(); } catch (err) { status.textContent = err.message; return; }
    begin();
    status.textContent = startWords();
    try {
      const result = await judgeRun(ctx, game, editor.value, input, runOptions(ms));
      const words = { time: `Stopped at the ${ms / 1000} s limit.`,
        output: "Stopped: more output than a judge accepts.", failed: `Cannot run code here: ${result.stderr}`,
        compile: "The solution does not compile: its errors are marked in the editor (click one below to go to it)." }[result.verdict] || "";
      // A C++ run says what its compile took (a source compiled before is not compiled again).
      const compiled = result.compileMs === undefined ? ""
        : result.compileCached ? "Compiled before (the same source). " : `Compiled in ${(result.compileMs / 1000).toFixed(1)} s. `;
      status.textContent = `${compiled}${words}`.trim();
      showVerdict(result);
    } catch (err) {
      status.textContent = `Cannot judge this input: ${err.message}`;
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
    let ms, request;
    try {
      ms = limitMs();
      request = { seed: wholeNumber(seed, "stress seed"), count: wholeNumber(count, "stress count", { min: 1, max: 1000 }), mode: mode.value };
    } catch (err) {
      status.textContent = err.message;
      return;
    }
    begin();
    let compiled = false;   // the program compiles once: later runs use it (compiler.js caches it by source)
    const options = { ...runOptions(ms), onStart: (/** @type {number} */ limitMs) => { compiled = true; startCountdown(limitMs); },
      onCompile: () => { if (!compiled) status.textContent = "Compiling…"; } };
    const env = {
      ctx, game, root,
      run: (input, expected) => judgeRun(ctx, game, code, input, { ...options, expected }),
      say: (text) => { status.textContent = text; },
      cancelled: () => cancelled,
    };
    try {
      status.textContent = startWords();
      await ctx.sandbox.boot(language === "cpp" ? "wasi" : "python");
      const { failing, stopped, passed } = await stressLoop(env, request);
      if (stopped) {
        status.textContent = "Stress stopped: the solution does not compile (its errors are marked in the editor).";
        showVerdict(stopped);
      } else if (cancelled) {
        status.textContent = "Cancelled.";
      } else if (!failing) {
        stopCountdown();
        status.textContent = `All ${passed} inputs passed · ${root.dataset.rate} inputs/s.`;
        verdict.hidden = false;
        verdict.dataset.verdict = "accepted";
        verdict.textContent = `stress: accepted on all ${passed} inputs`;
      } else {
        const small = await shrinkFailure(env, failing);
        if (cancelled) status.textContent = "Cancelled while shrinking; the smallest failing input so far is shown.";
        showVerdict(small.result, "stress found a failure: ");
        failBox.replaceChildren(...await failureBox(env, small, shownOutput));
        failBox.hidden = false;
        if (!cancelled) status.textContent = `Stress: the smallest failing input has ${small.input.split("\n").filter(Boolean).length} lines.`;
      }
    } catch (err) {
      // Cancel interrupts the engine too: a batch cut short is no error of the run.
      status.textContent = cancelled ? "Cancelled." : `Stress stopped: ${err.message}`;
    } finally {
      end();
    }
  }

  runButton.addEventListener("click", runOnInput);
  stressButton.addEventListener("click", runStress);
  cancel.addEventListener("click", () => {
    cancelled = true;
    status.textContent = "Cancelling…";
    ctx.sandbox.cancel();
    ctx.client.cancel();
    // A compile (or the compiler's download) under way stops too; a loaded module is cached, so this loads nothing.
    if (language === "cpp") loadCpp().then((cpp) => cpp.cancelCompile());
  });

  return {
    title: "My solution", root,
    // `fromLink`: opened by a share link, which never starts the sandbox by itself.
    async shown({ fromLink = false } = {}) {
      shownNow = true;
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
      if (params.seed !== undefined) seed.value = String(params.seed);
      if (params.count !== undefined) count.value = String(params.count);
      if (MODES.some(([m]) => m === params.mode)) mode.value = params.mode;
    },
    params: () => ({ code: editor ? editor.value : store.code(ctx.game(), store.language(ctx.game())),
      language: editor ? language : store.language(ctx.game()),
      limit: limit.value, seed: seed.value, count: count.value, mode: mode.value }),
    proposed: () => proposed,
    run: runOnInput,
  };
}

// pixelJudge.runSolution(code, input, {timeLimitMs, language: "python" | "cpp"}):
// {verdict, stdout, stderr, ms}; verdict "accepted", "wrong", "presentation",
// "time", "output" (output limit exceeded: stdout is then the first part of what
// it wrote), "compile" (C++ that does not compile: stderr holds the compiler's
// messages, `diagnostics` each error's {severity, line, column, message} and
// `summary` the first in plain words) or "error" (also a cancelled run, or one
// the runner could not start: stderr says which).  A run judged not accepted also
// has `message`, the first failing case's report (its first difference).
export async function runSolutionHook(ctx, code, input, { timeLimitMs = 2000, language = "python" } = {}) {
  if (!["python", "cpp"].includes(language)) throw new Error(`runSolution: language must be "python" or "cpp", not ${JSON.stringify(language)}`);
  const result = await judgeRun(ctx, ctx.game(), String(code), String(input), { timeLimitMs, language });
  const verdict = ["cancelled", "failed"].includes(result.verdict) ? "error" : result.verdict;
  const stderr = result.verdict === "cancelled" ? "cancelled" : result.verdict === "output" ? "output limit exceeded" : result.stderr;
  const reply = { verdict, stdout: result.stdout, stderr, ms: result.ms };
  // A compile error: the compiler's messages with line and column; a wrong answer: the first difference.
  if (result.verdict === "compile") return { ...reply, diagnostics: result.diagnostics, summary: result.summary };
  const failing = (result.cases || []).find((c) => c.verdict !== "accepted");
  return failing ? { ...reply, message: failing.message } : reply;
}
