// Export: an animated GIF of the play sequence (or a range of steps) at 1x-4x,
// nearest-neighbour, encoded in a worker (gifenc) with progress and Cancel; a
// PNG of the current frame; the transcript as text.
import { FieldError, h, field, select, showFailure, wholeNumber } from "./dom.js";
import { setText } from "../i18n/dom.js";
import { ExportJob, Cancelled, download, toBase64 } from "./export-client.js";
import { paint, WIDTH, HEIGHT } from "../stage/renderer.js";
import { stageWords } from "../i18n/i18n.js";

const STEP_MS = 800;        // one step's tween and dwell at 1x, as the player shows it
const LAST_HOLD_MS = 2000;  // the final frame stays up before the GIF loops
/** The most steps one GIF holds. */
export const MAX_GIF_FRAMES = 5000;

// Renders frames [from, to] of the solved scene and encodes them as a GIF.
// Each GIF frame is one step, drawn settled (t = 1, steady blinks).
/**
 * @param {import("./tools.js").ToolContext} ctx
 * @param {{ scale?: number, from?: number, to?: number | null,
 *   onProgress?: (done: number, total: number) => void, onJob?: (job: ExportJob) => void }} [options]
 */
export async function encodeGif(ctx, { scale = 2, from = 0, to = null, onProgress = () => {}, onJob = () => {} } = {}) {
  const s = ctx.solved();
  if (!s) throw new FieldError("ui.export.nothing");
  const last = s.frames.length - 1;
  if (to === null || to === undefined) to = last;
  for (const [name, v] of [["scale", scale], ["from", from], ["to", to]]) {
    if (!Number.isInteger(v)) throw new FieldError("ui.tools.not_whole", { field: { id: "raw", params: { text: name } } });
  }
  if (scale < 1 || scale > 4) throw new FieldError("ui.export.bad_scale");
  if (from < 0) throw new FieldError("ui.export.first_step");
  if (to > last) throw new FieldError("ui.export.last_step", { last });
  if (from > to) throw new FieldError("ui.export.from_after_to", { from, to });
  if (to - from + 1 > MAX_GIF_FRAMES) throw new FieldError("ui.export.too_many", { count: MAX_GIF_FRAMES });
  await document.fonts.ready;
  const canvas = document.createElement("canvas");
  canvas.width = WIDTH;
  canvas.height = HEIGHT;
  const c2d = canvas.getContext("2d", { alpha: false, willReadFrequently: true });
  const scene = ctx.scene();
  const total = to - from + 1;
  const frames = [];
  const delays = [];
  for (let k = from; k <= to; k++) {
    paint(c2d, scene, { frame: s.frames[k], prev: k > 0 ? s.frames[k - 1] : null, t: 1 }, { now: 0, reduced: true, words: stageWords });
    frames.push(c2d.getImageData(0, 0, WIDTH, HEIGHT).data.buffer);
    delays.push(k === to ? LAST_HOLD_MS : Math.round(STEP_MS / ctx.speed()));
    if ((k - from) % 20 === 19) {
      onProgress(k - from + 1, total * 2);
      await new Promise((r) => setTimeout(r, 0));   // keep the page responsive while drawing
    }
  }
  const started = performance.now();
  const job = new ExportJob({ type: "gif", width: WIDTH, height: HEIGHT, scale, frames, delays },
    { onProgress: (done) => onProgress(total + done, total * 2), transfer: frames });
  onJob(job);
  const bytes = await job.result;
  return { bytes, frames: total, width: WIDTH * scale, height: HEIGHT * scale, from, to, ms: performance.now() - started };
}

/** @param {import("./tools.js").ToolContext} ctx */
export function exportPanel(ctx) {
  const scale = select("export-scale", [["1", "1x", true], ["2", "2x", true], ["3", "3x", true], ["4", "4x", true]], { value: "2", label: "ui.export.scale_label" });
  const from = h("input", { type: "number", testid: "export-from", min: "0", step: "1", inputmode: "numeric",
    i18nAttr: { placeholder: "ui.export.first", "aria-label": "ui.export.from_label" } });
  const to = h("input", { type: "number", testid: "export-to", min: "0", step: "1", inputmode: "numeric",
    i18nAttr: { placeholder: "ui.export.last", "aria-label": "ui.export.to_label" } });
  const gif = h("button", { type: "button", class: "primary", testid: "export-gif" }, "GIF");
  const png = h("button", { type: "button", testid: "export-png", i18n: "ui.export.png" });
  const text = h("button", { type: "button", testid: "export-transcript", i18n: "ui.export.transcript" });
  const cancel = h("button", { type: "button", testid: "export-cancel", disabled: true, i18n: "ui.tools.cancel" });
  const bar = h("progress", { testid: "export-progress", max: "1", value: "0", hidden: true, i18nAttr: { "aria-label": "ui.tools.progress" } });
  const status = h("span", { class: "status", testid: "export-status", role: "status", "aria-live": "polite" });
  const root = h("div", { class: "tool-body" },
    h("p", { class: "hint", i18n: "ui.export.hint" }),
    h("div", { class: "row fields" }, field("ui.export.scale", scale), field("ui.export.from", from), field("ui.export.to", to)),
    h("div", { class: "row" }, gif, cancel, png, text),
    h("div", { class: "row" }, bar, status));

  let job = null;
  let stopped = false;

  async function runGif() {
    let options;
    try {
      options = {
        scale: Number(scale.value),
        from: wholeNumber(from, "ui.export.from", { fallback: 0 }),
        to: wholeNumber(to, "ui.export.to", { fallback: null }),
      };
    } catch (err) {
      showFailure(status, err);
      return;
    }
    gif.disabled = true;
    cancel.disabled = false;
    bar.hidden = false;
    stopped = false;
    setText(status, "ui.export.drawing_start");
    try {
      const out = await encodeGif(ctx, {
        ...options,
        onProgress: (done, total) => {
          bar.max = total;
          bar.value = done;
          const half = total / 2;
          if (done <= half) setText(status, "ui.export.drawing", { done, total: half });
          else setText(status, "ui.export.encoding", { done: done - half, total: half });
        },
        onJob: (j) => { job = j; if (stopped) j.cancel(); },
      });
      const s = ctx.solved();
      const name = `${s.game}-case${s.caseIndex + 1}-steps${out.from}-${out.to}-${options.scale}x.gif`;
      download(out.bytes, name, "image/gif");
      setText(status, "ui.export.gif_done", { name, count: out.frames, width: out.width, height: out.height, kb: (out.bytes.length / 1024).toFixed(1) });
    } catch (err) {
      if (err instanceof Cancelled) setText(status, "ui.tools.cancelled");
      else showFailure(status, err, "ui.export.cannot");
    } finally {
      job = null;
      gif.disabled = false;
      cancel.disabled = true;
      bar.hidden = true;
    }
  }

  function runPng() {
    const s = ctx.solved();
    if (!s) { setText(status, "ui.export.no_frame"); return; }
    const k = ctx.step();
    const factor = Number(scale.value);
    const canvas = document.createElement("canvas");
    canvas.width = WIDTH;
    canvas.height = HEIGHT;
    paint(canvas.getContext("2d", { alpha: false }), ctx.scene(), { frame: s.frames[k], prev: k > 0 ? s.frames[k - 1] : null, t: 1 }, { now: 0, reduced: true, words: stageWords });
    const big = document.createElement("canvas");
    big.width = WIDTH * factor;
    big.height = HEIGHT * factor;
    const b2d = big.getContext("2d", { alpha: false });
    b2d.imageSmoothingEnabled = false;
    b2d.drawImage(canvas, 0, 0, big.width, big.height);
    big.toBlob(async (blob) => {
      const name = `${s.game}-case${s.caseIndex + 1}-step${k}-${factor}x.png`;
      download(new Uint8Array(await blob.arrayBuffer()), name, "image/png");
      setText(status, "ui.export.saved", { name });
    }, "image/png");
  }

  function runTranscript() {
    const s = ctx.solved();
    if (!s) { setText(status, "ui.export.no_transcript"); return; }
    const lines = s.frames.map((f, k) => `${k}. ${f.note}`);
    const name = `${s.game}-case${s.caseIndex + 1}-transcript.txt`;
    download(new TextEncoder().encode(`${lines.join("\n")}\n`), name, "text/plain");
    setText(status, "ui.export.transcript_saved", { name, count: lines.length });
  }

  gif.addEventListener("click", runGif);
  png.addEventListener("click", runPng);
  text.addEventListener("click", runTranscript);
  cancel.addEventListener("click", () => { stopped = true; if (job) job.cancel(); });
  return {
    title: "ui.export.title", root,
    fill(params) {
      if (["1", "2", "3", "4"].includes(String(params.scale))) scale.value = String(params.scale);
      if (params.from !== undefined && params.from !== null) from.value = String(params.from);
      if (params.to !== undefined && params.to !== null) to.value = String(params.to);
    },
    params: () => ({ scale: scale.value, from: from.value, to: to.value }),
    run: runGif,
  };
}

/** @param {import("./tools.js").ToolContext} ctx */
export async function exportGifHook(ctx, { scale = 1, from = 0, to = null } = {}) {
  const out = await encodeGif(ctx, { scale, from, to });
  return { mime: "image/gif", base64: toBase64(out.bytes), frames: out.frames, width: out.width, height: out.height };
}
