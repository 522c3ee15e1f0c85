// `autoplay=1`: the scene plays while the frame is in view (at least half of the
// stage showing) and pauses when it leaves; it resumes on coming back only if it
// was playing when it left, so a pause by the reader (or the host page), or the
// end of the line, holds.  Not with prefers-reduced-motion: the reader presses Play.

/**
 * @typedef {Object} Playback
 * @property {() => boolean} loaded  a scene is shown
 * @property {() => boolean} playing
 * @property {() => void} play
 * @property {() => void} pause
 */

/**
 * Starts watching `target`; returns `sceneShown`, to call when a scene has been
 * loaded (it plays at once if the frame is in view, else when it comes into view),
 * and `inView`, whether the frame is in view now.
 * @param {Element} target  the stage
 * @param {Playback} playback
 * @returns {{ sceneShown: () => void, inView: () => boolean }}
 */
export function watchAutoplay(target, playback) {
  let visible = false;
  // Play when (back) in view: at the start of a scene, or after leaving while playing.
  let resume = false;
  const observer = new IntersectionObserver((entries) => {
    const entry = entries[entries.length - 1];
    visible = entry.isIntersecting && entry.intersectionRatio >= 0.5;
    if (!playback.loaded()) return;
    if (visible && resume) {
      resume = false;
      playback.play();
    } else if (!visible && playback.playing()) {
      resume = true;
      playback.pause();
    }
  }, { threshold: [0, 0.5, 1] });
  observer.observe(target);
  return {
    sceneShown() {
      resume = !visible;
      if (visible) playback.play();
    },
    inView: () => visible,
  };
}
