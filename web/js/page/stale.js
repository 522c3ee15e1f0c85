// Stale answers: once the input differs from the one solved, everything that
// belongs to the old input says so at once: a visible "input changed: Solve
// again", the answer and the stage dimmed, Copy link and Copy embed code off (they
// would share the old input).  The next solve of the shown input clears it.
import { app, el, on, LAB_GAME } from "./state.js";
import { addState } from "./hook.js";
import { setPlain } from "../i18n/dom.js";

/** Whether the shown answer and scene belong to another input than the one shown. */
function isStale() {
  const s = app.solved;
  // A lab scene belongs to the lab's own code and input, not to the judge input.
  if (s && s.game === LAB_GAME.name) return false;
  return Boolean(s) && (s.game !== app.game || s.text !== el.input.value);
}

function refreshStale() {
  const stale = isStale();
  el.stale.hidden = !stale;
  el.answer.classList.toggle("stale", stale);
  el.canvas.parentElement.classList.toggle("stale", stale);
  el.copyLink.disabled = stale || !app.solved;
  el.copyEmbed.disabled = stale || !app.solved || app.solved.game === LAB_GAME.name;   // lab scenes are not embedded
  if (stale) {
    el.linkText.hidden = true;
    el.embedText.hidden = true;
    setPlain(el.linkStatus, "");
    // The solve's own line (its time, the deal's seed) belongs to the old input.
    if (/^ui\.(solve\.solved|input\.random_status)/.test(el.solveStatus.dataset.i18n || "")) setPlain(el.solveStatus, "");
  }
}

on("input", refreshStale);
on("solved", refreshStale);
addState(() => ({ stale: isStale() }));
