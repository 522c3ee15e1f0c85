// House of Cards' side columns: the mover's moves with their exact values,
// what the other player just did (with the score it made), and the final tally.
import { PAL, badge, signed } from "../../kit/index.js";
import { isRed, miniCard, playerInk, playerText } from "./cards.js";
import { triangleOutline } from "./house.js";

/** @typedef {import("../../kit/kit.js").Kit} Kit */
/** @typedef {import("../../types.js").Frame} Frame */

const COL_W = 108;
/**
 * A panel's first line and its steps, in stage pixels: a CJK line is 16 px tall.
 * @param {Kit} g
 */
const rows = (g) => (g.tall
  ? { top: 42, tag: 18, line: 17, gap: 17, pick: 13, peek: 17 }
  : { top: 28, tag: 14, line: 13, gap: 11, pick: 13, peek: 16 });
/** @type {Record<string, number>} */
const COL_X = { Axel: 4, Birgit: 272 };

/**
 * A player's name on a bar in their colour, at the top of their column.
 * @param {Kit} g
 * @param {string} name
 * @param {number} y
 * @param {string} [text]  the tag's words (default: the name alone)
 */
function nameTag(g, name, y, text = name.toUpperCase()) {
  const x = COL_X[name];
  badge(g, x - 2, y - 2, text, {
    fill: playerInk(name), border: name === "Birgit" ? PAL.silver : null, w: COL_W, h: 12,
  });
}

/**
 * The mover's panel: every legal move with its exact value (Axel - Birgit).
 * @param {Kit} g
 * @param {Frame} frame
 * @param {{ chosen?: string | null }} [opts]  the move chosen, boxed
 */
export function movePanel(g, frame, { chosen = null } = {}) {
  const s = frame.state;
  const name = s.to_move;
  const x = COL_X[name];
  const R = rows(g);
  let y = R.top;
  nameTag(g, name, y, g.t("ui.stage.house_of_cards.moves", { player: name.toUpperCase() }));
  y += R.tag;
  g.text(g.t("ui.stage.house_of_cards.draws"), x, y + 1, PAL.silver);
  miniCard(g, x + 44, y, s.next);
  if (s.held[name]) {
    g.text(g.t("ui.stage.house_of_cards.has"), x + (g.tall ? 58 : 62), y + 1, PAL.silver);
    miniCard(g, x + (g.tall ? 92 : 88), y, s.held[name]);
  }
  y += R.line;
  g.text(g.t("ui.stage.house_of_cards.values"), x, y, PAL.lavender);
  y += R.gap;
  const values = frame.values || [];
  for (const c of s.choices) {
    const v = values.find((m) => m.move === c.move);
    if (!v) continue;
    const isChosen = chosen === c.move;
    // A row is as tall as its words: the hold's is 16 px in CJK, a place's 8.
    const hold = g.t("ui.stage.house_of_cards.hold");
    const tall = c.kind === "hold" && g.textHeight(hold) > 8;
    const h = tall ? 19 : 12;
    const mid = tall ? 4 : 0;
    if (v.best) g.rect(x - 2, y - 2, COL_W, h, PAL.forest);
    if (isChosen) g.box(x - 2, y - 2, COL_W, h, PAL.green);
    if (c.kind === "hold") {
      g.text(hold, x, y, PAL.white);
      y += mid;
    } else {
      triangleOutline(g, x + 3, y, 3, 7, c.target === "valley", PAL.yellow);
      g.text(String(c.place), x + 9, y, PAL.yellow);
    }
    if (c.kind === "peak") {
      miniCard(g, x + 34, y - 1, c.cards[0]);
      g.text("/", x + 45, y, PAL.silver);
      miniCard(g, x + 53, y - 1, c.cards[1]);
    } else {
      miniCard(g, x + 34, y - 1, c.cards[0]);
      if (c.kind === "floor" && c.keep && c.cards[0] !== s.next) g.text("H", x + 47, y, PAL.silver);
    }
    g.text(v.text, x + COL_W - 4, y, v.best ? PAL.yellow : PAL.white, { align: "right" });
    y += R.pick + (tall ? 17 - 13 - mid : 0);
  }
}

/**
 * The other column: what its player just did (or who starts).
 * @param {Kit} g
 * @param {Frame} frame
 * @param {string} name
 */
export function eventPanel(g, frame, name) {
  const ev = frame.event;
  const s = frame.state;
  const x = COL_X[name];
  const R = rows(g);
  let y = R.top;
  if (!ev) {
    g.rect(x - 2, y - 2, COL_W, g.tall ? 18 : 12, PAL.slate);
    g.text(g.t("ui.stage.house_of_cards.the_deal"), x + 1, y, PAL.white);
    y += R.peek;
    g.text(g.t("ui.stage.house_of_cards.peaks"), x, y, PAL.silver);
    y += g.tall ? 17 : 14;
    miniCard(g, x, y - 1, s.first_card);
    g.text(isRed(s.first_card) ? g.t("ui.stage.house_of_cards.is_red") : g.t("ui.stage.house_of_cards.is_black"), x + 15, y, PAL.white);
    y += R.line;
    g.text(g.t("ui.stage.house_of_cards.starts", { player: s.first.toUpperCase() }), x, y, playerText(s.first), { shadow: PAL.black });
    return;
  }
  if (ev.player !== name) return;
  nameTag(g, name, y, g.t("ui.stage.house_of_cards.played", { player: name.toUpperCase() }));
  y += R.peek + (g.tall ? 2 : 0);
  if (ev.kind === "hold") {
    g.text(g.t("ui.stage.house_of_cards.hold"), x, y, PAL.white);
    miniCard(g, x + 36, y - 1, ev.drawn);
    y += 2 * R.line;
    g.text(g.t("ui.stage.house_of_cards.no_points"), x, y, PAL.silver);
    return;
  }
  const tri = ev.triangle;
  triangleOutline(g, x + 3, y, 3, 7, tri.direction === "down", PAL.yellow);
  const where = tri.direction === "down" ? g.t("ui.stage.house_of_cards.floor", { level: tri.level, slot: tri.slot })
    : g.t("ui.stage.house_of_cards.peak", { level: tri.level, slot: tri.slot });
  g.text(where, x + 10, y, PAL.white);
  y += R.line;
  tri.cards.forEach((/** @type {string} */ c, /** @type {number} */ k) => miniCard(g, x + k * 14, y - 1, c));
  y += 14;
  scoreBadge(g, x, y, tri);
}

/**
 * What a triangle scored, and for whom.
 * @param {Kit} g
 * @param {any} tri  the event's triangle
 */
export function badgeText(g, tri) {
  return g.t("ui.stage.house_of_cards.points", { points: tri.points, player: tri.scorer.toUpperCase() });
}

/**
 * A triangle's score on a badge in the scorer's colour, its text's top left at (x, y).
 * @param {Kit} g
 * @param {number} x
 * @param {number} y
 * @param {any} tri  the event's triangle
 */
export function scoreBadge(g, x, y, tri) {
  badge(g, x - 1, y - 2, badgeText(g, tri), {
    fill: playerInk(tri.scorer), border: tri.scorer === "Axel" ? PAL.yellow : PAL.silver, h: 12,
  });
}

/**
 * A player's final tally: triangles, the held card's points, the total.
 * @param {Kit} g
 * @param {any} s  the frame's state
 * @param {string} name
 */
export function tallyPanel(g, s, name) {
  const x = COL_X[name];
  const R = rows(g);
  let y = R.top;
  nameTag(g, name, y);
  y += g.tall ? 19 : 15;
  g.text(g.t("ui.stage.house_of_cards.triangles"), x, y, PAL.silver);
  g.text(String(s.score[name]), x + COL_W - 4, y, PAL.white, { align: "right" });
  y += g.tall ? 17 : 12;
  const adj = (s.adjustments || []).find((/** @type {any} */ a) => a.player === name);
  g.text(g.t("ui.stage.house_of_cards.held"), x, y, PAL.silver);
  if (adj) {
    miniCard(g, x + 36, y - 1, adj.card);
    g.text(signed(adj.points), x + COL_W - 4, y, adj.points >= 0 ? PAL.green : PAL.orange, { align: "right" });
  } else {
    g.text("0", x + COL_W - 4, y, PAL.white, { align: "right" });
  }
  y += g.tall ? 17 : 10;
  g.rect(x, y, COL_W - 4, 1, PAL.silver);
  y += g.tall ? 2 : 4;
  g.text(g.t("ui.stage.house_of_cards.total"), x, y, PAL.white);
  g.text(String(s.final[name]), x + COL_W - 4, y, playerText(name), { align: "right", shadow: PAL.black });
}
