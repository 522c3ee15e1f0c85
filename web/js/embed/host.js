// The embed and the page around it (web/README.md, "Embedding a scene").
// Out, to `parent` with target origin "*" (nothing private is in them):
//   {source: "pixel-judge", type: "size", width, height}  the frame's width, and the height at
//       which the stage fills that width with the controls under it (sent when either changes)
//   {source: "pixel-judge", type: "step", game, step, steps}  the shown step (when it changes)
// In, from `parent` only, each exactly these fields or ignored:
//   {source: "pixel-judge", type: "goto", step}  step: an integer >= 0 (past the end: the last)
//   {source: "pixel-judge", type: "play"}        {source: "pixel-judge", type: "pause"}

/** The `source` of every message between the embed and its host. */
export const SOURCE = "pixel-judge";

/**
 * A command from the host page.
 * @typedef {{ type: "goto", step: number } | { type: "play" } | { type: "pause" }} Command
 */

/**
 * The command a message carries, or null for anything else (a bad message is ignored).
 * @param {unknown} data
 * @returns {Command | null}
 */
export function readCommand(data) {
  if (!data || typeof data !== "object" || Array.isArray(data)) return null;
  if (Object.getPrototypeOf(data) !== Object.prototype) return null;
  const msg = /** @type {Record<string, unknown>} */ (data);
  const keys = Object.keys(msg).sort().join(",");
  if (msg.source !== SOURCE) return null;
  if ((msg.type === "play" || msg.type === "pause") && keys === "source,type") return { type: msg.type };
  if (msg.type === "goto" && keys === "source,step,type" && typeof msg.step === "number"
    && Number.isSafeInteger(msg.step) && msg.step >= 0) return { type: "goto", step: msg.step };
  return null;
}

/** True when this page is in a frame (a host to talk to). */
export function framed() {
  return window.parent !== window;
}

/**
 * Posts a message to the host page (none when the embed is not framed).
 * @param {Record<string, string | number>} fields
 */
export function tell(fields) {
  if (framed()) window.parent.postMessage({ source: SOURCE, ...fields }, "*");
}

/**
 * Calls `on` with every valid command the host page sends.
 * @param {(command: Command) => void} on
 */
export function listen(on) {
  addEventListener("message", (event) => {
    if (!framed() || event.source !== window.parent) return;
    const command = readCommand(event.data);
    if (command) on(command);
  });
}

/**
 * Tells the host the frame's size (see the top) whenever it changes.
 * @param {HTMLElement} controls  the bar under the stage
 */
export function reportSize(controls) {
  let last = "";
  const send = () => {
    const width = document.documentElement.clientWidth;
    const height = Math.ceil((width * 9) / 16 + controls.offsetHeight);
    if (`${width}x${height}` === last) return;
    last = `${width}x${height}`;
    tell({ type: "size", width, height });
  };
  new ResizeObserver(send).observe(document.documentElement);
  new ResizeObserver(send).observe(controls);
}
