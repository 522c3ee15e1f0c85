// Check: paste a program's output for the current input; a verdict per case,
// the first differing line and column marked in both texts, and a click on a
// failing case opens its scene in the player.
import { h, showFailure } from "./dom.js";
import { compareNote } from "./compare-note.js";
import * as judge from "./judge.js";
import { setPlain, setText } from "../i18n/dom.js";

/** @param {import("./tools.js").ToolContext} ctx */
export function checkPanel(ctx) {
  const output = h("textarea", { testid: "check-output", spellcheck: "false", autocomplete: "off",
    i18nAttr: { "aria-label": "ui.check.output_label", placeholder: "ui.check.output_placeholder" } });
  const strict = h("input", { type: "checkbox", testid: "check-strict" });
  const run = h("button", { type: "button", class: "primary", testid: "check-run", i18n: "ui.check.run" });
  const status = h("span", { class: "status", testid: "check-status", role: "status", "aria-live": "polite" });
  const summary = h("p", { class: "tool-summary", testid: "check-summary", hidden: true });
  const results = h("ol", { class: "check-cases", testid: "check-results" });
  const compared = compareNote("check");
  const root = h("div", { class: "tool-body" },
    h("p", { class: "hint", i18n: "ui.check.hint" }),
    output,
    h("div", { class: "row" }, run,
      h("label", { class: "toggle" }, strict, " ", h("span", { i18n: "ui.check.strict" })), status),
    summary, compared.root, results);

  async function runCheck() {
    const game = ctx.game();
    const input = ctx.input();
    results.replaceChildren();
    summary.hidden = true;
    compared.hide();
    if (!input.trim()) {
      setText(status, "ui.check.empty");
      return;
    }
    run.disabled = true;
    setText(status, "ui.check.checking");
    try {
      const reply = await judge.check(ctx.client, game, input, output.value, { strict: strict.checked });
      setPlain(status, "");
      show(reply, game, input);
    } catch (err) {
      showFailure(status, err, "ui.check.cannot");
    } finally {
      run.disabled = false;
    }
  }

  function show(reply, game, input) {
    const verdict = judge.overall(reply.cases);
    setText(summary, "ui.check.summary", { verdict: judge.verdictMsg(verdict), accepted: reply.accepted, count: reply.total });
    summary.dataset.verdict = verdict;
    summary.hidden = false;
    compared.show(reply);
    results.replaceChildren(...reply.cases.map((c) => caseRow(c, game, input)));
  }

  function caseRow(c, game, input) {
    const label = { case: c.case, verdict: judge.verdictMsg(c.verdict) };
    const item = h("li", { class: `check-case ${c.verdict}`, "data-verdict": c.verdict });
    if (c.verdict === "accepted") {
      item.append(h("span", { class: "verdict-text", i18n: "ui.check.case", i18nParams: { case: label.case, verdict: label.verdict } }));
      return item;
    }
    // A failing case opens its scene (the case picker starts at 0).
    const open = h("button", { type: "button", class: "case-open", testid: "check-open-case",
      i18nAttr: { title: "ui.check.open_case" }, i18n: "ui.check.case", i18nParams: { case: label.case, verdict: label.verdict } });
    open.addEventListener("click", () => ctx.openScene({ game, text: input, caseIndex: c.case - 1 }));
    item.append(open);
    if (c.message_msg) item.append(h("p", { class: "check-message", msg: c.message_msg }));
    else if (c.message) item.append(h("p", { class: "check-message" }, c.message));
    if (c.line) {
      item.append(h("div", { class: "diff" },
        diffLine("expected", c.expected, c.line, c.column),
        diffLine("got", c.got, c.line, c.column)));
      const mark = h("button", { type: "button", class: "link-button", i18n: "ui.check.show_position", i18nParams: { line: c.line, column: c.column } });
      mark.addEventListener("click", () => selectAt(output, c.line, c.column));
      item.append(mark);
    }
    return item;
  }

  run.addEventListener("click", runCheck);
  // The byte-for-byte reading (or the judge's again) at once, when a verdict is shown.
  strict.addEventListener("change", () => { if (!summary.hidden && !run.disabled) runCheck(); });
  return {
    title: "ui.check.title", root,
    fill(params) {
      if (typeof params.output === "string") output.value = params.output;
      if (params.strict !== undefined) strict.checked = Boolean(params.strict);
    },
    params: () => ({ output: output.value, strict: strict.checked }),
    run: runCheck,
  };
}

// One side of a difference: the line's text with the first differing column marked.
function diffLine(label, text, line, column) {
  const row = h("div", { class: `diff-line ${label}` }, label === "got"
    ? h("span", { class: "diff-label", i18n: "ui.check.got_line", i18nParams: { line } })
    : h("span", { class: "diff-label", i18n: "ui.check.expected_line", i18nParams: { line } }));
  const code = h("code", { testid: `diff-${label}` });
  if (text === null || text === undefined) {
    code.append(h("em", { i18n: label === "got" ? "ui.check.output_ends" : "ui.check.answer_ends" }));
  } else {
    const at = Math.max(0, Math.min((column || 1) - 1, text.length));
    code.append(text.slice(0, at), h("mark", {}, text.slice(at, at + 1) || " "), text.slice(at + 1));
  }
  row.append(code);
  return row;
}

function selectAt(textarea, line, column) {
  const lines = textarea.value.split("\n");
  let offset = 0;
  for (let k = 0; k < line - 1 && k < lines.length; k++) offset += lines[k].length + 1;
  const start = Math.min(textarea.value.length, offset + Math.max(0, column - 1));
  textarea.focus();
  textarea.setSelectionRange(start, Math.min(textarea.value.length, start + 1));
}

// The hook's shape: {cases: [{case, verdict, line, column, expected, got}], accepted, total, comparator,
// judge, strict: {verdict, line}} (comparator: "trailing" or "exact", the game's judge's; strict: the
// byte-for-byte reading, line null when accepted).
/** @param {import("./tools.js").ToolContext} ctx */
export async function checkHook(ctx, game, input, output) {
  const reply = await judge.check(ctx.client, game, input, output);
  return {
    cases: reply.cases.map((c) => ({ case: c.case, verdict: c.verdict, line: c.line, column: c.column,
      expected: c.expected, got: c.got })),
    accepted: reply.accepted,
    total: reply.total,
    comparator: reply.comparator,
    judge: reply.judge,
    strict: { verdict: reply.strict.verdict, line: reply.strict.line },
  };
}
