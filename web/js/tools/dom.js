// A small element builder for the tool panels.  Text is only ever set as text.
//   h("button", {testid: "x", class: "y", type: "button"}, "label", child, ...)
// Words come from the catalogs, so they follow the language (i18n/dom.js):
//   h("button", {i18n: "ui.tool.label", i18nParams: {...}})   the element's text
//   h("input", {i18nAttr: {"aria-label": "ui.tool.label"}})      attributes
//   h("p", {msg: {id, params}})                           an engine message
import { setAttrs, setMsg, setText } from "../i18n/dom.js";
import { t } from "../i18n/i18n.js";

/**
 * @template {keyof HTMLElementTagNameMap} K
 * @param {K} tag
 * @param {Record<string, any>} [attrs]
 * @param {...unknown} children  nodes, texts, or lists of them (null, undefined and false are skipped)
 * @returns {HTMLElementTagNameMap[K]}
 */
export function h(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === undefined || value === null || value === false) continue;
    if (key === "i18n") setText(node, value, attrs.i18nParams);
    else if (key === "i18nParams") continue;
    else if (key === "i18nAttr") setAttrs(node, value, attrs.i18nParams);
    else if (key === "msg") setMsg(node, value);
    else if (key === "testid") node.dataset.testid = value;
    else if (key === "class") node.className = value;
    else if (key === "text") node.textContent = value;
    else if (key === "value") /** @type {HTMLInputElement} a control: it has a value */ (node).value = value;
    else if (key === "hidden") node.hidden = true;
    else node.setAttribute(key, value === true ? "" : String(value));
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : String(child));
  }
  return node;
}

/**
 * A labelled control: <label>text <control></label>; `key` is the label's catalog key.
 * @param {string} key
 * @param {Node} control
 * @param {string} [cls]
 */
export function field(key, control, cls = "tool-field") {
  return h("label", { class: cls }, h("span", { class: "tool-label", i18n: key }), control);
}

/**
 * A whole-number input; `label`: the catalog key of its accessible name.
 * @param {string} testid
 * @param {{ value: number, min?: number, max?: number, label: string }} options
 */
export function numberInput(testid, { value, min, max, label }) {
  return h("input", { type: "number", testid, value: String(value), min, max, step: "1",
    inputmode: "numeric", i18nAttr: { "aria-label": label } });
}

/**
 * A <select>.  options: [value, catalog key] pairs, or [value, text, true] for a text that is not words.
 * @param {string} testid
 * @param {Array<string[] | [string, string, boolean]>} options
 * @param {{ value?: string, label?: string }} [chosen]
 */
export function select(testid, options, { value, label } = {}) {
  const node = h("select", { testid, i18nAttr: label ? { "aria-label": label } : null },
    options.map(([v, text, plain]) => (plain ? h("option", { value: v }, text) : h("option", { value: v, i18n: text }))));
  if (value !== undefined) node.value = value;
  return node;
}

/** A bad value in a tool's field: a catalog key with parameters (the message is its text now). */
export class FieldError extends Error {
  constructor(key, params = {}) {
    super(t(key, params));
    this.msgId = key;
    this.params = params;
  }
}

/**
 * Reads a whole number from an input, or throws a FieldError naming the field (`name`: the
 * catalog key of the field's name).
 * @param {HTMLInputElement} input
 * @param {string} name
 * @param {{ min?: number, max?: number, fallback?: number }} [range]  fallback: the value of an empty input
 */
export function wholeNumber(input, name, { min = 0, max = Number.MAX_SAFE_INTEGER, fallback } = {}) {
  const raw = input.value.trim();
  if (raw === "" && fallback !== undefined) return fallback;
  const field = { id: name, params: {} };
  if (!/^-?\d+$/.test(raw)) throw new FieldError("ui.tools.not_whole", { field });
  const value = Number(raw);
  if (value < min || value > max) throw new FieldError("ui.tools.out_of_range", { field, min, max });
  return value;
}

/**
 * Shows why a tool stopped in its status line: a FieldError or an engine error in the
 * language shown (and after a change of language), anything else as its text.
 * @param {HTMLElement} status
 * @param {any} err  what was thrown
 * @param {string | null} [prefix]  the catalog key of the words before the reason
 *   ("Cannot check: {{reason}}"), or null
 */
export function showFailure(status, err, prefix = null) {
  const reason = err instanceof FieldError ? { id: err.msgId, params: err.params }
    : err && err.msg ? err.msg : { id: "raw", params: { text: String(err && err.message ? err.message : err) } };
  if (prefix) setText(status, prefix, { reason });
  else setText(status, "ui.tools.reason", { reason });
}
