// My solution's C++ compiler box: before the first download it says what C++
// costs (the toolchain's size on the wire) with a button to download it; then the
// bytes as they arrive and Cancel; then that the compiler is ready and kept in
// this browser for offline use.  Offline before any download, it says so plainly.
// The compiler's modules (js/cpp/) load only when C++ is picked, so a visit that
// never picks C++ never loads them.
import { h } from "./dom.js";
import { setText } from "../i18n/dom.js";
import { t } from "../i18n/i18n.js";

/** @typedef {"checking" | "needed" | "offline" | "downloading" | "loading" | "cached" | "ready" | "failed"} BoxState */

const MB = 1e6;   // download sizes in the units a browser's download list uses
const mb = (/** @type {number} */ bytes) => `${(bytes / MB).toFixed(1)} MB`;

/** @returns {Promise<typeof import("../cpp/solution-cpp.js")>} */
export const loadCpp = () => import("../cpp/solution-cpp.js");

/**
 * The box, hidden until show(true).  `root` goes into the panel; `show(on)` follows
 * the language menu (C++ shown: the box checks the browser's copy and, when the
 * compiler is already downloaded, loads it at once: no network).
 */
export function cppBox() {
  const text = h("p", { class: "cpp-text", testid: "cpp-status", role: "status", "aria-live": "polite" });
  const progress = h("progress", { testid: "cpp-progress", max: "1", hidden: true, i18nAttr: { "aria-label": "ui.cpp.progress" } });
  const download = h("button", { type: "button", class: "primary", testid: "cpp-download", hidden: true, i18n: "ui.cpp.download" });
  const cancel = h("button", { type: "button", testid: "cpp-cancel", hidden: true, i18n: "ui.cpp.cancel" });
  const root = h("div", { class: "cpp-box", testid: "cpp-box", hidden: true },
    text, h("div", { class: "row" }, progress, download, cancel));
  let shown = false;
  let wire = 0;          // the whole download as brotli, in bytes
  /** @type {typeof import("../cpp/solution-cpp.js") | null} */
  let cpp = null;
  let checks = 0;        // a newer check makes an older one's answer moot
  let held = false;      // opened by a share link: the compiler waits for the user (Keep, Run, the menu)

  /** @param {BoxState} state @param {string | import("../i18n/render.js").Msg} words  (button: a message too, or null) */
  function set(state, words, { bar = false, value = /** @type {number | null} */ (null), button = /** @type {any} */ (null), stop = false } = {}) {
    root.dataset.state = state;
    setText(text, "ui.tools.reason", { reason: words });
    progress.hidden = !bar;
    if (value === null) progress.removeAttribute("value");
    else progress.value = value;
    download.hidden = !button;
    if (button) setText(download, "ui.tools.reason", { reason: button });
    download.disabled = state === "offline";
    cancel.hidden = !stop;
  }

  function needed() {
    if (navigator.onLine === false) {
      set("offline", { id: "ui.cpp.offline", params: { size: mb(wire) } }, { button: { id: "ui.cpp.download_size", params: { size: mb(wire) } } });
    } else {
      set("needed", { id: "ui.cpp.needed", params: { size: mb(wire) } }, { button: { id: "ui.cpp.download_compiler", params: { size: mb(wire) } } });
    }
  }

  /** The compiler's state, as compiler.js reports it (msg: a failure's reason in the catalog's words).
   * @param {string} state @param {any} detail @param {import("../i18n/render.js").Msg} [msg] */
  function follow(state, detail, msg) {
    if (!shown) return;
    if (state !== "idle") checks += 1;   // news from the compiler makes a check under way moot
    if (state === "downloading") {
      const part = detail.total ? detail.done / detail.total : 0;
      set("downloading", { id: "ui.cpp.downloading", params: { done: mb(part * detail.wire), size: mb(detail.wire), percent: Math.floor(part * 100) } },
        { bar: true, value: part, stop: true });
    } else if (state === "loading") {
      set("loading", { id: "ui.cpp.loading", params: {} }, { bar: true, stop: true });
    } else if (state === "ready") {
      set("ready", detail.stored ? { id: "ui.cpp.ready_kept", params: {} } : { id: "ui.cpp.ready_not_kept", params: {} });
    } else if (state === "failed") {
      set("failed", { id: "ui.cpp.failed", params: { reason: msg || String(detail) } }, { button: { id: "ui.cpp.retry", params: {} } });
    } else if (state === "idle") {
      check({ load: false });   // cancelled: back to what the browser has, loading nothing
    }
  }

  // What the browser has: when the compiler is downloaded already, `load` loads it
  // now (from the cache: no network), so the first compile does not wait for it.
  async function check({ load = true } = {}) {
    const ticket = ++checks;
    if (!cpp) {
      set("checking", { id: "ui.cpp.checking", params: {} });
      cpp = await loadCpp();
      cpp.onCompilerState(follow);
      wire = cpp.toolchainSize().wire;
    }
    const compiler = cpp.cppCompiler();
    if (compiler.ready) return follow("ready", compiler.readyInfo || { stored: true });
    if (compiler.busy) return undefined;   // its progress comes through follow()
    const cached = await cpp.toolchainCached();
    if (ticket !== checks || !shown || compiler.ready || compiler.busy) return undefined;
    if (!cached) return needed();
    if (load && !held) compiler.load().catch(() => {});
    else set("cached", { id: "ui.cpp.cached", params: {} });
    return undefined;
  }

  download.addEventListener("click", () => {
    if (!cpp) return;
    set("downloading", { id: "ui.cpp.starting", params: { size: mb(wire) } }, { bar: true, value: 0, stop: true });
    cpp.cppCompiler().load().catch(() => {});   // failures come through follow()
  });
  cancel.addEventListener("click", () => cpp?.cancelCompile());
  for (const event of ["online", "offline"]) {
    addEventListener(event, () => {
      if (shown && ["needed", "offline"].includes(root.dataset.state || "")) needed();
    });
  }

  function failed(/** @type {Error & {msg?: import("../i18n/render.js").Msg}} */ err) {
    set("failed", { id: "ui.cpp.failed", params: { reason: err.msg || err.message } }, { button: { id: "ui.cpp.retry", params: {} } });
  }

  return {
    root,
    /** @param {boolean} on */
    show(on) {
      shown = on;
      root.hidden = !on;
      if (on) check().catch(failed);
    },
    /** The box's state now (a test reads it as data-state too). */
    get state() { return /** @type {BoxState | undefined} */ (root.dataset.state); },
    /** While held (a share link was opened), showing the box loads nothing: a link's code is a
     * proposal, and the compiler (75 MB of WebAssembly) starts only when the user asks for it.
     * @param {boolean} on */
    hold(on) {
      held = on;
    },
  };
}

/**
 * The compiler's messages as a list whose items move the editor's cursor to their
 * line and column (keyboard: each is a button).
 * @param {import("./editor.js").Diagnostic[]} diagnostics
 * @param {(line: number, column: number) => void} goTo
 */
export function diagnosticItems(diagnostics, goTo) {
  return diagnostics.filter((d) => d.severity !== "note").slice(0, 50).map((d) => {
    // The compiler's own words stay as it wrote them (like the code); where they are follows the language.
    if (d.line === null) return h("li", { class: "diagnostic", i18n: "ui.cpp.diagnostic", i18nParams: { severity: d.severity, message: d.message } });
    const button = h("button", { type: "button", class: "link-button", testid: "solution-diagnostic", i18nAttr: { title: "ui.cpp.show_line" },
      i18n: "ui.cpp.diagnostic_at", i18nParams: { line: d.line, column: d.column ?? 1, severity: d.severity, message: d.message } });
    button.addEventListener("click", () => goTo(/** @type {number} */ (d.line), d.column ?? 1));
    return h("li", { class: "diagnostic" }, button);
  });
}

// A compile's first error in plain words, after the verdict: the catalog's words (the
// compiler's own message stays as it wrote it), else the English summary.
/**
 * @param {{summary?: string, summaryMsg?: import("../i18n/render.js").Msg | null}} result
 * @returns {string | import("../i18n/render.js").Msg}
 */
export function compileWhy(result) {
  return result.summaryMsg ? { id: "ui.cpp.verdict_why", params: { reason: result.summaryMsg } } : `: ${result.summary}`;
}

// The stderr pane's text: a C++ run's last line ("runtime error: ..." in English, which the
// runner's worker wrote) in the reader's words when the runner sent its reason as a message.
/**
 * @param {{stderr?: string, why?: import("../i18n/render.js").Msg | null}} result
 * @returns {string}
 */
export function runtimeErrorText(result) {
  const stderr = String(result.stderr || "");
  const at = stderr.lastIndexOf("runtime error: ");
  if (!result.why || at < 0) return stderr;
  return `${stderr.slice(0, at)}${t("ui.cpp.runtime_error", { reason: result.why })}\n`;
}
