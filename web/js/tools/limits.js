// My solution's memory limit, as judges set one (256 MB unless told), and each
// run's peak memory, as judges show it beside the time.  The runner counts the
// peak (runner/client.js: `peakBytes`) and ends a run that crosses the limit
// with the status "memory"; this module only reads the field, checks the number
// and shows the figure.
import { h, FieldError } from "./dom.js";
import { setPlain, setText } from "../i18n/dom.js";
import { MEMORY_LIMIT_MB } from "../runner/client.js";

/** The field's range in MB; the default is the runner's (256 MB, as judges set). */
export const MEMORY_MB = { min: 16, max: 2048, fallback: MEMORY_LIMIT_MB };
const MB = 1024 * 1024;   // 1 MB = 1024 * 1024 bytes, as judges count

/** The memory limit's field (MB, a whole number). */
export function memoryInput() {
  return h("input", { type: "number", testid: "solution-memory", value: String(MEMORY_MB.fallback),
    min: String(MEMORY_MB.min), max: String(MEMORY_MB.max), step: "1", inputmode: "numeric",
    i18nAttr: { "aria-label": "ui.solution.memory_label" } });
}

/**
 * The field's limit in MB, or a FieldError saying what it must be.
 * @param {HTMLInputElement} input
 * @returns {number}
 */
export function memoryLimitMb(input) {
  const raw = input.value.trim();
  const value = Number(raw);
  if (!/^\d+$/.test(raw) || value < MEMORY_MB.min || value > MEMORY_MB.max) {
    throw new FieldError("ui.solution.bad_memory", { min: MEMORY_MB.min, max: MEMORY_MB.max });
  }
  return value;
}

/**
 * The hook's memoryLimitMb: a positive finite number of MB up to the field's
 * maximum (fractions allowed, for tests), else an Error naming the value.
 * @param {unknown} value
 * @returns {number}
 */
export function hookMemoryLimit(value = MEMORY_MB.fallback) {
  if (typeof value !== "number" || !Number.isFinite(value) || value <= 0 || value > MEMORY_MB.max) {
    throw new Error(`memoryLimitMb must be a number of MB above 0 and at most ${MEMORY_MB.max}, not ${JSON.stringify(value)}`);
  }
  return value;
}

/**
 * A run's peak memory in MB (two decimals) from the runner's count in bytes; 0
 * when the run reported none (it never started: a compile error, a refusal).  A
 * run stopped for memory needed more than its limit, whatever it was granted
 * (an allocation refused whole is never counted): `atLeastMb`, its limit, is
 * then the figure, as judges give it.
 * @param {unknown} bytes
 * @param {number} [atLeastMb]
 * @returns {number}
 */
export function peakMb(bytes, atLeastMb = 0) {
  const n = Number(bytes);
  return Math.max(Number.isFinite(n) && n > 0 ? Math.round((n / MB) * 100) / 100 : 0, atLeastMb);
}

/** The element that shows a run's peak memory beside its time. */
export function peakView() {
  return h("span", { class: "verdict peak", testid: "solution-peak", hidden: true,
    i18nAttr: { title: "ui.solution.peak_title" } });
}

// Verdicts of runs that never ran to a figure worth showing.
const UNMEASURED = ["compile", "cancelled", "failed"];

/**
 * Shows `result`'s peak ("12.3 MB"), or hides the element for a run with none.
 * @param {HTMLElement} view
 * @param {{verdict: string, peakMb?: number} | null} result
 */
export function showPeak(view, result) {
  if (!result || UNMEASURED.includes(result.verdict) || result.peakMb === undefined) {
    view.hidden = true;
    setPlain(view, "");
    return;
  }
  view.hidden = false;
  view.dataset.peakMb = String(result.peakMb);
  setText(view, "ui.solution.peak", { mb: result.peakMb.toFixed(1) });
}
