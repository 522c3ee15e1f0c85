// The lab's code editor: the tools' CodeMirror set-up (tools/editor.js, loaded
// on first use) in the panel's host, with the lab's own test id and label.  Until
// it is loaded the code lives here; text the page puts in is never reported as
// typed (only the user's typing calls `onType`).

/** @typedef {Awaited<ReturnType<typeof import("../tools/editor.js").createEditor>>} Editor */

/** The lab's editor box: the code, the editor once loaded, and the marks of an error. */
export class CodeEditor {
  /**
   * @param {HTMLElement} host
   * @param {{ code: string, onType: (code: string) => void, onRun: () => void }} options
   */
  constructor(host, { code, onType, onRun }) {
    this.host = host;
    this.code = code;
    this.onType = onType;
    this.onRun = onRun;
    /** @type {Editor | null} */
    this.editor = null;
    /** @type {Promise<Editor> | null} */
    this.loading = null;
    this.quiet = false;
  }

  /** The editor, loaded once. @returns {Promise<Editor>} */
  ensure() {
    if (!this.loading) this.loading = this.load();
    return this.loading;
  }

  async load() {
    const { createEditor } = await import("../tools/editor.js");
    const editor = await createEditor(this.host, {
      doc: this.code, language: "python", testid: "lab-code", label: "Game lab rules (Python)",
      onChange: (text) => {
        this.code = text;
        if (!this.quiet) this.onType(text);
      },
      onRun: () => this.onRun(),
    });
    this.host.querySelector("p")?.remove();   // the loading note (the editor lives in the shadow root)
    // Keys typed in the editor are the editor's (not the player's shortcuts).
    this.host.addEventListener("keydown", (event) => event.stopPropagation());
    this.editor = editor;
    return editor;
  }

  /** Replaces the code (not as typing: nothing is saved) and clears the marks. @param {string} text */
  set(text) {
    this.code = text;
    if (!this.editor) return;
    this.quiet = true;
    try { this.editor.value = text; } finally { this.quiet = false; }
    this.editor.setDiagnostics([]);
  }

  /**
   * Marks `line` (1-based) with `message`; null clears the marks.
   * @param {number | null} line
   * @param {string} [message]
   */
  mark(line, message = "") {
    if (!this.editor) return;
    this.editor.setDiagnostics(line ? [{ severity: "error", line, column: 1, message, source: "Python" }] : []);
  }

  focus() {
    this.editor?.focus();
  }
}
