// The Explore feature on the page: mounts the view into #explore, follows the
// game picker, hands a clicked deal to the player, and hands back
// pixelJudge.explore / exploreState and Explore's share-link settings.  main.js
// loads it once the engine's first boot has ended (ready or failed).
import { app, gameInfo, on } from "../page/state.js";
import { ExploreView } from "./view.js";

/** @type {ExploreView | null} */
let view = null;

/**
 * Mounts the view; `openDeal` opens a clicked bucket's first deal in the player.
 * @param {(request: import("../page/types.js").OpenRequest) => Promise<unknown>} openDeal
 */
export function mountExplore(openDeal) {
  const container = document.getElementById("explore");
  if (!container) throw new Error("the page lacks its #explore");
  const shown = new ExploreView({
    container, client: app.client,
    games: () => app.games, currentGame: () => app.game,
    // The first deal of a clicked bucket becomes the input (the page's own) and is solved.
    openDeal,
  });
  view = shown;
  // Mounted after the engine's boot: the page shows a game already, and may change it.
  const info = gameInfo();
  if (info) shown.setGame(info);
  on("game", (next) => shown.setGame(next));
  // The plots draw their titles and axes: they draw again in a new language.
  on("language", () => shown.redraw());
}

/** Explore's settings for a share link (null while there is no view). */
export const exploreLink = () => (view ? view.linkState() : null);

/**
 * A link's Explore settings, applied to the view.
 * @param {object} settings
 */
export const applyExploreLink = (settings) => {
  if (view) view.applyLink(settings);
};

function mounted() {
  if (!view) throw new Error("the page is still starting");
  return view;
}

/** Explore's test hook functions (pixelJudge.explore, pixelJudge.exploreState). */
export const exploreHook = {
  // Runs a study in the page's worker pool; resolves to the CLI's JSON.
  explore: (/** @type {string} */ game, settings = {}) => mounted().start({ ...settings, game }),
  // The view now: {game, study, running, done, deals, result, plots: [{title, kind, regions}]}.
  exploreState: () => mounted().state(),
};
