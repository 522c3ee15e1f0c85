// The judge's comparator beside a verdict (My solution and Check): which judge the
// game's verdict follows and how it compares (py_engines/tools/compare.py: the
// engine's metadata is the one place), and the byte-for-byte reading one click
// away.  "accepted" + "DOMjudge ignores white space at line ends and at the end;
// byte for byte: presentation error at line 1" [Byte for byte].
import { h } from "./dom.js";
import * as judge from "./judge.js";
import { setMsg, setText } from "../i18n/dom.js";

/**
 * What a checked output says of its comparator: the bridge's check reply (or judgeRun's
 * result, which carries the same fields).
 * @typedef {{ comparator?: string, judge?: string,
 *   strict?: { verdict: string, line: number | null, message_msg?: import("../i18n/render.js").Msg | null } | null,
 *   note_msg?: import("../i18n/render.js").Msg | null }} Compared
 */

/**
 * The note and its byte-for-byte button; `prefix` names the test ids
 * (`${prefix}-judge-note`, `${prefix}-strict`, `${prefix}-strict-verdict`).
 * @param {string} prefix
 */
export function compareNote(prefix) {
  const note = h("span", { class: "judge-note", testid: `${prefix}-judge-note` });
  const button = h("button", { type: "button", class: "link-button", testid: `${prefix}-strict`, "aria-pressed": "false",
    i18nAttr: { title: "ui.judge_compare.strict_title" }, i18n: "ui.judge_compare.strict_button" });
  const reading = h("span", { class: "strict-verdict", testid: `${prefix}-strict-verdict`, hidden: true });
  const root = h("p", { class: "judge-compare hint", hidden: true }, note, " ", button, " ", reading);

  button.addEventListener("click", () => {
    const open = button.getAttribute("aria-pressed") !== "true";
    button.setAttribute("aria-pressed", String(open));
    reading.hidden = !open;
  });

  return {
    root,
    /** Shows what `result` says of its comparator (nothing when it says nothing). @param {Compared} result */
    show(result) {
      const strict = result.strict;
      if (!result.comparator || !strict) {
        root.hidden = true;
        return;
      }
      if (result.note_msg) setMsg(note, result.note_msg);
      else if (result.comparator === "trailing") setText(note, "ui.judge_compare.trailing", { judge: result.judge || "" });
      else if (result.judge) setText(note, "ui.judge_compare.exact", { judge: result.judge });
      else setText(note, "ui.judge_compare.exact_plain");
      // Its first difference in the checker's words ("presentation error at line 1, column 50: ...").
      if (strict.message_msg) setText(reading, "ui.judge_compare.strict_message", { message: strict.message_msg });
      else setText(reading, "ui.judge_compare.strict_verdict", { verdict: judge.verdictMsg(strict.verdict) });
      reading.hidden = button.getAttribute("aria-pressed") !== "true";
      root.hidden = false;
    },
    hide() {
      root.hidden = true;
    },
  };
}
