// The embeddable player's entry (embed.html): one scene of a share link's
// fragment, its transport and narration, the host page's messages, autoplay.
// No input, tools or Explore: nothing here imports them.
import { actions, onLoad, onStep, open, player, shown } from "./embed/player.js";
import { bindControls, el } from "./embed/view.js";
import { listen, reportSize, tell } from "./embed/host.js";
import { watchAutoplay } from "./embed/autoplay.js";
import { publishHook } from "./embed/hook.js";

/** @typedef {import("./embed/host.js").Command} Command */

// What the reader does by hand ends autoplay's hold on the scene.
const manual = {
  first: actions.first, last: actions.last, step: actions.step,
  togglePlay: actions.togglePlay,
};
bindControls(manual);

const autoplay = watchAutoplay(el.canvas, {
  loaded: () => shown.frames.length > 0,
  playing: () => player.playing,
  play: () => player.play(),
  pause: () => player.pause(),
});

// A command the host sent before the scene was shown waits for it.
/** @type {Command | null} */
let pending = null;
/** @param {Command} command */
function obey(command) {
  if (!shown.frames.length) {
    pending = command;
    return;
  }
  if (command.type === "play") player.play();
  else if (command.type === "pause") player.pause();
  else {
    player.pause();
    player.seek(command.step);
  }
}
listen(obey);

onStep((step, steps) => {
  if (shown.info) tell({ type: "step", game: shown.info.name, step, steps });
});
onLoad(() => {
  if (!shown.frames.length) return;
  if (shown.autoplay) autoplay.sceneShown();
  if (pending) obey(pending);
  pending = null;
});
reportSize(el.controls);

const ready = open();
publishHook(ready, autoplay.inView);
addEventListener("hashchange", () => { open(); });
