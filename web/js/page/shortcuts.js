/**
 * Every key the page handles, in one table.  The page's own keys (controls.js),
 * the tools' tab list, Explore's plots and the solution editor each look their
 * keys up here, and the key list on the page (`[data-testid=keys]`, each key
 * marked with its `data-key`) lists exactly this table: a test holds the two
 * together, so no shortcut can go unlisted.  Keys are KeyboardEvent.key values;
 * "Mod+" means Ctrl (or ⌘ on a Mac).  early-solve.js, a classic script that runs
 * before any module, queues the page's "Mod+Enter" (solve) the same way.
 */
export const SHORTCUTS = Object.freeze({
  // Anywhere on the page, outside text fields (Mod+Enter works in them too).
  page: Object.freeze({
    ArrowLeft: "stepBack", ArrowRight: "stepForward", Home: "first", End: "last", " ": "togglePlay",
    "Mod+Enter": "solve",
  }),
  // On the tools' tab list.
  tabs: Object.freeze({ ArrowLeft: "previous", ArrowRight: "next", Home: "first", End: "last" }),
  // On a focused Explore plot.
  plot: Object.freeze({ ArrowLeft: "previous", ArrowRight: "next", Enter: "open", " ": "open" }),
  // In the solution editor (CodeMirror's own editing keys aside).
  editor: Object.freeze({ "Mod+Enter": "run" }),
});

/**
 * A key press in the table's terms: "Mod+Enter", "Alt+ArrowLeft", "ArrowLeft".
 * @param {KeyboardEvent} event
 * @returns {string}
 */
export function keyName(event) {
  const mod = event.ctrlKey || event.metaKey ? "Mod+" : "";
  return `${mod}${event.altKey ? "Alt+" : ""}${event.key}`;
}

/**
 * The action a key press has in `scope`, or null.
 * @param {string} scope
 * @param {KeyboardEvent} event
 * @returns {string | null}
 */
export function shortcut(scope, event) {
  return SHORTCUTS[scope][keyName(event)] || null;
}

// CodeMirror spells "Mod+Enter" as "Mod-Enter": the editor's keymap entries.
/**
 * The editor's keys (SHORTCUTS.editor) as CodeMirror key bindings running `actions`.
 * @param {Record<string, () => unknown>} actions
 */
export function editorKeys(actions) {
  return Object.entries(SHORTCUTS.editor).map(([key, action]) => ({
    key: key.replace(/\+/g, "-"),
    run: () => { actions[action](); return true; },
  }));
}
