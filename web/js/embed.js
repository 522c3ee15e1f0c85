// The embeddable player's entry (embed.html): one scene of a share link's
// fragment, its transport and narration, the host page's messages, autoplay.
// No input, tools or Explore: nothing here imports them.
import { actions, obey, onLoad, onStep, open, player, shown } from "./embed/player.js";
import { bindControls, el } from "./embed/view.js";
import { listen, reportSize, tell } from "./embed/host.js";
import { watchAutoplay } from "./embed/autoplay.js";
import { publishHook } from "./embed/hook.js";

bindControls(actions);

const autoplay = watchAutoplay(el.canvas, {
  loaded: () => shown.frames.length > 0,
  playing: () => player.playing,
  play: () => player.play(),
  pause: () => player.pause(),
});

listen(obey);

onStep((step, steps) => {
  if (shown.info) tell({ type: "step", game: shown.info.name, step, steps });
});
onLoad(() => {
  if (shown.frames.length && shown.autoplay) autoplay.sceneShown();
});
reportSize(el.controls);

const ready = open();
publishHook(ready, autoplay.inView);
addEventListener("hashchange", () => { open(); });
