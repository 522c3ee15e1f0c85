// Every bitmap the stage draws: the pixel fonts and the sprites, as rows of
// "#" (a pixel drawn) and "." (left alone).  Nothing outside the kit holds a
// bitmap table (tests/test_stage_kit.py checks it).

/**
 * A bitmap font: every glyph has `rows` rows; a glyph's width is its rows' length.
 * @typedef {{ rows: number, glyphs: Readonly<Record<string, readonly string[]>> }} BitmapFont
 */

/**
 * The stage's small font, 3 x 5 pixels: card ranks where the served font has no
 * room ("10" on a 13 px card), the digits on small cards, the owners' tags.  The
 * "1" is two columns wide so "10" to "13" fit a small card.
 * @type {BitmapFont}
 */
export const FONT_3X5 = Object.freeze({
  rows: 5,
  glyphs: Object.freeze({
    0: ["###", "#.#", "#.#", "#.#", "###"],
    1: [".#", "##", ".#", ".#", ".#"],
    2: ["###", "..#", "###", "#..", "###"],
    3: ["###", "..#", ".##", "..#", "###"],
    4: ["#.#", "#.#", "###", "..#", "..#"],
    5: ["###", "#..", "###", "..#", "###"],
    6: ["###", "#..", "###", "#.#", "###"],
    7: ["###", "..#", "..#", "..#", "..#"],
    8: ["###", "#.#", "###", "#.#", "###"],
    9: ["###", "#.#", "###", "..#", "###"],
    A: [".#.", "#.#", "###", "#.#", "#.#"],
    B: ["##.", "#.#", "##.", "#.#", "##."],
  }),
});

/**
 * Digits 5 x 7 pixels ("1" three wide), for the ranks of the loose cards in House of Cards.
 * @type {BitmapFont}
 */
export const FONT_5X7 = Object.freeze({
  rows: 7,
  glyphs: Object.freeze({
    0: [".###.", "#...#", "#..##", "#.#.#", "##..#", "#...#", ".###."],
    1: [".#.", "##.", ".#.", ".#.", ".#.", ".#.", "###"],
    2: [".###.", "#...#", "....#", "...#.", "..#..", ".#...", "#####"],
    3: ["#####", "...#.", "..#..", "...#.", "....#", "#...#", ".###."],
    4: ["...#.", "..##.", ".#.#.", "#..#.", "#####", "...#.", "...#."],
    5: ["#####", "#....", "####.", "....#", "....#", "#...#", ".###."],
    6: ["..##.", ".#...", "#....", "####.", "#...#", "#...#", ".###."],
    7: ["#####", "....#", "...#.", "..#..", ".#...", ".#...", ".#..."],
    8: [".###.", "#...#", "#...#", ".###.", "#...#", "#...#", ".###."],
    9: [".###.", "#...#", "#...#", ".####", "....#", "...#.", ".##.."],
  }),
});

/**
 * The four suits, 7 x 7: Sevens' track cards and suit tiles.
 * @type {Readonly<Record<"S" | "H" | "C" | "D", readonly string[]>>}
 */
export const SUITS = Object.freeze({
  S: ["...#...", "..###..", ".#####.", "#######", "#######", "...#...", "..###.."],
  H: [".##.##.", "#######", "#######", "#######", ".#####.", "..###..", "...#..."],
  C: ["..###..", "..###..", "##.#.##", "#######", "##.#.##", "...#...", "..###.."],
  D: ["...#...", "..###..", ".#####.", "#######", ".#####.", "..###..", "...#..."],
});

/**
 * The four suits, 5 x 5: Sevens' hand cards, and House of Cards' colour pips (a
 * diamond for red, a spade for black, so the colours read without hue).
 * @type {Readonly<Record<"S" | "H" | "C" | "D", readonly string[]>>}
 */
export const SUITS_SMALL = Object.freeze({
  S: ["..#..", ".###.", "#####", "#####", "..#.."],
  H: [".#.#.", "#####", "#####", ".###.", "..#.."],
  C: [".###.", ".###.", "#####", "#.#.#", "..#.."],
  D: ["..#..", ".###.", "#####", ".###.", "..#.."],
});
