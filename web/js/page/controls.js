// Turns clicks and keys into semantic events for the composition root.
// Keys: Left/Right step, Home/End jump, Space plays or pauses, Ctrl+Enter solves
// (SHORTCUTS.page in shortcuts.js).
import { shortcut } from "./shortcuts.js";

/**
 * The semantic events, each handled by one feature (main.js gathers them).
 * @typedef {object} Handlers
 * @property {() => unknown} solve
 * @property {() => unknown} cancel
 * @property {() => unknown} sample
 * @property {(value: string) => unknown} sampleChosen
 * @property {() => unknown} random
 * @property {() => unknown} first
 * @property {(delta: number) => unknown} step
 * @property {() => unknown} togglePlay
 * @property {() => unknown} last
 * @property {() => unknown} copyLink
 * @property {() => unknown} copyEmbed
 * @property {() => unknown} demo
 * @property {() => unknown} restore
 * @property {() => unknown} ownInput
 * @property {() => unknown} copyAnswer
 * @property {() => unknown} backToLine
 * @property {(name: string) => unknown} gameChosen
 * @property {(k: number) => unknown} caseChosen
 * @property {(step: number) => unknown} seek
 * @property {(speed: number) => unknown} speed
 * @property {(on: boolean) => unknown} sound
 * @property {() => unknown} inputEdited
 * @property {(side: string) => unknown} playAs
 * @property {(id: string) => unknown} move
 */

/**
 * Binds the page's controls and keys to `on`.
 * @param {import("./state.js").PageElements} el
 * @param {Handlers} on
 */
export function bindControls(el, on) {
  const click = (node, fn) => node.addEventListener("click", fn);
  click(el.solve, () => on.solve());
  click(el.cancel, () => on.cancel());
  click(el.sample, () => on.sample());
  el.sampleList.addEventListener("change", () => on.sampleChosen(el.sampleList.value));
  click(el.random, () => on.random());
  click(el.first, () => on.first());
  click(el.stepBack, () => on.step(-1));
  click(el.play, () => on.togglePlay());
  click(el.stepForward, () => on.step(1));
  click(el.last, () => on.last());
  click(el.copyLink, () => on.copyLink());
  click(el.copyEmbed, () => on.copyEmbed());
  click(el.demo, () => on.demo());
  click(el.restore, () => on.restore());
  click(el.ownInput, () => on.ownInput());
  click(el.copyAnswer, () => on.copyAnswer());
  click(el.backToLine, () => on.backToLine());
  el.game.addEventListener("change", () => on.gameChosen(el.game.value));
  el.caseSelect.addEventListener("change", () => on.caseChosen(Number(el.caseSelect.value)));
  el.scrubber.addEventListener("input", () => on.seek(Number(el.scrubber.value)));
  el.speed.addEventListener("input", () => on.speed(2 ** Number(el.speed.value)));
  el.sound.addEventListener("change", () => on.sound(el.sound.checked));
  el.input.addEventListener("input", () => on.inputEdited());
  el.playAs.addEventListener("change", () => on.playAs(el.playAs.value));
  el.moveList.addEventListener("click", (event) => {
    const button = event.target instanceof Element ? event.target.closest("button[data-move]") : null;
    if (button instanceof HTMLButtonElement && !button.disabled) on.move(button.dataset.move || "");
  });
  el.transcript.addEventListener("click", (event) => {
    const item = event.target instanceof Element ? event.target.closest("li[data-step]") : null;
    if (item instanceof HTMLElement) on.seek(Number(item.dataset.step));
  });

  // The keys are SHORTCUTS.page (shortcuts.js), the table the page's key list shows.
  const act = {
    solve: () => on.solve(), stepBack: () => on.step(-1), stepForward: () => on.step(1),
    first: () => on.first(), last: () => on.last(), togglePlay: () => on.togglePlay(),
  };
  document.addEventListener("keydown", (event) => {
    const action = shortcut("page", event);
    if (!action) return;
    const target = event.target instanceof Element ? event.target : null;
    if (action !== "solve" && target) {
      const typing = target.closest("textarea, input[type=number], input[type=text], select");
      if (typing) return;
      const isRange = target.matches("input[type=range]");
      if (isRange && action !== "togglePlay") return; // sliders keep their own arrow keys
      if (action === "togglePlay" && target.matches("button")) return; // Space presses the focused button
    }
    event.preventDefault();
    act[action]();
  });
}
