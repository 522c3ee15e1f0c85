// The embed and the page around it (web/README.md, "Embedding a scene").
// Out, to `parent` with target origin "*" (nothing private is in them):
//   {source: "pixel-judge", type: "size", width, height}  the frame's width, and the height at
//       which the stage fills that width with the controls under it (sent when either changes)
//   {source: "pixel-judge", type: "step", game, step, steps}  the shown step (when it changes)
// In, from `parent` only, each exactly these fields or ignored:
//   {source: "pixel-judge", type: "goto", step}  step: an integer >= 0 (past the end: the last)
//   {source: "pixel-judge", type: "play"}        {source: "pixel-judge", type: "pause"}
// A host may post as fast as it likes: a message costs a few checks (no sort, no copy), and
// the commands are coalesced, so at most the latest goto and the latest play or pause after
// it are carried out per animation frame (web/EMBED.md, "Messages").

/** The `source` of every message between the embed and its host. */
export const SOURCE = "pixel-judge";

/**
 * A command from the host page.
 * @typedef {{ type: "goto", step: number } | { type: "play" } | { type: "pause" }} Command
 */

/**
 * The command a message carries, or null for anything else (a bad message is ignored).
 * The cheap checks come first; the fields are counted only up to one too many.
 * @param {unknown} data
 * @returns {Command | null}
 */
export function readCommand(data) {
  if (!data || typeof data !== "object" || Array.isArray(data)) return null;
  if (Object.getPrototypeOf(data) !== Object.prototype) return null;
  const msg = /** @type {Record<string, unknown>} */ (data);
  if (msg.source !== SOURCE || !own(msg, "source") || !own(msg, "type")) return null;
  if (msg.type === "play" || msg.type === "pause") return fields(msg) === 2 ? { type: msg.type } : null;
  if (msg.type !== "goto" || !own(msg, "step") || fields(msg) !== 3) return null;
  const step = msg.step;
  return typeof step === "number" && Number.isSafeInteger(step) && step >= 0 ? { type: "goto", step } : null;
}

/**
 * @param {object} msg
 * @param {string} key
 */
const own = (msg, key) => Object.prototype.hasOwnProperty.call(msg, key);

/**
 * How many fields a message has, counted up to 4 (a command has 2 or 3).
 * @param {object} msg
 */
function fields(msg) {
  let count = 0;
  for (const key in msg) {
    if (own(msg, key) && ++count > 3) break;
  }
  return count;
}

/**
 * Commands in a row, reduced to what they do in order: the last goto's step (a goto pauses,
 * so a play or pause before it is moot) and the last play or pause after it.
 */
export class Commands {
  constructor() {
    /** @type {number | null} */ this.step = null;
    /** @type {"play" | "pause" | null} */ this.run = null;
  }

  /** @param {Command} command */
  add(command) {
    if (command.type === "goto") {
      this.step = command.step;
      this.run = null;
    } else {
      this.run = command.type;
    }
  }

  /**
   * The commands to carry out, in order (a goto, then a play or pause), and none left.
   * @returns {Command[]}
   */
  take() {
    /** @type {Command[]} */
    const out = [];
    if (this.step !== null) out.push({ type: "goto", step: this.step });
    if (this.run) out.push({ type: this.run });
    this.step = null;
    this.run = null;
    return out;
  }
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

// Commands are carried out at the next animation frame, or after FALLBACK_MS when the
// browser paints no frames (a frame out of view or in a background tab).
const FALLBACK_MS = 100;

/**
 * Calls `on` with the valid commands the host page sends, coalesced: at each animation frame
 * at most a goto and then a play or pause (see Commands).
 * @param {(command: Command) => void} on
 */
export function listen(on) {
  const queued = new Commands();
  let frame = 0;
  let timer = 0;
  const flush = () => {
    cancelAnimationFrame(frame);
    clearTimeout(timer);
    frame = 0;
    timer = 0;
    for (const command of queued.take()) on(command);
  };
  addEventListener("message", (event) => {
    if (event.source !== window.parent || !framed()) return;
    const command = readCommand(event.data);
    if (!command) return;
    queued.add(command);
    if (timer) return;
    frame = requestAnimationFrame(flush);
    timer = setTimeout(flush, FALLBACK_MS);
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
