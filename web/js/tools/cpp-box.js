// My solution's C++ compiler box: before the first download it says what C++
// costs (the toolchain's size on the wire) with a button to download it; then the
// bytes as they arrive and Cancel; then that the compiler is ready and kept in
// this browser for offline use.  Offline before any download, it says so plainly.
// The compiler's modules (js/cpp/) load only when C++ is picked, so a visit that
// never picks C++ never loads them.
import { h } from "./dom.js";

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
  const progress = h("progress", { testid: "cpp-progress", max: "1", hidden: true, "aria-label": "C++ compiler download" });
  const download = h("button", { type: "button", class: "primary", testid: "cpp-download", hidden: true }, "Download the C++ compiler");
  const cancel = h("button", { type: "button", testid: "cpp-cancel", hidden: true }, "Cancel download");
  const root = h("div", { class: "cpp-box", testid: "cpp-box", hidden: true },
    text, h("div", { class: "row" }, progress, download, cancel));
  let shown = false;
  let wire = 0;          // the whole download as brotli, in bytes
  /** @type {typeof import("../cpp/solution-cpp.js") | null} */
  let cpp = null;
  let checks = 0;        // a newer check makes an older one's answer moot

  /** @param {BoxState} state @param {string} words */
  function set(state, words, { bar = false, value = /** @type {number | null} */ (null), button = "", stop = false } = {}) {
    root.dataset.state = state;
    text.textContent = words;
    progress.hidden = !bar;
    if (value === null) progress.removeAttribute("value");
    else progress.value = value;
    download.hidden = !button;
    download.textContent = button;
    download.disabled = state === "offline";
    cancel.hidden = !stop;
  }

  function needed() {
    if (navigator.onLine === false) {
      set("offline", `You are offline, and this browser does not have the C++ compiler yet (a one-time ${mb(wire)} download). `
        + "Connect to the network and download it; after that, C++ works offline too.", { button: `Download (${mb(wire)})` });
    } else {
      set("needed", `C++ needs a one-time ${mb(wire)} download: the compiler (Clang, built for WebAssembly) runs in this `
        + "page, and this browser keeps it for offline use.", { button: `Download the C++ compiler (${mb(wire)})` });
    }
  }

  /** The compiler's state, as compiler.js reports it. @param {string} state @param {any} detail */
  function follow(state, detail) {
    if (!shown) return;
    if (state !== "idle") checks += 1;   // news from the compiler makes a check under way moot
    if (state === "downloading") {
      const part = detail.total ? detail.done / detail.total : 0;
      set("downloading", `Downloading the C++ compiler: ${mb(part * detail.wire)} of ${mb(detail.wire)} (${Math.floor(part * 100)}%)`,
        { bar: true, value: part, stop: true });
    } else if (state === "loading") {
      set("loading", "Loading the C++ compiler…", { bar: true, stop: true });
    } else if (state === "ready") {
      set("ready", detail.stored
        ? "C++ compiler ready (clang++ -O2 -std=c++17 -fno-exceptions), kept in this browser for offline use."
        : "C++ compiler ready (clang++ -O2 -std=c++17 -fno-exceptions). This browser did not let the page keep it: "
          + "the next visit downloads it again.");
    } else if (state === "failed") {
      set("failed", `The C++ compiler could not be loaded: ${detail}`, { button: "Try again" });
    } else if (state === "idle") {
      check({ load: false });   // cancelled: back to what the browser has, loading nothing
    }
  }

  // What the browser has: when the compiler is downloaded already, `load` loads it
  // now (from the cache: no network), so the first compile does not wait for it.
  async function check({ load = true } = {}) {
    const ticket = ++checks;
    if (!cpp) {
      set("checking", "Checking for the C++ compiler…");
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
    if (load) compiler.load().catch(() => {});
    else set("cached", "The C++ compiler is in this browser (kept for offline use): it loads when you run.");
    return undefined;
  }

  download.addEventListener("click", () => {
    if (!cpp) return;
    set("downloading", `Downloading the C++ compiler: starting (${mb(wire)})…`, { bar: true, value: 0, stop: true });
    cpp.cppCompiler().load().catch(() => {});   // failures come through follow()
  });
  cancel.addEventListener("click", () => cpp?.cancelCompile());
  for (const event of ["online", "offline"]) {
    addEventListener(event, () => {
      if (shown && ["needed", "offline"].includes(root.dataset.state || "")) needed();
    });
  }

  function failed(/** @type {Error} */ err) {
    set("failed", `The C++ compiler could not be loaded: ${err.message}`, { button: "Try again" });
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
    const where = d.line === null ? "" : `line ${d.line}, column ${d.column}: `;
    const words = `${where}${d.severity}: ${d.message}`;
    if (d.line === null) return h("li", { class: "diagnostic" }, words);
    const button = h("button", { type: "button", class: "link-button", testid: "solution-diagnostic",
      title: "Show this line in the editor" }, words);
    button.addEventListener("click", () => goTo(/** @type {number} */ (d.line), d.column ?? 1));
    return h("li", { class: "diagnostic" }, button);
  });
}
