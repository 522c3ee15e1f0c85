// The pixel renderer: a fixed logical resolution, drawn crisp and scaled by an
// integer factor.  Scenes receive a small drawing kit (`g`) and only draw the
// frame they are given; the renderer batches redraws with requestAnimationFrame.

export const WIDTH = 384;
export const HEIGHT = 216;
export const FONT = '"Press Start 2P", monospace';

// A 16-colour palette (the PICO-8 colours) with readable contrast on dark blue.
export const PAL = {
  black: "#000000", navy: "#1d2b53", plum: "#7e2553", forest: "#008751",
  brown: "#ab5236", slate: "#5f574f", silver: "#c2c3c7", white: "#fff1e8",
  red: "#ff004d", orange: "#ffa300", yellow: "#ffec27", green: "#00e436",
  blue: "#29adff", lavender: "#83769c", pink: "#ff77a8", peach: "#ffccaa",
};

export const ease = (t) => (t < 0.5 ? 2 * t * t : 1 - ((-2 * t + 2) ** 2) / 2);
export const lerp = (a, b, t) => a + (b - a) * t;

// Every text drawn in a frame leaves its rectangle (in stage pixels) in
// `boxes`, so tests can check that no two texts collide and none leaves the
// stage.  Press Start 2P is monospaced: a glyph is `size` px square.
function kit(ctx, now, reduced, boxes) {
  const panels = [];
  const g = {
    W: WIDTH, H: HEIGHT, ctx, now, reduced, PAL, ease, lerp, boxes,
    // Records the box of a text drawn by other means (pixel digits, sprites with letters).
    label(text, x, y, w, h) {
      boxes.push({ text: String(text), x: Math.round(x), y: Math.round(y), w: Math.round(w), h: Math.round(h) });
    },
    clear(color = PAL.navy) { ctx.fillStyle = color; ctx.fillRect(0, 0, WIDTH, HEIGHT); },
    rect(x, y, w, h, color) { ctx.fillStyle = color; ctx.fillRect(Math.round(x), Math.round(y), Math.round(w), Math.round(h)); },
    box(x, y, w, h, color, width = 1) {
      x = Math.round(x); y = Math.round(y); w = Math.round(w); h = Math.round(h);
      ctx.fillStyle = color;
      ctx.fillRect(x, y, w, width); ctx.fillRect(x, y + h - width, w, width);
      ctx.fillRect(x, y, width, h); ctx.fillRect(x + w - width, y, width, h);
    },
    // Text in the pixel font; size 8 or 16 keeps glyphs on the pixel grid.
    text(str, x, y, color = PAL.white, { align = "left", size = 8, shadow = null } = {}) {
      str = String(str);
      if (!str) return;
      const w = str.length * size;
      const left = align === "center" ? Math.round(x) - w / 2 : align === "right" ? Math.round(x) - w : Math.round(x);
      g.label(str, left, y, w + (shadow ? 1 : 0), size + (shadow ? 1 : 0));
      ctx.font = `${size}px ${FONT}`;
      ctx.textBaseline = "top";
      ctx.textAlign = align;
      if (shadow) { ctx.fillStyle = shadow; ctx.fillText(str, Math.round(x) + 1, Math.round(y) + 1); }
      ctx.fillStyle = color;
      ctx.fillText(str, Math.round(x), Math.round(y));
    },
    textWidth(str, size = 8) { return str.length * size; },
    // True on the "on" half of a blink; steady when motion is reduced.
    blink(period = 500) { return reduced || Math.floor(now / period) % 2 === 0; },
    // A card-like tile with a centred label.
    tile(x, y, w, h, label, { bg = PAL.white, fg = PAL.black, border = PAL.slate, size = 8 } = {}) {
      g.rect(x, y, w, h, bg);
      g.box(x, y, w, h, border);
      // The whole tile counts as the label's box: text over a card hides it.
      if (label !== undefined && label !== null && label !== "") {
        g.panel(x, y, w, h);
        g.text(String(label), x + w / 2, y + (h - size) / 2 + 1, fg, { align: "center", size });
        g.endPanel();
      }
    },
    banner(str, color, { y = HEIGHT / 2 - 14, sub = null } = {}) {
      const w = Math.max(str.length * 16, sub ? sub.length * 8 : 0) + 24;
      const h = sub ? 40 : 28;
      const x = (WIDTH - w) / 2;
      g.rect(x + 3, y + 3, w, h, PAL.black);
      g.rect(x, y, w, h, PAL.navy);
      g.box(x, y, w, h, color, 2);
      g.panel(x, y, w + 3, h + 3);
      g.text(str, WIDTH / 2, y + 6, color, { align: "center", size: 16 });
      if (sub) g.text(sub, WIDTH / 2, y + 26, PAL.white, { align: "center" });
      g.endPanel();
    },
    // A text panel (a status bar, a banner, a card with its label): the
    // texts drawn between panel() and endPanel() inside the rectangle become
    // one box, the panel's own, so a text reaching into the panel, or a panel
    // drawn over a text, counts as a collision.  An empty panel leaves no box.
    panel(x, y, w, h) {
      panels.push({ x: Math.round(x), y: Math.round(y), w: Math.round(w), h: Math.round(h), start: boxes.length });
    },
    endPanel() {
      const { start, ...z } = panels.pop();
      const drawn = boxes.splice(start);
      const inside = (b) => b.x >= z.x && b.y >= z.y && b.x + b.w <= z.x + z.w && b.y + b.h <= z.y + z.h;
      const held = drawn.filter(inside);
      boxes.push(...drawn.filter((b) => !inside(b)));
      if (held.length) boxes.push({ text: held.map((b) => b.text).join(" "), ...z });
    },
  };
  return g;
}

export class Renderer {
  constructor(canvas, { reducedMotion = false } = {}) {
    this.canvas = canvas;
    this.ctx = canvas.getContext("2d", { alpha: false });
    this.reduced = reducedMotion;
    this.scene = null;
    this.view = null;
    this.dirty = true;
    this.pending = 0;
    this.boxes = [];
    canvas.width = WIDTH;
    canvas.height = HEIGHT;
    this.fit();
    new ResizeObserver(() => this.fit()).observe(canvas.parentElement);
    // While a frame is shown, redraw a few times a second for blinking targets;
    // the idle screen (and the page while Pyodide boots) costs no redraws at all.
    this.blinkTimer = reducedMotion ? 0 : setInterval(() => {
      if (this.view && !document.hidden) this.request();
    }, 120);
    this.request();
  }

  request() {
    this.dirty = true;
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
    const style = getComputedStyle(box);
    const room = box.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    const scale = Math.floor(room / WIDTH);
    this.canvas.style.width = scale >= 1 ? `${WIDTH * scale}px` : "";
    this.canvas.style.height = "";
  }

  // The text boxes of the stage as it is now (drawn afresh, so never stale).
  textBoxes() {
    this.draw();
    return this.boxes.map((b) => ({ ...b }));
  }

  // view: {frame, prev, t} or null for the idle screen.
  show(scene, view) {
    this.scene = scene;
    this.view = view;
    this.request();
  }

  draw(now = performance.now()) {
    this.dirty = false;
    this.boxes = paint(this.ctx, this.scene, this.view, { now, reduced: this.reduced });
  }
}

// Draws one view ({frame, prev, t}, or null for the idle screen) into a 2D
// context of WIDTH x HEIGHT and returns the text boxes drawn; also used off
// screen (GIF and PNG export).
export function paint(ctx, scene, view, { now = performance.now(), reduced = false } = {}) {
  ctx.imageSmoothingEnabled = false;
  const boxes = [];
  const g = kit(ctx, now, reduced, boxes);
  try {
    if (scene && view) {
      scene.draw(g, view.frame, view.prev, view.t);
    } else {
      idle(g);
    }
  } catch (err) {
    g.clear(PAL.black);
    g.text("scene error", 8, 8, PAL.red);
    g.text(String(err.message || err).slice(0, 44), 8, 24, PAL.white);
    console.error(err);
  }
  return boxes;
}

function idle(g) {
  g.clear(PAL.navy);
  for (let i = 0; i < 12; i++) g.rect(i * 32 + 8, 24 + (i % 3) * 4, 16, 22, i % 2 ? PAL.red : PAL.white);
  g.text("PIXEL JUDGE", WIDTH / 2, 90, PAL.yellow, { align: "center", size: 16, shadow: PAL.black });
  g.text("paste an input, press SOLVE", WIDTH / 2, 124, PAL.white, { align: "center" });
  g.text("Ctrl+Enter solves", WIDTH / 2, 140, PAL.silver, { align: "center" });
}
