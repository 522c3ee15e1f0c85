// Input errors: the message, the offending line with a caret under the column
// (as a compiler shows it), and the caret put on the offending token.  The message
// follows the language: an engine error keeps its message id (localize), a page
// error is a catalog key.
import { el, on } from "./state.js";
import { localize, t } from "../i18n/i18n.js";

/**
 * An error to show: the engine's (its message, with the line and column it names) or one
 * of the page's own (`uiKey`, a catalog key).
 * @typedef {{ message?: string, msg?: object, uiKey?: string, line?: number | null,
 *   column?: number | null, token?: string | null }} ShownError
 */

/** @type {ShownError | null} */
let shown = null;

/** Hides the input error. */
export function clearError() {
  shown = null;
  el.error.hidden = true;
  el.error.textContent = "";
}

/** @param {ShownError} error */
export function showError(error) {
  shown = error;
  const message = error.uiKey ? t(error.uiKey) : String(localize(error).message);
  el.error.textContent = message + excerpt(error);
  el.error.hidden = false;
  if (error.line && error.column) selectPosition(error.line, error.column, error.token);
}

// The shown error in the new language (the excerpt is the user's text: it stays).
on("language", () => {
  if (!shown) return;
  const message = shown.uiKey ? t(shown.uiKey) : String(localize(shown).message);
  el.error.textContent = message + excerpt(shown);
});

/** @param {ShownError} error */
function excerpt({ line, column, token }) {
  if (!line || !column) return "";
  const text = el.input.value.split(/\r\n|\r|\n/)[line - 1];
  if (text === undefined) return "";
  const from = Math.max(0, column - 40);
  const shown = text.slice(from, from + 80).replace(/\t/g, " ");
  const marks = "^".repeat(Math.max(1, Math.min(token ? token.length : 1, 80)));
  return `\n\n${String(line).padStart(5)} | ${shown}\n${" ".repeat(5)} | ${" ".repeat(column - 1 - from)}${marks}`;
}

/**
 * Selects the offending token, without changing the text.
 * @param {number} line
 * @param {number} column
 * @param {string | null | undefined} token
 */
function selectPosition(line, column, token) {
  const lines = el.input.value.split(/\r\n|\r|\n/);
  if (line > lines.length) return;
  let offset = 0;
  const newline = el.input.value.includes("\r\n") ? 2 : 1;
  for (let k = 0; k < line - 1; k++) offset += lines[k].length + newline;
  const start = offset + column - 1;
  el.input.setSelectionRange(start, start + (token ? token.length : 0));
}
