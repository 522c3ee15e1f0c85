// The embed's elements: the transport, the step counter, the narration line, the
// notice of a scene that cannot be shown, and the keys (page/shortcuts.js, the
// page's own table: arrows, Home, End, Space) once the frame has focus.
import { shortcut } from "../page/shortcuts.js";
import { stepText } from "./text.js";
import { t } from "../i18n/i18n.js";

/** @param {string} id */
const $ = (id) => /** @type {HTMLElement} */ (document.getElementById(id));
/** @param {string} id */
const button = (id) => /** @type {HTMLButtonElement} */ (document.getElementById(id));

/** The embed's elements by role. */
export const el = {
  player: $("player"),
  canvas: /** @type {HTMLCanvasElement} */ (document.getElementById("canvas")),
  notice: $("notice"), narration: $("narration"), step: $("step"),
  open: /** @type {HTMLAnchorElement} */ (document.getElementById("open")),
  controls: /** @type {HTMLElement} */ (document.querySelector(".controls")),
  first: button("first"), stepBack: button("step-back"), play: button("play"),
  stepForward: button("step-forward"), last: button("last"),
};

/**
 * The transport as the shown step and the player's state make it.
 * @param {number} count  steps in the line (0 before a scene is shown)
 * @param {number} index  the shown step
 * @param {boolean} playing
 */
export function showTransport(count, index, playing) {
  el.step.textContent = stepText(index, count);
  el.play.setAttribute("aria-label", playing ? t("ui.playback.pause") : t("ui.playback.play"));
  el.play.setAttribute("aria-pressed", String(playing));
  el.first.disabled = el.stepBack.disabled = !count || index === 0;
  el.stepForward.disabled = el.last.disabled = !count || index >= count - 1;
  el.play.disabled = count < 2;
}

/**
 * The narration line.  A screen reader hears it when the user steps, not at every
 * step of playback.
 * @param {string} text
 * @param {boolean} [quiet]  while playing
 */
export function narrate(text, quiet = false) {
  el.narration.setAttribute("aria-live", quiet ? "off" : "polite");
  if (el.narration.textContent !== text) el.narration.textContent = text;
  el.narration.title = text;
}

/**
 * Shows why the scene cannot be shown, over the stage (a Retry when `retry`).
 * Every text is set as text.
 * @param {string} heading
 * @param {string} reason
 * @param {(() => void) | null} [retry]
 */
export function showNotice(heading, reason, retry = null) {
  const head = document.createElement("p");
  const title = document.createElement("strong");
  title.textContent = heading;
  head.append(title);
  const body = document.createElement("p");
  body.textContent = t("ui.embed.sentence", { text: `${reason.charAt(0).toUpperCase()}${reason.slice(1)}` });
  el.notice.replaceChildren(head, body);
  if (retry) {
    const again = document.createElement("button");
    again.type = "button";
    again.className = "retry";
    again.textContent = t("ui.boot.retry");
    again.addEventListener("click", retry, { once: true });
    el.notice.append(again);
  }
  el.notice.hidden = false;
  el.player.dataset.state = "error";
  narrate("");   // the notice is an alert: it is heard once
}

/** Hides the notice. */
export function hideNotice() {
  el.notice.hidden = true;
  el.notice.replaceChildren();
}

/**
 * What the transport and the keys do.
 * @typedef {{ first: () => void, last: () => void, step: (delta: number) => void, togglePlay: () => void }} Actions
 */

/**
 * Wires the buttons and the page's keys (minus Solve: the embed has none).
 * @param {Actions} on
 */
export function bindControls(on) {
  el.first.addEventListener("click", () => on.first());
  el.stepBack.addEventListener("click", () => on.step(-1));
  el.play.addEventListener("click", () => on.togglePlay());
  el.stepForward.addEventListener("click", () => on.step(1));
  el.last.addEventListener("click", () => on.last());
  /** @type {Record<string, () => void>} */
  const act = {
    stepBack: () => on.step(-1), stepForward: () => on.step(1),
    first: () => on.first(), last: () => on.last(), togglePlay: () => on.togglePlay(),
  };
  document.addEventListener("keydown", (event) => {
    const action = shortcut("page", event);
    if (!action || !act[action]) return;
    const target = /** @type {Element} */ (event.target);
    // Space presses a focused button (or follows the link) as it always does.
    if (action === "togglePlay" && target.matches && target.matches("button, a")) return;
    event.preventDefault();
    act[action]();
  });
}
