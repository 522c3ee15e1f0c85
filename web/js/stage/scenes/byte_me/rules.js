// Byte Me!'s rules box: the dealer's rules in order, the one that fired lit and
// the ones tried before it struck through, the sum under them; at the end the
// verdict in its place, with the exact output block.
import { PAL, plate } from "../../kit/index.js";

/** @typedef {import("../../kit/kit.js").Kit} Kit */

/** The rules box's place. */
const RULES_BOX = { x: 68, y: 54, w: 224, h: 64 };

/**
 * The rules box of the frame's state, lit for the frame's event.
 * @param {Kit} g
 * @param {any} s  the frame's state
 * @param {any} ev  the frame's event
 */
export function rulesBox(g, s, ev) {
  const { x, w } = RULES_BOX;
  // CJK lines (16 px) need the box's every line: the title goes (the numbers give the order),
  // the rules and the sum under them take 16 px each, and the box grows down to the players.
  const tall = g.tall;
  const y = tall ? 52 : RULES_BOX.y;
  const pitch = tall ? 16 : 10;
  const first = tall ? y + 2 : y + 14;
  const h = tall ? 4 + (s.rules.length + 1) * pitch : RULES_BOX.h;
  g.rect(x + 2, y + 2, w, h, PAL.black);
  g.rect(x, y, w, h, PAL.navy);
  g.box(x, y, w, h, PAL.silver);
  if (!tall) g.text(g.t("ui.stage.byte_me.rules"), x + w / 2, y + 3, PAL.silver, { align: "center" });
  const decided = ev && (ev.kind === "hit" || ev.kind === "stop") && ev.rule;
  const checked = decided ? ev.checked || [] : [];
  const conds = s.rules.map((r, k) => (decided && r.n === ev.rule ? ev.test : k < checked.length ? checked[k] : r.cond));
  // The action column starts a space after the longest condition, so the two never run together.
  const actionW = Math.max(...s.rules.map((/** @type {any} */ r) => g.textWidth(r.action)));
  const ax = Math.min(x + w - 4 - actionW, x + 21 + Math.max(...conds.map((/** @type {string} */ c) => g.textWidth(c))) + 8);
  s.rules.forEach((r, k) => {
    const ry = first + k * pitch;
    const fired = decided && r.n === ev.rule;
    const failed = k < checked.length;
    const cond = conds[k];
    if (fired) {
      const on = g.blink(260);
      g.rect(x + 2, ry - 1, w - 4, tall ? 17 : 10, on ? PAL.yellow : PAL.orange);
    }
    const fg = fired ? PAL.navy : failed ? PAL.lavender : PAL.white;
    g.text(String(r.n), x + 5, ry, fired ? PAL.navy : PAL.yellow);
    g.text(cond, x + 21, ry, fg);
    g.text(r.action, ax, ry, fired ? PAL.plum : failed ? PAL.lavender : PAL.peach);
    if (failed) g.rect(ax - 1, ry + 3, g.textWidth(r.action) + 2, 1, PAL.lavender);
  });
  const foot = footer(g, s, ev);
  if (foot) g.text(foot.text, x + w / 2, tall ? first + s.rules.length * pitch : y + h - 10, foot.color, { align: "center" });
}

/**
 * The sum under the rules: the dealer's two cards, the best player's target, a
 * hit's sum, or why the dealer stopped or bust.
 * @param {Kit} g
 * @param {any} s  the frame's state
 * @param {any} ev  the frame's event
 * @returns {{ text: string, color: string } | null}
 */
function footer(g, s, ev) {
  if (!ev) {
    const [a, b] = s.dealer.cards;
    return { text: g.t("ui.stage.byte_me.dealer_sum", { a: a.value, b: b.value, total: s.total }), color: PAL.white };
  }
  if (ev.kind === "deal") {
    const best = s.players.find((/** @type {any} */ p) => p.best);
    return { text: g.t("ui.stage.byte_me.best_sum", { face: ev.best_face, down: best.down.value, target: ev.target }), color: PAL.yellow };
  }
  if (ev.kind === "hit") return { text: `${ev.line} +${ev.card.value} = ${ev.to}`, color: PAL.green };
  if (ev.kind === "bust") return { text: ev.reason.toUpperCase(), color: PAL.red };
  if (ev.kind === "stop") return { text: ev.reason, color: ev.rule ? PAL.yellow : PAL.orange };
  return null;
}

/**
 * The target's name under the rules box, once the cards are dealt.
 * @param {Kit} g
 * @param {any} s  the frame's state
 * @param {number} [alpha]  how far it has faded in (nothing at 0)
 */
export function targetCaption(g, s, alpha = 1) {
  if (!s.dealt || alpha <= 0) return;
  g.text(s.meter.target.label, (RULES_BOX.x + RULES_BOX.x + RULES_BOX.w) / 2, RULES_BOX.y + RULES_BOX.h + 5, PAL.yellow, { align: "center", shadow: PAL.black });
}

/**
 * The verdict in the rules box's place: who won, both totals, the exact output
 * block; it opens from its middle line (`open` from 0 to 1).
 * @param {Kit} g
 * @param {any} s  the frame's state
 * @param {number} [open]
 */
export function verdict(g, s, open = 1) {
  const { x, w } = RULES_BOX;
  const h = 66;
  const y = RULES_BOX.y - 2;
  const color = { win: PAL.yellow, lose: PAL.silver, bust: PAL.red }[s.banner] || PAL.white;
  if (open < 1) {
    // The banner opens from its middle line before its text appears.
    const hh = Math.max(2, Math.round(h * open));
    plate(g, x, y + (h - hh) / 2, w, hh, color, { drop: 0 });
    return;
  }
  plate(g, x, y, w, h, color);
  g.text(s.outcome, x + 12, y + 10, color, { size: 16, shadow: PAL.black });
  g.text(g.t("ui.stage.byte_me.dealer", { total: s.totals.dealer }), x + 10, y + (g.tall ? 29 : 34), PAL.white);
  g.text(g.t("ui.stage.byte_me.verdict_best", { total: s.totals.best_player }), x + 10, y + (g.tall ? 46 : 46), PAL.yellow);
  // The exact output block for this data set.
  const lines = s.answer.split("\n").filter((l, k, all) => k < all.length - 1 || l);
  const bw = Math.max(...lines.map((/** @type {string} */ l) => g.textWidth(l))) + 8;
  const bh = lines.length * 9 + 5;
  const bx = x + w - bw - 6;
  const by = y + Math.max(4, Math.round((h - bh) / 2));
  if (bw < w - 100 && bh < h) {
    g.rect(bx, by, bw, bh, PAL.black);
    g.box(bx, by, bw, bh, PAL.slate);
    lines.forEach((line, k) => g.text(line, bx + 4, by + 3 + k * 9, k === lines.length - 1 ? color : PAL.white));
  }
}

/**
 * Sparkles over the verdict of a win.
 * @param {Kit} g
 */
export function sparkle(g) {
  const { x, y, w } = RULES_BOX;
  for (let k = 0; k < 10; k++) {
    if (!g.blink(170 + k * 23)) continue;
    const sx = x + 8 + ((k * 67 + Math.floor(g.now / 110) * 13) % (w - 16));
    const sy = y + 2 + ((k * 29) % 60);
    g.rect(sx, sy - 1, 1, 3, PAL.yellow);
    g.rect(sx - 1, sy, 3, 1, PAL.yellow);
  }
}
