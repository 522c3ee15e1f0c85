// Input errors: the message, the offending line with a caret under the column
// (as a compiler shows it), and the caret put on the offending token.
import { el } from "./state.js";

export function clearError() {
  el.error.hidden = true;
  el.error.textContent = "";
}

export function showError(error) {
  el.error.textContent = error.message + excerpt(error);
  el.error.hidden = false;
  if (error.line && error.column) selectPosition(error.line, error.column, error.token);
}

function excerpt({ line, column, token }) {
  if (!line || !column) return "";
  const text = el.input.value.split(/\r\n|\r|\n/)[line - 1];
  if (text === undefined) return "";
  const from = Math.max(0, column - 40);
  const shown = text.slice(from, from + 80).replace(/\t/g, " ");
  const marks = "^".repeat(Math.max(1, Math.min(token ? token.length : 1, 80)));
  return `\n\n${String(line).padStart(5)} | ${shown}\n${" ".repeat(5)} | ${" ".repeat(column - 1 - from)}${marks}`;
}

// Selects the offending token, without changing the text.
function selectPosition(line, column, token) {
  const lines = el.input.value.split(/\r\n|\r|\n/);
  if (line > lines.length) return;
  let offset = 0;
  const newline = el.input.value.includes("\r\n") ? 2 : 1;
  for (let k = 0; k < line - 1; k++) offset += lines[k].length + newline;
  const start = offset + column - 1;
  el.input.setSelectionRange(start, start + (token ? token.length : 0));
}
