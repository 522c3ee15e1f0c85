// Opens an input in the player from elsewhere on the page (a tool's failing
// case, generated test or shrunk input; an Explore deal): stops the demo,
// switches game, puts the text in the input (what the user typed stays
// restorable), solves it, shows the chosen case (at `step`) and brings the stage into view
// with the keyboard focus on it.
//   generated: the text is the page's own, not the user's (a later sample or
//              deal replaces it without offering to restore it);
//   note:      a few words put before the solve status ("Example deal of ...").
import { currentMsg, setText } from "../i18n/dom.js";
import { app, el, reducedMotion } from "./state.js";

/**
 * What opening a scene needs from the rest of the page (main.js hands it over).
 * @typedef {object} OpenNeeds
 * @property {() => void} stopDemo
 * @property {(name: string) => Promise<void>} selectGame
 * @property {(text: string) => void} replaceInput
 * @property {import("./types.js").Solve} solve
 */

/** @type {OpenNeeds} */
let needs;
/** @param {OpenNeeds} given */
export function connectOpenScene(given) {
  needs = given;
}

/** @param {import("./types.js").OpenRequest} request @returns {Promise<boolean>} true when the scene is shown */
export async function openInPlayer({ game, text, caseIndex = 0, step = 0, generated = true, note = "" }) {
  needs.stopDemo();
  if (game !== app.game) await needs.selectGame(game);
  needs.replaceInput(text);
  if (generated) app.lastGenerated = text;
  const shown = await needs.solve({ caseIndex, step });
  if (note) setText(el.solveStatus, "ui.solve.noted", { note, status: currentMsg(el.solveStatus) });
  el.canvas.focus({ preventScroll: true });
  el.canvas.scrollIntoView({ block: "nearest", behavior: reducedMotion ? "auto" : "smooth" });
  return shown;
}
