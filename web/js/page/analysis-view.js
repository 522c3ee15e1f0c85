// The analysis board of two-player games: the user's own moves (the steps they
// played, `app.solved.userSteps`) each marked best or with the value it lost and
// a lichess-style mark, listed as a variation apart from the engine's line, with
// a one-line summary.  pixelJudge.state().analysis lists the same marks.
import { app, el, gameInfo, on } from "./state.js";
import { addState } from "./hook.js";
import { analyse, summary } from "./analysis.js";
import { setPlain, setText } from "../i18n/dom.js";

/** The marks of the user's own moves in the shown line (none without any). */
function currentAnalysis() {
  const s = app.solved;
  if (!s || !s.userSteps || !s.userSteps.length) return [];
  const info = gameInfo(s.game);
  if (!info || !info.interactive) return [];
  return analyse(s.game, s.frames, s.userSteps);
}

function render() {
  const entries = currentAnalysis();
  const s = app.solved;
  el.analysisSummary.hidden = entries.length === 0;
  el.variation.hidden = entries.length === 0;
  if (!entries.length) {
    el.variation.replaceChildren();
    setPlain(el.analysisSummary, "");
    return;
  }
  setText(el.analysisSummary, "ui.analysis.summary", { step: entries[0].step, summary: summary(s.game, entries) });
  el.variation.replaceChildren(...entries.map((e) => {
    const frame = s.frames[e.step];
    const played = frame.values.find((v) => v.move === e.move);
    const best = frame.values.find((v) => v.best);
    const item = document.createElement("li");
    item.className = e.mark ? `mark-${e.mark.length === 2 && e.mark !== "?!" ? "blunder" : e.mark === "?" ? "mistake" : "dubious"}` : "mark-best";
    item.dataset.step = String(e.step);
    const move = document.createElement("b");
    move.textContent = `${played ? played.label : e.move}${e.mark}`;
    const cost = document.createElement("span");
    cost.className = "cost";
    if (e.loss) {
      setText(cost, "ui.analysis.cost", { loss: e.loss, best: best.label_msg || best.label, best_value: best.text_msg || best.text,
        yours: played.text_msg || played.text });
    } else setText(cost, "ui.analysis.best");
    const at = document.createElement("span");
    setText(at, "ui.analysis.step", { step: e.step });
    item.append(at, " ", move, " ", cost);
    return item;
  }));
}

on("step", () => render());
addState(() => ({ analysis: currentAnalysis() }));
