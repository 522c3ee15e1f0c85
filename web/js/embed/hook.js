// window.pixelJudge in the embed: the page's names for what the embed has
// (web/README.md, "The test hook"): `ready`, `state()` and `textBoxes()`.
import { client, engine, player, renderer, shown } from "./player.js";

/**
 * Publishes the hook; `ready` resolves once the first scene, or the reason it
 * cannot be shown, is on the stage.
 * @param {Promise<void>} ready
 * @param {() => boolean} inView  whether the frame is in view (autoplay's watch)
 */
export function publishHook(ready, inView) {
  Object.defineProperty(window, "pixelJudge", {
    value: Object.freeze({
      ready,
      state: () => ({
        game: shown.info ? shown.info.name : null,
        case: shown.caseIndex,
        step: player.index,
        steps: shown.frames.length,
        playing: player.playing,
        engine: engine(),
        boot: client.boot,
        error: shown.error,
        autoplay: shown.autoplay,
        inView: inView(),
      }),
      // The rectangle of every text on the stage now, in stage pixels (384 x 216).
      textBoxes: () => renderer.textBoxes(),
    }),
    enumerable: true,
  });
}
