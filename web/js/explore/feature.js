// The Explore feature on the page: mounts the view into #explore once the
// manifest is in, follows the game picker, hands a clicked deal to the player,
// and adds pixelJudge.explore / exploreState and Explore's share-link settings.
import { app } from "../page.js";
import { addHook } from "../hook.js";
import { onGameSelected } from "../input.js";
import { openInPlayer } from "../open-scene.js";
import { ExploreView } from "./view.js";

let view = null;

// Explore hands over the first deal of a clicked bucket: it becomes the input and is solved.
const openDeal = ({ game, text, note }) => openInPlayer({ game, text, note });

export function mountExplore() {
  view = new ExploreView({
    container: document.getElementById("explore"), client: app.client,
    games: () => app.games, currentGame: () => app.game, openDeal,
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
