// Tap to zoom: the scenes are drawn for a 384 x 216 stage, so on a phone (the
// stage about 370 CSS px wide) a 3 x 5 rank digit is under 5 CSS px tall.  Where
// the stage is shown below twice its size, a tap (or click) on it magnifies it
// ZOOM times around the tapped point, inside the stage's own box (nothing moves
// or scrolls); another tap puts it back.  On a large screen, where the stage is
// already drawn at 2x or more, a tap does nothing.  The hint under the stage
// is shown by the phone layout's CSS, so it takes its room before any script runs.
import { addState } from "./hook.js";
import { WIDTH } from "../stage/renderer.js";
import { setText } from "../i18n/dom.js";

const ZOOM = 2;
let zoomed = false;

addState(() => ({ zoom: zoomed ? ZOOM : 1 }));

// Whether the stage is shown small enough for zoom to help.
function available(canvas) {
  return canvas.offsetWidth < ZOOM * WIDTH;
}

/**
 * Tap to zoom on `canvas`; `hint` says what a tap does.
 * @param {HTMLCanvasElement} canvas
 * @param {HTMLElement} hint
 */
export function bindZoom(canvas, hint) {
  const set = (on, x = 0, y = 0) => {
    zoomed = on;
    canvas.style.transformOrigin = on ? `${x}px ${y}px` : "";
    canvas.style.transform = on ? `scale(${ZOOM})` : "";
    canvas.classList.toggle("zoomed", on);
    setText(hint, on ? "ui.playback.zoom_out_hint" : "ui.playback.zoom_hint");
    refresh();
  };
  // A stage that grows past 2x (a turned phone, a wider window) zooms back out.
  const refresh = () => {
    const can = available(canvas);
    if (zoomed && !can) return set(false);
    canvas.style.cursor = zoomed ? "zoom-out" : can ? "zoom-in" : "";
  };
  canvas.addEventListener("click", (event) => {
    if (zoomed) return set(false);
    if (!available(canvas)) return;
    // offsetX/Y are in the canvas's own CSS pixels: the tapped point stays put.
    set(true, event.offsetX, event.offsetY);
  });
  new ResizeObserver(() => requestAnimationFrame(refresh)).observe(canvas.parentElement);
  set(false);
}
