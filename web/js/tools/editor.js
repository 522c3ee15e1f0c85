// The solution editor: CodeMirror 6 (served from the site through the import map)
// with Python or C++ highlighting (C++'s grammar loads when first used), undo
// history, bracket matching and auto-indent.  A compile's errors are marked where
// they are (@codemirror/lint: the range underlined, its message on hover, F8 to the
// next, Ctrl+Shift+M lists them) and their lines tinted.
// Tab indents; Escape then Tab moves the focus on, so the keyboard never gets stuck.
// The editor lives in a shadow root: there CodeMirror's styles go into a
// constructed style sheet, which the page's CSP (style-src 'self', no inline
// <style>) allows; in the document itself it would need an inline <style> tag.
import { Compartment, EditorState, StateEffect, StateField } from "@codemirror/state";
import { Decoration, EditorView, keymap, lineNumbers, drawSelection, highlightActiveLine,
  highlightActiveLineGutter } from "@codemirror/view";
import { defaultKeymap, history, historyKeymap, indentWithTab } from "@codemirror/commands";
import { syntaxHighlighting, HighlightStyle, indentOnInput, bracketMatching } from "@codemirror/language";
import { python } from "@codemirror/lang-python";
import { setDiagnostics, lintKeymap } from "@codemirror/lint";
import { tags } from "@lezer/highlight";
import { editorKeys } from "../page/shortcuts.js";

const pixelTheme = EditorView.theme({
  "&": { color: "#fff1e8", backgroundColor: "#10162e", fontSize: "14px", height: "100%" },
  ".cm-content": { fontFamily: "ui-monospace, 'DejaVu Sans Mono', monospace", caretColor: "#ffec27" },
  ".cm-cursor, .cm-dropCursor": { borderLeftColor: "#ffec27", borderLeftWidth: "2px" },
  "&.cm-focused": { outline: "2px solid #ffec27" },
  "&.cm-focused .cm-selectionBackground, .cm-selectionBackground, ::selection": { backgroundColor: "#3b4a7a" },
  ".cm-gutters": { backgroundColor: "#0b1022", color: "#a99fc0", border: "none" },
  ".cm-activeLine": { backgroundColor: "#1d2b5366" },
  ".cm-activeLineGutter": { backgroundColor: "#1d2b53", color: "#fff1e8" },
  ".cm-scroller": { overflow: "auto" },
  // A line with a compile error, and the error's own range.  Lint's default
  // underline is a data: SVG image, which the CSP (img-src 'self') refuses: a
  // wavy text decoration draws it instead.
  ".cm-errorLine": { backgroundColor: "#ff004d38", boxShadow: "inset 3px 0 #ff77a8" },
  ".cm-lintRange-error, .cm-lintRange-warning, .cm-lintRange-info, .cm-lintRange-hint": {
    backgroundImage: "none", textDecorationLine: "underline", textDecorationStyle: "wavy",
    textDecorationSkipInk: "none", textUnderlineOffset: "3px" },
  ".cm-lintRange-error": { textDecorationColor: "#ff77a8" },
  ".cm-lintRange-warning": { textDecorationColor: "#ffa300" },
  ".cm-lintRange-info, .cm-lintRange-hint": { textDecorationColor: "#a99fc0" },
  ".cm-lintRange-active": { backgroundColor: "#3b4a7a" },
  ".cm-lintPoint:after": { borderBottomColor: "#ff77a8" },
  ".cm-tooltip": { backgroundColor: "#0b1022", color: "#fff1e8", border: "2px solid #000" },
  ".cm-diagnostic": { fontFamily: "ui-monospace, 'DejaVu Sans Mono', monospace", fontSize: "13px", maxWidth: "60ch" },
  ".cm-diagnostic-error": { borderLeft: "5px solid #ff77a8" },
  ".cm-diagnostic-warning": { borderLeft: "5px solid #ffa300" },
  ".cm-diagnostic-info": { borderLeft: "5px solid #a99fc0" },
  ".cm-panels": { backgroundColor: "#0b1022", color: "#fff1e8" },
  ".cm-panel.cm-panel-lint ul [aria-selected]": { backgroundColor: "#1d2b53" },
}, { dark: true });

// The lines holding an error: tinted (a line decoration per line number, mapped through edits).
/** @type {import("@codemirror/state").StateEffectType<number[]>} */
const markLines = StateEffect.define();
const errorLines = StateField.define({
  create: () => Decoration.none,
  update(lines, tr) {
    let next = lines.map(tr.changes);
    for (const effect of tr.effects) {
      if (!effect.is(markLines)) continue;
      const mark = Decoration.line({ class: "cm-errorLine" });
      next = Decoration.set(effect.value.map((/** @type {number} */ line) => mark.range(tr.state.doc.line(line).from)));
    }
    return next;
  },
  provide: (field) => EditorView.decorations.from(field),
});

/** @typedef {"python" | "cpp"} Language */
/** @type {Record<Language, {label: string, load: () => Promise<import("@codemirror/state").Extension>}>} */
const LANGUAGES = {
  python: { label: "Python solution", load: async () => python() },
  cpp: { label: "C++ solution", load: async () => (await import("@codemirror/lang-cpp")).cpp() },
};

/**
 * A compiler's message: its line and column are 1-based (the column counts the
 * line's characters; clang counts bytes, the same for the ASCII most code is).
 * @typedef {{severity: string, line: number | null, column: number | null, message: string, source?: string}} Diagnostic
 */

/**
 * Where a diagnostic points: its column to the end of the word there (at least one
 * character while the line has one).  null for a line the text no longer has.
 * @param {EditorState} state @param {number} line @param {number} column
 */
function located(state, line, column) {
  if (!(line >= 1 && line <= state.doc.lines)) return null;
  const at = state.doc.line(line);
  const from = Math.min(at.to, at.from + Math.max(0, (column || 1) - 1));
  const word = state.wordAt(from);
  const to = word && word.from === from ? word.to : Math.min(at.to, from + 1);
  return { from: to > from ? from : Math.max(at.from, from - 1), to: Math.max(to, from) };
}

const pixelHighlight = HighlightStyle.define([
  { tag: tags.keyword, color: "#ff77a8" },
  { tag: [tags.string, tags.special(tags.string)], color: "#00e436" },
  { tag: [tags.number, tags.bool, tags.null], color: "#ffa300" },
  { tag: tags.comment, color: "#a99fc0", fontStyle: "italic" },
  { tag: [tags.function(tags.variableName), tags.function(tags.propertyName)], color: "#29adff" },
  { tag: [tags.definition(tags.variableName), tags.className], color: "#ffec27" },
  { tag: tags.operator, color: "#c2c3c7" },
]);

// Typed text that replaces a selection is applied by the editor itself.  CodeMirror
// otherwise lets the browser edit the DOM and reads the change back; over a selection
// that spans lines, Chromium's editing merges the lines and writes an inline style on
// the merged one, which the page's CSP (style-src 'self') refuses with two console
// errors (issue 19, defect 5).  Keys CodeMirror binds (Enter, Backspace, Delete) and
// paste never reach the browser's editing; composition (IME) is left to the browser.
const typeOverSelection = EditorView.domEventHandlers({
  beforeinput(event, view) {
    if (event.inputType !== "insertText" || event.isComposing || !event.data) return false;
    if (view.state.selection.ranges.every((r) => r.empty)) return false;
    event.preventDefault();
    view.dispatch(view.state.update(view.state.replaceSelection(event.data),
      { userEvent: "input.type", scrollIntoView: true }));
    return true;
  },
});


/**
 * The editor in `host`'s shadow root.
 * @param {HTMLElement} host
 * @param {{doc?: string, language?: Language, onChange?: (text: string) => void, onRun?: () => void,
 *   testid?: string, label?: string}} options  testid and label: the text area's (the lab's are its own)
 */
export async function createEditor(host, { doc = "", language = "python", onChange = () => {}, onRun = () => {},
  testid = "solution-code", label } = {}) {
  const root = host.shadowRoot || host.attachShadow({ mode: "open" });
  const grammar = new Compartment();
  const labelled = new Compartment();
  const undo = new Compartment();
  const contentAttributes = (/** @type {Language} */ lang) =>
    EditorView.contentAttributes.of({ "aria-label": label || LANGUAGES[lang].label, "data-testid": testid });
  let current = language;
  const view = new EditorView({
    parent: root,
    root,
    state: EditorState.create({
      doc,
      extensions: [
        lineNumbers(), highlightActiveLineGutter(), undo.of(history()), drawSelection(), indentOnInput(),
        bracketMatching(), highlightActiveLine(), grammar.of(await LANGUAGES[language].load()),
        syntaxHighlighting(pixelHighlight), pixelTheme, EditorState.tabSize.of(4), errorLines, typeOverSelection,
        keymap.of([...editorKeys({ run: onRun }),
          ...defaultKeymap, ...historyKeymap, ...lintKeymap, indentWithTab]),
        labelled.of(contentAttributes(language)),
        EditorView.updateListener.of((update) => { if (update.docChanged) onChange(update.state.doc.toString()); }),
      ],
    }),
  });
  return {
    view,
    get value() { return view.state.doc.toString(); },
    // Text the page puts in (a game's saved code, a link's proposal, Discard) starts a new
    // history: Undo never goes back across it, into code that was not this text's.
    set value(text) {
      view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: text }, effects: undo.reconfigure([]) });
      view.dispatch({ effects: undo.reconfigure(history()) });
    },
    focus() { view.focus(); },
    get language() { return current; },
    /** Highlights (and labels) the text as `lang`; the text itself stays. @param {Language} lang */
    async setLanguage(lang) {
      if (lang === current) return;
      current = lang;
      const extension = await LANGUAGES[lang].load();
      if (current !== lang) return;   // another switch came first
      view.dispatch({ effects: [grammar.reconfigure(extension), labelled.reconfigure(contentAttributes(lang))] });
    },
    /** Marks each diagnostic that has a line in the text (an empty list clears them). @param {Diagnostic[]} list */
    setDiagnostics(list) {
      const { state } = view;
      /** @type {import("@codemirror/lint").Diagnostic[]} */
      const marks = [];
      const lines = new Set();
      for (const d of list) {
        const at = d.line === null ? null : located(state, d.line, d.column ?? 1);
        if (!at) continue;
        const severity = d.severity === "error" || d.severity === "warning" ? d.severity : "info";
        marks.push({ ...at, severity, message: d.message, source: d.source || "clang++" });
        if (severity === "error") lines.add(/** @type {number} */ (d.line));
      }
      const spec = setDiagnostics(state, marks);
      view.dispatch({ ...spec, effects: [...[spec.effects ?? []].flat(), markLines.of([...lines].sort((a, b) => a - b))] });
    },
    /** Puts the cursor at line and column (1-based, clamped to the text), in view, and focuses the editor. */
    goTo(/** @type {number} */ line, /** @type {number} */ column) {
      const at = located(view.state, Math.min(Math.max(1, line), view.state.doc.lines), column);
      if (!at) return;
      view.dispatch({ selection: { anchor: at.from }, effects: EditorView.scrollIntoView(at.from, { y: "center" }) });
      view.focus();
    },
  };
}
