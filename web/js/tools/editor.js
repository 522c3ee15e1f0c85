// The solution editor: CodeMirror 6 (served from the site through the import map)
// with Python highlighting, undo history, bracket matching and auto-indent.
// Tab indents; Escape then Tab moves the focus on, so the keyboard never gets stuck.
// The editor lives in a shadow root: there CodeMirror's styles go into a
// constructed style sheet, which the page's CSP (style-src 'self', no inline
// <style>) allows; in the document itself it would need an inline <style> tag.
import { EditorState } from "@codemirror/state";
import { EditorView, keymap, lineNumbers, drawSelection, highlightActiveLine, highlightActiveLineGutter } from "@codemirror/view";
import { defaultKeymap, history, historyKeymap, indentWithTab } from "@codemirror/commands";
import { syntaxHighlighting, HighlightStyle, indentOnInput, bracketMatching } from "@codemirror/language";
import { python } from "@codemirror/lang-python";
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
}, { dark: true });

const pixelHighlight = HighlightStyle.define([
  { tag: tags.keyword, color: "#ff77a8" },
  { tag: [tags.string, tags.special(tags.string)], color: "#00e436" },
  { tag: [tags.number, tags.bool, tags.null], color: "#ffa300" },
  { tag: tags.comment, color: "#a99fc0", fontStyle: "italic" },
  { tag: [tags.function(tags.variableName), tags.function(tags.propertyName)], color: "#29adff" },
  { tag: [tags.definition(tags.variableName), tags.className], color: "#ffec27" },
  { tag: tags.operator, color: "#c2c3c7" },
]);

export function createEditor(host, { doc = "", label = "Python solution", onChange = () => {}, onRun = () => {} } = {}) {
  const root = host.shadowRoot || host.attachShadow({ mode: "open" });
  const view = new EditorView({
    parent: root,
    root,
    state: EditorState.create({
      doc,
      extensions: [
        lineNumbers(), highlightActiveLineGutter(), history(), drawSelection(), indentOnInput(),
        bracketMatching(), highlightActiveLine(), python(), syntaxHighlighting(pixelHighlight),
        pixelTheme, EditorState.tabSize.of(4),
        keymap.of([...editorKeys({ run: onRun }),
          ...defaultKeymap, ...historyKeymap, indentWithTab]),
        EditorView.contentAttributes.of({ "aria-label": label, "data-testid": "solution-code" }),
        EditorView.updateListener.of((update) => { if (update.docChanged) onChange(update.state.doc.toString()); }),
      ],
    }),
  });
  return {
    view,
    get value() { return view.state.doc.toString(); },
    set value(text) {
      view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: text } });
    },
    focus() { view.focus(); },
  };
}
