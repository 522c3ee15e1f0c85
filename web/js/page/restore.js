// What the page shows when it opens: the scene of a share link (a link beats
// anything stored), else the game, input and scene of the last visit.
import { app, el, stored } from "./state.js";

/** @typedef {import("./types.js").Linked} Linked */

/**
 * What restoring needs from the rest of the page (main.js hands it over).
 * @typedef {object} RestoreNeeds
 * @property {() => Promise<Linked | null>} readLink
 * @property {(name: string, options?: { keepInput?: boolean }) => Promise<void>} selectGame
 * @property {() => void} rememberInput
 * @property {import("./types.js").Solve} solve
 * @property {() => boolean} takeOver
 * @property {(tool: object) => void} openTool
 * @property {(settings: object) => void} applyExploreLink
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
  if (linked) {
    await openLinked(linked);
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
 * A link's scene goes on the page only if the engine accepts it.
 * @param {Linked} linked
 */
async function openLinked(linked) {
  const { rememberInput, selectGame, solve } = needs;
  if (linked.explore) needs.applyExploreLink(linked.explore);
  // A link may open a tool with its inputs filled in, once its input is accepted.
  const tool = () => (linked.tool ? needs.openTool(linked.tool) : null);
  if (!linked.text.trim()) return tool();   // an Explore or tool link may come without an input
  await solve({
    game: linked.game, text: linked.text, caseIndex: linked.caseIndex, step: linked.step,
    moves: linked.moves, userSteps: linked.userSteps || [], fromLink: true,
    accept: async () => {
      el.linkError.hidden = true;
      if (app.game !== linked.game) await selectGame(linked.game);
      el.input.value = linked.text;
      rememberInput();
      tool();
    },
  });
}

/** A link pasted into an open tab (only the fragment changes) opens like a fresh one. */
export async function openFragment() {
  const linked = await needs.readLink();
  if (linked) await openLinked(linked);
}
