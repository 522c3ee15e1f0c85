// House of Cards' table around the house: the scoreboard, the face-up draw
// row, both hold slots, and the final banner in the draw row's place.
import { PAL, backCard, banner, fade, signed, spaced, strip } from "../../kit/index.js";
import { CARD_H, CARD_W, CREAM, looseCard, playerInk, playerText } from "./cards.js";

/** @typedef {import("../../kit/kit.js").Kit} Kit */

const ROW_Y = 194;             // draw row (the next card is raised)
const PITCH = 14;
/** The scoreboard's height. */
export const HEADER = 22;
/** The scoreboard's height with CJK lines (two of 16 px). */
export const TALL_HEADER = 36;

/**
 * The scoreboard's height in the language shown.
 * @param {Kit} g
 */
export const headerHeight = (g) => (g.tall ? TALL_HEADER : HEADER);
/** @type {Record<string, { x: number, y: number }>} */
const SLOT = { Axel: { x: 4, y: 186 }, Birgit: { x: 328, y: 186 } };
const SLOT_W = 52;
const SLOT_H = 28;

/**
 * The scoreboard: both scores, then the turn and who moves (or the outcome).
 * @param {Kit} g
 * @param {any} s  the frame's state
 * @param {{ score?: { Axel: number, Birgit: number }, final?: boolean }} [opts]
 */
export function header(g, s, { score = s.score, final = false } = {}) {
  const [top, second, dotY] = g.tall ? [2, 19, 7] : [3, 13, 3];
  strip(g, 0, headerHeight(g), () => {
    spaced(g, [[[`AXEL ${score.Axel}`, PAL.red]], [[`BIRGIT ${score.Birgit}`, PAL.white]]], 192, top + (g.tall ? 4 : 0), { gap: 16, dotY: 3 });
    let line;
    if (final) {
      const o = s.outcome;
      const margin = o.winner ? g.t("ui.stage.house_of_cards.wins_by", { player: o.winner, points: Math.abs(o.value) })
        : g.t("ui.stage.house_of_cards.a_tie");
      line = [s.variation ? g.t("ui.stage.house_of_cards.this_line") : g.t("ui.stage.house_of_cards.final"), margin];
    }
    else if (s.to_move) {
      line = [g.t("ui.stage.house_of_cards.turn", { turn: s.turn + 1, turns: s.turns }),
        g.t("ui.stage.house_of_cards.to_move", { player: s.to_move })];
    }
    else line = [g.t("ui.stage.house_of_cards.turn", { turn: s.turns, turns: s.turns }), g.t("ui.stage.house_of_cards.no_cards")];
    const ink = final ? PAL.yellow : s.to_move ? playerText(s.to_move) : PAL.silver;
    spaced(g, [[[line[0], PAL.silver]], [[line[1], ink]]], 192, second, { gap: 16, dotY });
  });
  g.rect(0, headerHeight(g), g.W, 1, PAL.slate);
}

/** @param {number} turns */
function rowStart(turns) {
  return Math.round(192 - (turns * PITCH - 2) / 2);
}

/**
 * Where card `index` of the draw row lies (raised: the next card).
 * @param {any} s  the frame's state
 * @param {number} index
 * @param {boolean} raised
 */
export function drawRowPos(s, index, raised) {
  return { x: rowStart(s.turns) + index * PITCH, y: ROW_Y - (raised ? 6 : 0) };
}

/**
 * The draw row: the cards still to come, the next one raised; gaps where cards were.
 * @param {Kit} g
 * @param {any} s  the frame's state
 * @param {{ raiseNext?: boolean }} [opts]
 */
export function drawRow(g, s, { raiseNext = true } = {}) {
  const used = s.turns - s.draw_row.length;
  for (let i = 0; i < used; i++) {
    const { x } = drawRowPos(s, i, false);
    g.box(x + 2, ROW_Y + 6, CARD_W - 4, CARD_H - 12, fade(PAL.silver, 0.35));
  }
  s.draw_row.forEach((card, k) => {
    const raised = raiseNext && k === 0 && s.to_move;
    const { x, y } = drawRowPos(s, used + k, raised);
    looseCard(g, x, y, card, { glow: raised ? PAL.yellow : null });
  });
}

/** Where a held card lies. @param {string} name */
export function slotCardPos(name) {
  return { x: SLOT[name].x + 5, y: SLOT[name].y + 5 };
}

/**
 * A player's hold slot with its card; `flip` turns the card over (the end), `adjust` shows its points.
 * @param {Kit} g
 * @param {string} name
 * @param {string | null} card
 * @param {{ pulse?: boolean, flip?: number, adjust?: { points: number } | null }} [opts]
 */
export function holdSlot(g, name, card, { pulse = false, flip = 1, adjust = null } = {}) {
  const { x, y } = SLOT[name];
  const label = g.t("ui.stage.house_of_cards.holds", { player: name.toUpperCase() });
  g.text(label, name === "Axel" ? x : x + SLOT_W, g.tall ? 170 : 177, playerText(name), { align: name === "Axel" ? "left" : "right", shadow: name === "Axel" ? null : PAL.black });
  g.rect(x, y, SLOT_W, SLOT_H, PAL.lavender);
  const frame = pulse && g.blink(260) ? PAL.yellow : playerInk(name);
  g.box(x, y, SLOT_W, SLOT_H, frame, 2);
  const c = slotCardPos(name);
  if (!card) {
    g.box(c.x + 1, c.y + 1, CARD_W - 2, CARD_H - 2, PAL.navy);
    return;
  }
  if (flip < 1) {
    // a flip: the card narrows to an edge and opens again
    const k = Math.abs(Math.cos(flip * Math.PI));
    const w = Math.max(1, Math.round(CARD_W * k));
    const cx = c.x + (CARD_W - w) / 2;
    if (flip < 0.5) backCard(g, c.x, c.y, CARD_W, CARD_H, { fill: PAL.plum, border: PAL.pink, frame: PAL.pink });
    if (w > 2 && flip >= 0.5) looseCard(g, cx, c.y, card, { w });
    else if (w <= 2) g.rect(cx, c.y, w, CARD_H, CREAM);
  } else {
    looseCard(g, c.x, c.y, card);
  }
  if (adjust) {
    const v = adjust.points;
    g.text(signed(v), x + 21, y + 10, v >= 0 ? PAL.green : PAL.orange, { shadow: PAL.black });
  }
}

/**
 * The outcome in the (now empty) draw row's place: who wins and the exact output
 * line; `u` slides it up into place.
 * @param {Kit} g
 * @param {any} s  the frame's state
 * @param {number} [u]
 */
export function finalBanner(g, s, u = 1) {
  const o = s.outcome;
  const h = 30;
  const color = o.winner === "Axel" ? PAL.red : o.winner === "Birgit" ? PAL.silver : PAL.yellow;
  banner(g, o.winner ? g.t("ui.stage.house_of_cards.wins", { player: o.winner.toUpperCase() }) : g.t("ui.stage.house_of_cards.tie"), color, {
    y: Math.round(g.H - h - 1 + (1 - u) * 40), h, sub: s.played.trimEnd(), subColor: PAL.yellow,
    titleColor: o.winner === "Birgit" ? PAL.white : color, pad: 12, titleY: 3, subY: 20, fill: PAL.black, drop: 2,
    // A pixel under the hold slots' labels and at the stage's foot: its texts keep their own boxes.
    panel: false,
  });
}
