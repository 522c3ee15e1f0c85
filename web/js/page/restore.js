// What the page shows when it opens: the scene of a share link (a link beats
// anything stored), else the link this tab showed before a reload, else the
// game, input and scene of the last visit.  A link's game and input are shown,
// never saved as the user's (input.js).
import { app, el, stored } from "./state.js";
import { loadLinkView, saveLinkView } from "./storage.js";

/** @typedef {import("./types.js").Linked} Linked */

/**
 * What restoring needs from the rest of the page (main.js hands it over).
 * @typedef {object} RestoreNeeds
 * @property {() => Promise<Linked | null>} readLink
 * @property {(name: string, options?: { keepInput?: boolean, fromLink?: boolean }) => Promise<void>} selectGame
 * @property {() => void} rememberInput
 * @property {(text: string, scene?: object) => void} showLinkedInput
 * @property {import("./types.js").Solve} solve
 * @property {() => boolean} takeOver
 * @property {(tool: object) => void} openTool
 * @property {(settings: object) => void} applyExploreLink
 * @property {(linked: Linked) => Promise<void>} openLab  a game lab link: its rules shown as a proposal (lab/)
 */

/** @type {RestoreNeeds} */
let needs;
/** @param {RestoreNeeds} given */
export function connectRestore(given) {
  needs = given;
}

/** Shows what the page opens with: a link's scene, else the last visit's. */
export async function restoreScene() {
  const { rememberInput, selectGame, solve } = needs;
  const linked = await needs.readLink();
  const initialGame = app.games.some((g) => g.name === stored.game) ? stored.game : app.games[0].name;
  // Text typed (or pasted) while the page was still loading beats the saved input.
  const typed = el.input.value;
  await selectGame(initialGame, { keepInput: false });
  if (typed.trim() && typed !== el.input.value) {
    // The saved input it replaces stays one click away ("Restore my input").
    if (el.input.value.trim()) {
      app.typed = { game: initialGame, text: el.input.value };
      el.restore.hidden = false;
    }
    el.input.value = typed;
    rememberInput();
  }
  // A Solve pressed while the page loaded (queued by early-solve.js) solves now.
  const queued = needs.takeOver();
  // The link this tab showed before a reload, unless the user has typed since.
  const view = linked || typed.trim() ? null : reloadedLink();
  if (!view) saveLinkView(null);
  if (linked || view) {
    await openLinked(linked || /** @type {Linked} */ (view), { quiet: !linked });
    if (queued && !app.solved) solve();
  } else if (queued) {
    solve();
  } else if (stored.scene && stored.scene.game === initialGame && stored.scene.text === el.input.value) {
    // The same scene as before the reload: show it again where the user was.
    const { caseIndex = 0, step = 0, moves = [], userSteps = [] } = stored.scene;
    solve({ caseIndex, step, moves, userSteps, quiet: true });
  }
}

/**
 * The link this tab showed before it was reloaded, as a link to open again, or null.
 * @returns {Linked | null}
 */
function reloadedLink() {
  const view = loadLinkView();
  if (!view || !app.games.some((g) => g.name === view.game)) return null;
  const scene = view.scene || {};
  const whole = (/** @type {unknown} */ n) => (Number.isSafeInteger(n) && Number(n) >= 0 ? Number(n) : 0);
  const strings = (/** @type {unknown} */ list) => (Array.isArray(list) ? list.filter((m) => typeof m === "string") : []);
  return { game: view.game, text: view.text, caseIndex: whole(scene.caseIndex), step: whole(scene.step),
    moves: strings(scene.moves), userSteps: Array.isArray(scene.userSteps) ? scene.userSteps.filter(Number.isSafeInteger) : [],
    explore: null, tool: null };
}

/**
 * A link's scene goes on the page only if the engine accepts it.
 * @param {Linked} linked
 * @param {{ quiet?: boolean }} [options]  quiet: a reload's (no status, no scrolling)
 */
async function openLinked(linked, { quiet = false } = {}) {
  const { selectGame, showLinkedInput, solve } = needs;
  if (linked.game === "lab") return needs.openLab(linked);   // nothing runs until the user keeps it
  if (linked.explore) needs.applyExploreLink(linked.explore);
  // A link may open a tool with its inputs filled in, once its input is accepted.
  const tool = () => (linked.tool ? needs.openTool(linked.tool) : null);
  if (!linked.text.trim()) return tool();   // an Explore or tool link may come without an input
  await solve({
    game: linked.game, text: linked.text, caseIndex: linked.caseIndex, step: linked.step,
    moves: linked.moves, userSteps: linked.userSteps || [], fromLink: true, quiet,
    accept: async () => {
      el.linkError.hidden = true;
      if (app.game !== linked.game) await selectGame(linked.game, { fromLink: true });
      // What the user typed for the game stays theirs: the link's input is only shown.
      const { caseIndex, step, moves, userSteps = [] } = linked;
      showLinkedInput(linked.text, { caseIndex, step, moves, userSteps });
      tool();
    },
  });
}

/** A link pasted into an open tab (only the fragment changes) opens like a fresh one. */
export async function openFragment() {
  const linked = await needs.readLink();
  if (linked) await openLinked(linked);
}
