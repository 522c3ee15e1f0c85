// Sevens' input tool: a 4 x 13 grid of toggle buttons, one per card, that
// writes Alice's hand into the textarea (the textarea stays the input's one
// source: sync() reads it back).
import { RED_SUITS } from "./cards.js";
import { setAttrs, setText } from "../../../i18n/dom.js";

// Each suit's letter, sign and name (the engines' catalog names the suits).
const TOOL_SUITS = [["S", "\u2660", "sevens.suit.spades"], ["H", "\u2665", "sevens.suit.hearts"], ["C", "\u2663", "sevens.suit.clubs"], ["D", "\u2666", "sevens.suit.diamonds"]];
const HAND_SIZE = 26;
const TOKEN = /^[SHCD](?:[1-9]|1[0-3])$/;

/**
 * @param {string} tag
 * @param {Record<string, string>} [attrs]
 * @param {string | null} [text]
 * @returns {HTMLElement}
 */
/**
 * @template {keyof HTMLElementTagNameMap} K
 * @param {K} tag
 * @param {Record<string, string>} [attrs]
 * @param {string | null} [text]
 * @returns {HTMLElementTagNameMap[K]}
 */
function el(tag, attrs = {}, text = null) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  if (text !== null) node.textContent = text;
  return node;
}

/**
 * A 4 x 13 grid of toggle buttons: pressed cards are Alice's hand, the other
 * 26 go to Bob.  Clicking writes the hand into the textarea in suit and rank
 * order; sync() reflects whatever card tokens the textarea holds.
 * @param {HTMLElement} container
 * @param {{ write: (text: string) => void }} io
 * @returns {{ sync: (text: string) => void }}
 */
export function inputTool(container, { write }) {
  const order = TOOL_SUITS.flatMap(([suit]) => Array.from({ length: 13 }, (_, k) => `${suit}${k + 1}`));
  const chosen = new Set();
  const buttons = new Map();

  const root = el("div", { class: "tool" });
  const head = el("div", { class: "tool-head" });
  const count = el("span", { class: "tool-count", "data-testid": "hand-count", role: "status", "aria-live": "polite" });
  const clear = el("button", { type: "button", "data-testid": "hand-clear" });
  setText(clear, "ui.sevens_tool.clear");
  setAttrs(clear, { title: "ui.sevens_tool.clear_title" });
  const swap = el("button", { type: "button", "data-testid": "hand-swap" });
  setText(swap, "ui.sevens_tool.swap");
  setAttrs(swap, { title: "ui.sevens_tool.swap_title" });
  head.append(count, clear, swap);

  const grid = el("div", { class: "tool-grid", role: "group" });
  setAttrs(grid, { "aria-label": "ui.sevens_tool.grid" });
  for (const [suit, symbol, name] of TOOL_SUITS) {
    const sign = el("span", { class: `tool-label${RED_SUITS.has(suit) ? " red" : ""}`, "aria-hidden": "true" }, symbol);
    setAttrs(sign, { title: "ui.tools.reason" }, { reason: { id: name, params: {} } });
    grid.append(sign);
    for (let k = 1; k <= 13; k++) {
      const card = `${suit}${k}`;
      const button = el("button", {
        type: "button", class: `tool-toggle${RED_SUITS.has(suit) ? " red" : ""}`, "data-testid": `card-${card}`,
        "data-card": card, "aria-pressed": "false",
      }, String(k));   // the row's suit sign names the suit; the rank alone fits a phone's cell
      setAttrs(button, { "aria-label": "ui.sevens_tool.card" }, { rank: k, suit: { id: name, params: {} } });
      buttons.set(card, button);
      grid.append(button);
    }
  }
  const note = el("p", { class: "tool-note" });
  setText(note, "ui.sevens_tool.note");
  root.append(head, grid, note);
  container.append(root);

  /** @param {boolean} [full]  Alice already holds a whole hand and another card was pressed */
  function render(full = false) {
    for (const [card, button] of buttons) {
      const on = chosen.has(card);
      button.setAttribute("aria-pressed", String(on));
    }
    const n = chosen.size;
    setText(count, "ui.sevens_tool.count", { count: n, size: HAND_SIZE });
    count.classList.toggle("done", n === HAND_SIZE);
    if (full) setText(note, "ui.sevens_tool.full", { size: HAND_SIZE });
    else setText(note, n === HAND_SIZE ? "ui.sevens_tool.complete" : "ui.sevens_tool.note");
    swap.disabled = n !== HAND_SIZE;
  }

  function emit() {
    const tokens = order.filter((c) => chosen.has(c));
    write(tokens.join(" ") + (tokens.length === HAND_SIZE ? "\n" : ""));
  }

  grid.addEventListener("click", (event) => {
    const button = event.target instanceof Element ? event.target.closest("button[data-card]") : null;
    if (!(button instanceof HTMLButtonElement)) return;
    const card = button.dataset.card;
    if (chosen.has(card)) chosen.delete(card);
    else if (chosen.size >= HAND_SIZE) {
      render(true);
      return;
    } else chosen.add(card);
    emit();
  });
  clear.addEventListener("click", () => {
    chosen.clear();
    emit();
  });
  swap.addEventListener("click", () => {
    const others = order.filter((c) => !chosen.has(c));
    chosen.clear();
    for (const c of others) chosen.add(c);
    emit();
  });

  return {
    // Reflects the textarea: every well-formed card token counts, nothing more.
    sync(text) {
      chosen.clear();
      for (const token of String(text).split(/[\s,;]+/)) if (TOKEN.test(token)) chosen.add(token);
      render();
    },
  };
}
