// Kalah's board: where every pit lies for m cups a side, the wood, the holes,
// the stones, the cups' letters and locks.
import { PAL, fade } from "../../kit/index.js";

/**
 * A side's short name on the stage ("YOU", "OPP").
 * @param {import("../../kit/kit.js").Kit} g
 * @param {string} name  "You" or "Opponent"
 */
export function who(g, name) { return name === "You" ? g.t("ui.stage.kalah.you") : g.t("ui.stage.kalah.opp"); }

/** @typedef {import("../../kit/kit.js").Kit} Kit */
/**
 * A pit's rectangle on the board; `top` for the opponent's row of cups.
 * @typedef {{ x: number, y: number, w: number, h: number, cup: boolean, top?: boolean }} PitRect
 */

/** The board's browns. */
export const WOOD = { face: "#b5643a", grain: "#9c5030", edge: "#5e2c1b", rim: "#7a3a22", hole: "#2b1710", lip: "#43241a" };
const STONES = [PAL.white, PAL.yellow, PAL.green, PAL.blue, PAL.pink, PAL.orange, PAL.peach, PAL.lavender];

const BOARD = { x: 6, y: 28, w: 372, h: 151 };
const CUP_W = 46;
const CUP_H = 40;
/** The top of the opponent's row of cups. */
export const TOP_Y = 46;
/** The top of your row of cups. */
export const BOT_Y = 123;
const BOWL = { w: 40, y: 46, h: 117 };
const BOWL_X = { left: 14, right: 330 };
const CUP_AREA = { x0: 62, x1: 322 };

/** @param {number} m  cups a side */
function pitch(m) { return Math.min(80, (CUP_AREA.x1 - CUP_AREA.x0) / m); }

/**
 * @param {number} m
 * @param {number} slot  a cup's place in its row, from the left
 */
function slotX(m, slot) { return Math.round(192 + (slot - (m - 1) / 2) * pitch(m)); }

/**
 * The rectangle of pit p (your cups, your bowl, his cups, his bowl) on the board.
 * @param {number} m
 * @param {number} p
 * @returns {PitRect}
 */
export function pitRect(m, p) {
  if (p < m) return { x: slotX(m, p) - CUP_W / 2, y: BOT_Y, w: CUP_W, h: CUP_H, cup: true, top: false };
  if (p === m) return { x: BOWL_X.right, y: BOWL.y, w: BOWL.w, h: BOWL.h, cup: false };
  if (p < 2 * m + 1) return { x: slotX(m, 2 * m - p) - CUP_W / 2, y: TOP_Y, w: CUP_W, h: CUP_H, cup: true, top: true };
  return { x: BOWL_X.left, y: BOWL.y, w: BOWL.w, h: BOWL.h, cup: false };
}

/**
 * Where stones in flight leave from and land in pit p.
 * @param {number} m
 * @param {number} p
 */
export function pitCenter(m, p) {
  const r = pitRect(m, p);
  return { x: r.x + r.w / 2, y: r.cup ? r.y + 14 : r.y + r.h - 40 };
}

/**
 * Where stone k of a pit lies (cups: rows of 5 from the top; bowls: rows of 4 from the bottom).
 * @param {PitRect} r
 * @param {number} k
 */
function stoneSpot(r, k) {
  if (r.cup) {
    const row = Math.floor(k / 5);
    const col = k % 5;
    return { x: r.x + r.w / 2 - 14 + col * 6, y: r.y + 5 + row * 6 + (col % 2) };
  }
  const row = Math.floor(k / 4);
  const col = k % 4;
  return { x: r.x + r.w / 2 - 12 + col * 6 + (row % 2), y: r.y + r.h - 26 - row * 6 };
}

/**
 * A stone with its shadow; k picks its colour.
 * @param {Kit} g
 * @param {number} x
 * @param {number} y
 * @param {number} k
 * @param {number} [size]
 */
export function stone(g, x, y, k, size = 4) {
  g.rect(x + 1, y + 1, size, size, PAL.black);
  g.rect(x, y, size, size, STONES[k % STONES.length]);
}

/** @param {Kit} g */
function drawWood(g) {
  // Under a CJK line (16 px) above the board, its top rim is 6 px thinner.
  const cut = g.tall ? 6 : 0;
  const { x, w } = BOARD;
  const y = BOARD.y + cut;
  const h = BOARD.h - cut;
  g.rect(x + 3, y + 3, w, h, PAL.black);
  g.rect(x, y, w, h, WOOD.face);
  for (let k = 0; k < 9; k++) {
    const gy = y + 7 + k * 16 + (k % 3);
    for (let s = 0; s < 6; s++) {
      const gx = x + 4 + s * 62 + (k * 23) % 40;
      g.rect(gx, gy, Math.min(24 + (k * s) % 14, x + w - 4 - gx), 1, WOOD.grain);
    }
  }
  g.box(x, y, w, h, WOOD.edge, 2);
  g.box(x + 2, y + 2, w - 4, h - 4, WOOD.rim);
}

/**
 * A hole in the wood with rounded corners.
 * @param {Kit} g
 * @param {{ x: number, y: number, w: number, h: number }} r
 */
export function hole(g, r) {
  const { x, y, w, h } = r;
  g.rect(x + 2, y, w - 4, h, WOOD.lip);
  g.rect(x, y + 2, w, h - 4, WOOD.lip);
  g.rect(x + 1, y + 1, w - 2, h - 2, WOOD.lip);
  g.rect(x + 3, y + 2, w - 6, h - 4, WOOD.hole);
  g.rect(x + 2, y + 3, w - 4, h - 6, WOOD.hole);
}

/**
 * A pit with its stones and count; a bowl also shows whose it is.
 * @param {Kit} g
 * @param {number} m
 * @param {number} p
 * @param {number} count
 * @param {{ bowl: string, grey?: boolean }} opts  bowl: the bowl's owner ("YOU", "OPP"); grey: greyed out
 */
function drawPit(g, m, p, count, { bowl, grey = false }) {
  const r = pitRect(m, p);
  hole(g, r);
  for (let k = 0; k < count; k++) {
    const s = stoneSpot(r, k);
    stone(g, s.x, s.y, k + p * 3);
  }
  const color = count ? PAL.white : PAL.slate;
  if (r.cup) {
    g.text(String(count), r.x + r.w / 2, r.y + 27, color, { align: "center" });
  } else {
    g.text(bowl, r.x + r.w / 2, r.y + 6, PAL.silver, { align: "center" });
    g.text(String(count), r.x + r.w / 2, r.y + r.h - 12, color, { align: "center" });
  }
  if (grey) g.rect(r.x, r.y, r.w, r.h, fade(PAL.slate, 0.7));
}

/**
 * A padlock of pixels with the rounds it stays locked.
 * @param {Kit} g
 * @param {number} x
 * @param {number} y
 * @param {number} n
 */
function lockIcon(g, x, y, n) {
  g.rect(x + 1, y, 5, 1, PAL.silver);
  g.rect(x + 1, y, 1, 4, PAL.silver);
  g.rect(x + 5, y, 1, 4, PAL.silver);
  g.rect(x, y + 3, 7, 5, PAL.orange);
  g.rect(x + 3, y + 5, 1, 2, PAL.black);
  g.text(String(n), x + 9, y, PAL.orange);
}

/**
 * Every cup's letter beside it, with a padlock where the cup is locked.
 * @param {Kit} g
 * @param {any} s  the frame's state
 * @param {number[]} locks
 */
function cupLetters(g, s, locks) {
  const m = s.m;
  for (let p = 0; p < 2 * m + 2; p++) {
    if (p === m || p === 2 * m + 1) continue;
    const r = pitRect(m, p);
    const cx = r.x + r.w / 2;
    // Closer to their cups in a CJK layout: the lane between the rows holds taller badges.
    const y = r.top ? r.y + r.h + (g.tall ? 1 : 3) : r.y - (g.tall ? 9 : 11);
    g.text(s.labels[p], cx - 4, y, r.top ? PAL.peach : PAL.white);
    const j = p < m ? p : p - m - 1;
    if (locks[j] > 0) lockIcon(g, cx + 7, y, locks[j]);
  }
}

/**
 * An outline around pit p, `pad` px out.
 * @param {Kit} g
 * @param {number} m
 * @param {number} p
 * @param {string} color
 * @param {number} [width]
 * @param {number} [pad]
 */
export function outline(g, m, p, color, width = 2, pad = 2) {
  const r = pitRect(m, p);
  g.box(r.x - pad, r.y - pad, r.w + 2 * pad, r.h + 2 * pad, color, width);
}

/**
 * The board with every pit; `greyRow` greys a side's cups (a pass).
 * @param {Kit} g
 * @param {any} s  the frame's state
 * @param {{ pits?: number[], locks?: number[], greyRow?: string | null }} [opts]
 */
export function drawBoard(g, s, { pits = s.pits, locks = s.locks, greyRow = null } = {}) {
  const m = s.m;
  drawWood(g);
  for (let p = 0; p < 2 * m + 2; p++) {
    const isCup = p !== m && p !== 2 * m + 1;
    const grey = Boolean(isCup && greyRow && ((greyRow === "You") === (p < m)));
    drawPit(g, m, p, pits[p], { bowl: p === m ? who(g, "You") : who(g, "Opponent"), grey });
  }
  cupLetters(g, s, locks);
}
