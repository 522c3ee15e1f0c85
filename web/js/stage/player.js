// The player owns time: which frame is shown, whether it plays, how fast, and
// how far the tween into the current frame has got (t from 0 to 1).

const TWEEN_MS = 420;
const DWELL_MS = 380;

/**
 * Why the player tells its listener something changed.
 * @typedef {"load" | "seek" | "play" | "pause" | "speed" | "tween"} Change
 */

/** The player: the shown frame, play/pause, speed, the tween into the frame. */
export class Player {
  /**
   * @param {{ onChange?: (why: Change) => void, reducedMotion?: boolean }} [opts]  onChange hears
   *   every change, at every animation frame of a tween too ("tween")
   */
  constructor({ onChange = () => {}, reducedMotion = false } = {}) {
    this.onChange = onChange;
    this.reducedMotion = reducedMotion;
    this.count = 0;
    this.index = 0;
    this.t = 1;
    this.playing = false;
    this.speed = 1;
    this.clock = 0;
    this.raf = 0;
  }

  /**
   * A new line of `count` frames, shown at `index`.
   * @param {number} count
   * @param {number} [index]
   */
  load(count, index = 0) {
    this.pause(false);
    this.count = count;
    this.index = Math.max(0, Math.min(index, count - 1));
    this.t = 1;
    this.onChange("load");
  }

  get tweenMs() { return this.reducedMotion ? 0 : TWEEN_MS / this.speed; }
  get dwellMs() { return (this.reducedMotion ? TWEEN_MS + DWELL_MS : DWELL_MS) / this.speed; }

  /**
   * Shows frame `index` (clamped); `animate` tweens into it from the one shown.
   * @param {number} index
   * @param {{ animate?: boolean }} [opts]
   */
  seek(index, { animate = false } = {}) {
    if (!this.count) return;
    const next = Math.max(0, Math.min(index, this.count - 1));
    const moved = next !== this.index;
    this.index = next;
    this.t = animate && moved && !this.reducedMotion ? 0 : 1;
    this.clock = performance.now();
    if (this.t < 1) this.loop();
    this.onChange("seek");
  }

  /** @param {number} delta  frames to step (a step forward is animated) */
  step(delta) {
    this.pause(false);
    this.seek(this.index + delta, { animate: delta === 1 });
  }

  first() { this.pause(false); this.seek(0); }
  last() { this.pause(false); this.seek(this.count - 1); }

  play() {
    if (this.count < 2) return;
    if (this.index >= this.count - 1) this.seek(0);
    this.playing = true;
    this.clock = performance.now();
    this.onChange("play");
    this.loop();
  }

  /** @param {boolean} [notify]  tell the listener */
  pause(notify = true) {
    if (!this.playing) return;
    this.playing = false;
    if (notify) this.onChange("pause");
  }

  toggle() { if (this.playing) this.pause(); else this.play(); }

  /** @param {number} speed  1 is normal */
  setSpeed(speed) {
    this.speed = speed;
    this.onChange("speed");
  }

  loop() {
    if (this.raf) return;
    /** @param {number} now */
    const tick = (now) => {
      this.raf = 0;
      const elapsed = now - this.clock;
      if (this.t < 1) {
        this.t = this.tweenMs ? Math.min(1, elapsed / this.tweenMs) : 1;
        this.onChange("tween");
      }
      if (this.playing && this.t >= 1 && elapsed >= this.tweenMs + this.dwellMs) {
        if (this.index >= this.count - 1) {
          this.pause();
        } else {
          this.seek(this.index + 1, { animate: true });
        }
      }
      if (this.playing || this.t < 1) this.raf = requestAnimationFrame(tick);
    };
    this.raf = requestAnimationFrame(tick);
  }
}
