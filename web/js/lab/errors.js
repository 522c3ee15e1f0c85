// How the lab shows a failed solve: the message (with the line in the user's
// code, when there is one) under the panel, and that line marked in the editor.
import { setPlain, setText } from "../i18n/dom.js";

/** @typedef {import("./validate.js").LabError} LabError */
/** @typedef {{ mark(line: number | null, message?: string): void }} Marks */

// Each error type's words before its message (the message itself is the program's or the search's).
const KINDS = /** @type {Record<string, string>} */ ({
  SyntaxError: "ui.lab.error_syntax", RulesError: "ui.lab.error_rules", InputError: "ui.lab.error_input",
  ContractError: "ui.lab.error_contract", ViewError: "ui.lab.error_view", LimitError: "ui.lab.error_limit",
});

/**
 * Shows `error` in the panel and marks its line in the editor.
 * @param {{ error: HTMLElement }} view
 * @param {Marks} editor
 * @param {LabError} error
 */
export function showError(view, editor, error) {
  const kind = KINDS[error.type] || "ui.lab.error_other";
  // The reader's language where the error says it as a message (the English otherwise).
  const message = error.msg ? /** @type {import("../i18n/render.js").Msg} checked by validate.js */ (error.msg)
    : String(error.message || error.type);
  const line = typeof error.line === "number" && error.line > 0 ? error.line : null;
  if (line) setText(view.error, "ui.lab.error_line", { kind: { id: kind, params: {} }, line, message });
  else setText(view.error, "ui.lab.error", { kind: { id: kind, params: {} }, message });
  view.error.dataset.type = error.type;
  view.error.dataset.line = line ? String(line) : "";
  view.error.hidden = false;
  // An input's line is the position's, not the code's.
  if (line && error.type !== "InputError") editor.mark(line, String(error.message));
}

/**
 * No error shown, none marked.
 * @param {{ error: HTMLElement }} view
 * @param {Marks} editor
 */
export function clearErrorView(view, editor) {
  view.error.hidden = true;
  setPlain(view.error, "");
  view.error.dataset.type = "";
  view.error.dataset.line = "";
  editor.mark(null);
}
