// Sevens' input tool: a 4 x 13 grid of toggle buttons, one per card, that
// writes Alice's hand into the textarea (the textarea stays the input's one
// source: sync() reads it back).
import { RED_SUITS } from "./cards.js";

const TOOL_SUITS = [["S", "\u2660", "spades"], ["H", "\u2665", "hearts"], ["C", "\u2663", "clubs"], ["D", "\u2666", "diamonds"]];
const HAND_SIZE = 26;
const TOKEN = /^[SHCD](?:[1-9]|1[0-3])$/;

/**
 * @param {string} tag
 * @param {Record<string, string>} [attrs]
 * @param {string | null} [text]
 * @returns {HTMLElement}
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
  const clear = el("button", { type: "button", "data-testid": "hand-clear", title: "Empty Alice's hand" }, "Clear");
  const swap = el("button", { type: "button", "data-testid": "hand-swap", title: "Give Alice the cards Bob holds, and Bob hers" }, "Swap with Bob");
  head.append(count, clear, swap);

  const grid = el("div", { class: "tool-grid", role: "group", "aria-label": "Alice's hand: press the cards she holds" });
  for (const [suit, symbol, name] of TOOL_SUITS) {
    grid.append(el("span", { class: `tool-label${RED_SUITS.has(suit) ? " red" : ""}`, title: name, "aria-hidden": "true" }, symbol));
    for (let k = 1; k <= 13; k++) {
      const card = `${suit}${k}`;
      const button = el("button", {
        type: "button", class: `tool-toggle${RED_SUITS.has(suit) ? " red" : ""}`, "data-testid": `card-${card}`,
        "data-card": card, "aria-pressed": "false", "aria-label": `${k} of ${name}`,
      }, String(k));   // the row's suit sign names the suit; the rank alone fits a phone's cell
      buttons.set(card, button);
      grid.append(button);
    }
  }
  const note = el("p", { class: "tool-note" }, "Pressed cards are Alice's; the other cards go to Bob.");
  root.append(head, grid, note);
  container.append(root);

  function render(message = null) {
    for (const [card, button] of buttons) {
      const on = chosen.has(card);
      button.setAttribute("aria-pressed", String(on));
    }
    const n = chosen.size;
    count.textContent = `Alice: ${n}/${HAND_SIZE} cards`;
    count.classList.toggle("done", n === HAND_SIZE);
    note.textContent = message || (n === HAND_SIZE ? "Alice's hand is complete: Bob gets the other 26 cards."
      : "Pressed cards are Alice's; the other cards go to Bob.");
    swap.disabled = n !== HAND_SIZE;
  }

  function emit() {
    const tokens = order.filter((c) => chosen.has(c));
    write(tokens.join(" ") + (tokens.length === HAND_SIZE ? "\n" : ""));
  }

  grid.addEventListener("click", (event) => {
    const button = event.target.closest("button[data-card]");
    if (!button) return;
    const card = button.dataset.card;
    if (chosen.has(card)) chosen.delete(card);
    else if (chosen.size >= HAND_SIZE) {
      render(`Alice already holds ${HAND_SIZE} cards: release one first.`);
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
