// The pixel renderer: a fixed logical resolution, drawn crisp and scaled by an
// integer factor.  Scenes receive the drawing kit (`g`, kit/kit.js) and only draw
// the frame they are given; the renderer batches redraws with requestAnimationFrame.
import { FONT, HEIGHT, PAL, WIDTH, makeKit } from "./kit/index.js";

// The stage's size, font and palette, for the page around it (export, zoom, Explore's plots).
export { FONT, HEIGHT, PAL, WIDTH };

/** @typedef {import("./kit/kit.js").Kit} Kit */
/** @typedef {import("./kit/kit.js").TextBox} TextBox */
/** @typedef {import("./kit/kit.js").Words} Words */
/** @typedef {import("./types.js").Scene} Scene */
/** @typedef {import("./types.js").View} View */
/** A picture drawn with the kit in place of a scene's frame. @typedef {(g: Kit) => void} Still */

/** Draws the shown view on the page's canvas, fitted to its box, redrawn when asked. */
export class Renderer {
  /**
   * Draws into `canvas` (set to the stage's logical size) and keeps it fitted to its box.
   * @param {HTMLCanvasElement} canvas
   * @param {{ words: Words, reducedMotion?: boolean, fill?: boolean }} opts  words: the language's
   *   (every text the stage draws comes from them); fill: the CSS sizes the canvas (the
   *   embed fills its frame) at any factor: it is drawn at the whole multiple of the stage just over
   *   its device pixels, and the browser scales that down smoothly, so every stage pixel shows the
   *   same size (nearest-neighbour scaling by 1.5 makes every other pixel twice as wide)
   */
  constructor(canvas, { words, reducedMotion = false, fill = false }) {
    this.canvas = canvas;
    this.words = words;
    const ctx = canvas.getContext("2d", { alpha: false });
    if (!ctx) throw new Error("the stage needs a 2D canvas");
    this.ctx = ctx;
    this.reduced = reducedMotion;
    /** @type {Scene | null} */
    this.scene = null;
    /** @type {View | null} */
    this.view = null;
    /** @type {Still | null} */
    this.still = null;
    this.pending = 0;
    /** @type {TextBox[]} */
    this.boxes = [];
    /** The backing store's pixels per stage pixel. */
    this.factor = 1;
    canvas.width = WIDTH;
    canvas.height = HEIGHT;
    if (fill) {
      new ResizeObserver(() => this.resample()).observe(canvas);
    } else {
      this.fit();
      if (canvas.parentElement) new ResizeObserver(() => requestAnimationFrame(() => this.fit())).observe(canvas.parentElement);
    }
    // While a frame is shown, redraw a few times a second for blinking targets;
    // the idle screen (and the page while Pyodide boots) costs no redraws at all.
    if (!reducedMotion) {
      setInterval(() => {
        if (this.view && !document.hidden) this.request();
      }, 120);
    }
    this.request();
  }

  /** Asks for a redraw at the next animation frame (one, however often asked). */
  request() {
    if (this.pending) return;
    this.pending = requestAnimationFrame((now) => {
      this.pending = 0;
      this.draw(now);
    });
  }

  // The stage keeps its 16:9 shape at every width (the CSS gives the canvas
  // `width: 100%; aspect-ratio: 16 / 9`).  Where the room holds the stage at an
  // integer factor, it is drawn at the largest one, crisp; below 384 px it
  // fills the room with a smooth scale (`image-rendering: pixelated`).
  fit() {
    const box = this.canvas.parentElement;
    if (!box) return;
    const style = getComputedStyle(box);
    const room = box.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    const scale = Math.floor(room / WIDTH);
    this.canvas.style.width = scale >= 1 ? `${WIDTH * scale}px` : "";
    this.canvas.style.height = "";
  }

  // For `fill`: the backing store at the whole multiple of the stage that covers
  // the canvas's device pixels (at most 8).
  resample() {
    const factor = Math.max(1, Math.min(8, Math.ceil((this.canvas.clientWidth * devicePixelRatio) / WIDTH)));
    if (factor === this.factor) return;
    this.factor = factor;
    this.canvas.width = WIDTH * factor;
    this.canvas.height = HEIGHT * factor;
    this.draw();
  }

  /**
   * The text boxes of the stage as it is now (drawn afresh, so never stale).
   * @returns {TextBox[]}
   */
  textBoxes() {
    this.draw();
    return this.boxes.map((b) => ({ ...b }));
  }

  /**
   * Shows a view of a scene, or the idle screen for a null view.
   * @param {Scene | null} scene
   * @param {View | null} view
   */
  show(scene, view) {
    this.scene = scene;
    this.view = view;
    this.still = null;
    this.request();
  }

  /**
   * Shows a picture that is no frame of a scene (the embed's boot progress), in
   * place of the idle screen.  Like the idle screen it is drawn when shown (and
   * when its box changes), never on a timer: a page that boots Pyodide keeps its
   * main thread quiet.
   * @param {Still} still
   */
  showStill(still) {
    this.scene = null;
    this.view = null;
    this.still = still;
    this.request();
  }

  /** @param {number} [now] the clock the scene's blinks follow, in ms */
  draw(now = performance.now()) {
    this.ctx.setTransform(this.factor, 0, 0, this.factor, 0, 0);
    this.boxes = paint(this.ctx, this.scene, this.view, { now, reduced: this.reduced, words: this.words }, this.still || idle);
  }
}

/**
 * Draws one view (or, for a null view, the idle screen) into a 2D context of
 * WIDTH x HEIGHT and returns the text boxes drawn; also used off screen (GIF
 * and PNG export).  A scene that throws leaves its error on the stage.
 * @param {CanvasRenderingContext2D} ctx
 * @param {Scene | null} scene
 * @param {View | null} view
 * @param {{ words: Words, now?: number, reduced?: boolean }} clock  the words of the language to draw in
 * @param {Still} [still]  what a null view shows (the idle screen)
 * @returns {TextBox[]}
 */
export function paint(ctx, scene, view, { words, now = performance.now(), reduced = false }, still = idle) {
  ctx.imageSmoothingEnabled = false;
  /** @type {TextBox[]} */
  const boxes = [];
  const g = makeKit(ctx, { now, reduced, words }, boxes);
  try {
    if (scene && view) {
      scene.draw(g, view.frame, view.prev, view.t);
    } else {
      still(g);
    }
  } catch (err) {
    g.clear(PAL.black);
    g.text(g.t("ui.stage.scene_error"), 8, 8, PAL.red);
    g.text(String((err instanceof Error && err.message) || err).slice(0, 44), 8, 24, PAL.white);
    console.error(err);
  }
  return boxes;
}

/** @param {Kit} g */
function idle(g) {
  g.clear(PAL.navy);
  for (let i = 0; i < 12; i++) g.rect(i * 32 + 8, 24 + (i % 3) * 4, 16, 22, i % 2 ? PAL.red : PAL.white);
  g.text("PIXEL JUDGE", WIDTH / 2, 90, PAL.yellow, { align: "center", size: 16, shadow: PAL.black });
  g.text(g.t("ui.stage.idle.paste"), WIDTH / 2, 124, PAL.white, { align: "center" });
  g.text(g.t("ui.stage.idle.keys"), WIDTH / 2, 140, PAL.silver, { align: "center" });
}
