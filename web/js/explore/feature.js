// The Explore feature on the page: mounts the view into #explore once the
// manifest is in, follows the game picker, hands a clicked deal to the player,
// and adds pixelJudge.explore / exploreState and Explore's share-link settings.
import { app } from "../page/state.js";
import { addHook } from "../page/hook.js";
import { onGameSelected } from "../page/input.js";
import { openInPlayer } from "../page/open-scene.js";
import { ExploreView } from "./view.js";

let view = null;

export function mountExplore() {
  view = new ExploreView({
    container: document.getElementById("explore"), client: app.client,
    games: () => app.games, currentGame: () => app.game,
    // The first deal of a clicked bucket becomes the input (the page's own) and is solved.
    openDeal: openInPlayer,
  });
  onGameSelected((info) => view.setGame(info));
  // Share links carry Explore's settings; a link's settings come back here.
  app.exploreLink = () => view.linkState();
  app.applyExploreLink = (settings) => view.applyLink(settings);
}

function mounted() {
  if (!view) throw new Error("the page is still starting");
  return view;
}

// Runs a study in the page's worker pool; resolves to the CLI's JSON.
addHook("explore", (game, settings = {}) => mounted().start({ ...settings, game }));
// The view now: {game, study, running, done, deals, result, plots: [{title, kind, regions}]}.
addHook("exploreState", () => mounted().state());
