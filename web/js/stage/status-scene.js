// What the stage shows before a scene's first frame, drawn with the kit: the
// title, the game, and the boot's progress (a bar of blocks while the runtime
// downloads, a dimmed bar while the engine starts or solves), or a failure.  It
// never moves by itself: it is drawn again when what it says changes.
// It draws only the texts it is given: the words are its caller's.
import { HEIGHT, PAL, WIDTH, backCard } from "./kit/index.js";

/** @typedef {import("./kit/kit.js").Kit} Kit */

/**
 * What the status picture says.
 * @typedef {Object} Status
 * @property {string} title  the big line ("PIXEL JUDGE")
 * @property {string} game  the game's title, or ""
 * @property {string} label  what is happening ("LOADING PYTHON 2.1 / 4.3 MB")
 * @property {number | null} progress  from 0 to 1, or null while the length of the work is unknown
 * @property {boolean} [failed]  the scene cannot be shown: the title alone (the page says why)
 */

const BAR_X = 72;
const BAR_Y = 132;
const BAR_W = 240;
const BAR_H = 14;
const BLOCK = 8;            // a block and its gap, in stage pixels
const BLOCKS = (BAR_W - 4) / BLOCK;
const MAX_CHARS = 46;       // what a line of the 8 px font holds, with a margin

/**
 * Draws `status` on the whole stage.
 * @param {Kit} g
 * @param {Status} status
 */
export function drawStatus(g, status) {
  g.clear(PAL.navy);
  // A hand of face-down cards, fanned along the top.
  for (let i = 0; i < 9; i++) {
    const x = 52 + i * 32;
    backCard(g, x, 18 + Math.abs(4 - i) * 2, 22, 30,
      { fill: i % 2 ? PAL.plum : PAL.red, border: PAL.white, frame: PAL.peach, inset: 3, drop: true });
  }
  g.text(status.title, WIDTH / 2, 72, PAL.yellow, { align: "center", size: 16, shadow: PAL.black });
  if (status.game && !status.failed) g.text(cut(status.game), WIDTH / 2, 100, PAL.white, { align: "center" });
  // A failure's reason is the page's to show (as text, over the lower half).
  if (status.failed) return;
  g.rect(BAR_X, BAR_Y, BAR_W, BAR_H, PAL.black);
  g.box(BAR_X, BAR_Y, BAR_W, BAR_H, PAL.silver, 2);
  const inner = (k) => g.rect(BAR_X + 4 + k * BLOCK, BAR_Y + 4, BLOCK - 2, BAR_H - 8, PAL.green);
  if (status.progress === null) {
    // Work of unknown length: every other block, dimmed (the label says what goes on).
    for (let k = 0; k < BLOCKS; k += 2) g.rect(BAR_X + 4 + k * BLOCK, BAR_Y + 4, BLOCK - 2, BAR_H - 8, PAL.forest);
  } else {
    const done = Math.round(Math.max(0, Math.min(1, status.progress)) * BLOCKS);
    for (let k = 0; k < done; k++) inner(k);
  }
  g.text(cut(status.label), WIDTH / 2, BAR_Y + BAR_H + 10, PAL.silver, { align: "center" });
  g.rect(0, HEIGHT - 4, WIDTH, 4, PAL.black);
}

/** @param {string} text */
function cut(text) {
  return text.length > MAX_CHARS ? `${text.slice(0, MAX_CHARS - 3)}...` : text;
}
