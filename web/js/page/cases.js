// The case picker: a file may hold many cases; the scene shows one of them.
import { el, option } from "./state.js";
import { setText } from "../i18n/dom.js";

/**
 * Fills the case picker and shows case `current`.
 * @param {{ label: string }[]} cases
 * @param {number} current
 */
export function fillCases(cases, current) {
  el.caseSelect.replaceChildren(...cases.map((c, k) => option(String(k), c.label)));
  el.caseSelect.disabled = cases.length < 2;
  showCase(current);
}

/**
 * Shows case `k` in the picker.
 * @param {number} k
 */
export function showCase(k) {
  el.caseSelect.value = String(k);
}

/** Before a solve the picker says so rather than showing an empty box. */
export function clearCases() {
  const none = option("", "");
  setText(none, "ui.playback.no_case");
  el.caseSelect.replaceChildren(none);
  el.caseSelect.disabled = true;
}
