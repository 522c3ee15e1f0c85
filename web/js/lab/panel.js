// The lab panel's view: the elements of the "Game lab" tab (tools.js mounts it
// as a tab).  It builds the DOM and nothing else; controller.js owns the state
// and wires the events.  Every text from a user, a link or a program is set as
// text (dom.js h()).
import { h, field } from "../tools/dom.js";

/** The positions limit the field starts with (py_engines.lab DEFAULT_MAX_POSITIONS). */
export const DEFAULT_POSITIONS = 2_000_000;
/** The largest positions limit the field accepts. */
export const MAX_POSITIONS = 100_000_000;

/** The lab panel's elements, by role. */
export function labView() {
  const host = h("div", { class: "editor-host lab-editor", testid: "lab-editor" },
    h("p", { class: "hint", i18n: "ui.lab.loading" }));
  const template = h("select", { testid: "lab-template", i18nAttr: { "aria-label": "ui.lab.template_label" } });
  const input = h("textarea", { testid: "lab-input", rows: "4", spellcheck: "false", autocomplete: "off",
    i18nAttr: { "aria-label": "ui.lab.input_label" } });
  const positions = h("input", { type: "number", testid: "lab-limit", value: String(DEFAULT_POSITIONS), min: "1000",
    max: String(MAX_POSITIONS), step: "1000", inputmode: "numeric", i18nAttr: { "aria-label": "ui.lab.limit_label" } });
  const solve = h("button", { type: "button", class: "primary", testid: "lab-solve", i18n: "ui.lab.solve",
    i18nAttr: { title: "ui.lab.solve_title" } });
  const cancel = h("button", { type: "button", testid: "lab-cancel", disabled: true, i18n: "ui.tools.cancel" });
  const status = h("span", { class: "status", testid: "lab-status", role: "status", "aria-live": "polite" });
  const error = h("p", { class: "lab-error", testid: "lab-error", role: "alert", hidden: true });
  const keep = h("button", { type: "button", class: "primary", testid: "lab-keep", i18n: "ui.lab.keep" });
  const discard = h("button", { type: "button", testid: "lab-discard", i18n: "ui.lab.discard" });
  const keepRefused = h("span", { class: "status", testid: "lab-keep-refused", role: "status" });
  const proposal = h("div", { class: "proposal", testid: "lab-proposal", role: "alert", hidden: true },
    h("p", { i18n: "ui.lab.proposal" }), h("div", { class: "row" }, keep, discard, keepRefused));
  const root = h("div", { class: "tool-body lab", testid: "lab" },
    h("p", { class: "hint", i18n: "ui.lab.hint" }),
    h("div", { class: "row" }, field("ui.lab.template", template),
      h("a", { class: "lab-docs", href: "LAB.md", target: "_blank", rel: "noopener", testid: "lab-docs", i18n: "ui.lab.docs" })),
    proposal,
    host,
    field("ui.lab.input", input, "tool-field lab-input"),
    h("div", { class: "row" }, solve, cancel, field("ui.lab.limit", positions)),
    h("div", { class: "row" }, status),
    error);
  return { root, host, template, input, positions, solve, cancel, status, error, proposal, keep, discard, keepRefused };
}

/** @typedef {ReturnType<typeof labView>} LabView */
