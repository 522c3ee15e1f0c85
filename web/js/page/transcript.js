// The text transcript beside the canvas: one line per frame, the current one marked.
import { setMsg } from "../i18n/dom.js";

/**
 * One line per frame: its narration.
 * @param {HTMLElement} list
 * @param {import("../stage/types.js").Frame[]} frames
 */
export function fillTranscript(list, frames) {
  list.replaceChildren(...frames.map((frame, k) => {
    const item = document.createElement("li");
    item.dataset.step = String(k);
    if (frame.msg) setMsg(item, frame.msg);
    else item.textContent = frame.note;
    return item;
  }));
}

/**
 * Marks line `index` and keeps it in view inside the list.
 * @param {HTMLElement} list
 * @param {number} index
 */
export function markTranscript(list, index) {
  for (const item of list.querySelectorAll(".current")) item.classList.remove("current");
  const item = /** @type {HTMLElement | undefined} a line of the list */ (list.children[index]);
  if (!item) return;
  item.classList.add("current");
  // Keep the current line in view without scrolling the page itself.
  if (item.offsetTop < list.scrollTop || item.offsetTop > list.scrollTop + list.clientHeight - 20) {
    list.scrollTop = item.offsetTop - list.clientHeight / 2;
  }
}
