// The move panel of two-player games: the exact value of every legal move at the
// shown step, as buttons that play that move against the engine.
import { setAttrs, setText } from "../i18n/dom.js";
import { t } from "../i18n/i18n.js";
import { option } from "./state.js";

/** @typedef {import("../stage/types.js").Frame} Frame */

/** A frame's player to move: its message when it has one (it follows the language). */
const mover = (frame) => frame.to_move_msg || frame.to_move;

/**
 * Who may be played: "both sides" or one of the players named in the frames.
 * @param {HTMLSelectElement} select
 * @param {Frame[]} frames
 */
export function fillPlayAs(select, frames) {
  const names = [...new Set(frames.map((f) => f.to_move).filter(Boolean))];
  const keep = select.value;
  const keepIndex = select.selectedIndex;
  const before = select.options.length;
  const options = [["", t("ui.moves.both_sides")], ...names.map((n) => [n, n])];
  select.replaceChildren(...options.map(([value, label]) => option(value, label)));
  if (options.some(([value]) => value === keep)) select.value = keep;
  // The same players with their names in another language: the same choice.
  else if (before === options.length && keepIndex > 0) select.selectedIndex = keepIndex;
}

/**
 * Shows the moves of the line's current step (hides the panel without a line).
 * @param {{ panel: HTMLElement, title: HTMLElement, list: HTMLElement, backToLine: HTMLElement }} parts
 * @param {{ frames: Frame[], index: number, userMoves: string[], side: string } | null} line
 */
export function renderMoves(parts, line) {
  if (!line) {
    parts.panel.hidden = true;
    return;
  }
  const { frames, index, userMoves, side } = line;
  const frame = frames[index];
  parts.panel.hidden = false;
  parts.backToLine.hidden = userMoves.length === 0;
  if (!frame || !frame.values) {
    setText(parts.title, frame && index === frames.length - 1 ? "ui.moves.game_over" : "ui.moves.no_choice");
    parts.list.replaceChildren();
    return;
  }
  setText(parts.title, "ui.moves.to_move", { player: mover(frame) });
  const next = frames[index + 1];
  const chosen = next && next.event ? next.event.move : null;
  const canPlay = !side || side === frame.to_move;
  parts.list.replaceChildren(...frame.values.map((v) => {
    const item = document.createElement("li");
    const button = document.createElement("button");
    button.type = "button";
    button.dataset.move = v.move;
    button.disabled = !canPlay;
    if (canPlay) setAttrs(button, { title: "ui.moves.play_from_here" }, { move: v.label_msg || v.label });
    else setAttrs(button, { title: "ui.moves.not_your_move" }, { player: mover(frame) });
    const label = document.createElement("span");
    label.textContent = v.label;
    const value = document.createElement("span");
    value.className = `value ${v.best ? "best" : ""}`;
    value.textContent = v.text;
    button.append(label, value);
    if (v.move === chosen) item.className = "chosen";
    item.append(button);
    return item;
  }));
}

/**
 * The moves chosen at the decision points before frame `index`: with one more
 * appended, this is what the engine replays to play a move from here.
 * @param {Frame[]} frames
 * @param {number} index
 * @returns {string[]}
 */
export function choicesBefore(frames, index) {
  const out = [];
  for (let k = 0; k < index; k++) {
    if (frames[k].values && frames[k + 1] && frames[k + 1].event) out.push(frames[k + 1].event.move);
  }
  return out;
}
