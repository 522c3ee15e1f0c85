// The stage's one pixel kit: what every scene draws with.  Scenes import from
// here; `g`, the kit of one paint, comes from renderer.js's paint().
export { WIDTH, HEIGHT, FONT, PAL, SHADOW, ease, fade, lerp, phase, signed } from "./basics.js";
export { FONT_3X5, FONT_5X7, SUITS, SUITS_SMALL } from "./glyphs.js";
export { makeKit } from "./kit.js";
export { arrow, backCard, badge, banner, barHeight, caption, card, fit, plate, spaced, strip, tile } from "./pieces.js";
