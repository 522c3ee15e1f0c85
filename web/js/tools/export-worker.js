/// <reference lib="webworker" />
// Packs files off the main thread: a zip of generated tests (fflate) and an
// animated GIF of rendered frames (gifenc).  One job at a time; the page
// cancels a job by terminating this worker.
// Messages in:  {type: "zip", id, files: [{name, text}]}
//               {type: "gif", id, width, height, scale, frames: [ArrayBuffer RGBA], delays: [ms]}
// Messages out: {type: "progress", id, done, total} | {type: "result", id, bytes: ArrayBuffer}
//               {type: "error", id, message}
import { Zip, ZipDeflate, strToU8 } from "../../vendor/fflate/esm/browser.js";
import { GIFEncoder, quantize, applyPalette } from "../../vendor/gifenc/dist/gifenc.esm.js";

function progress(id, done, total) {
  postMessage({ type: "progress", id, done, total });
}

function zip(id, files) {
  const chunks = [];
  let finished = false;
  const archive = new Zip((err, data, final) => {
    if (err) throw err;
    chunks.push(data);
    finished = final;
  });
  files.forEach((file, k) => {
    const entry = new ZipDeflate(file.name, { level: 6 });
    archive.add(entry);
    entry.push(strToU8(file.text), true);
    progress(id, k + 1, files.length);
  });
  archive.end();
  if (!finished) throw new Error("the zip did not finish");
  return concat(chunks);
}

function concat(chunks) {
  const out = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
  let at = 0;
  for (const c of chunks) { out.set(c, at); at += c.length; }
  return out;
}

// Each frame is quantised at its own size, then its palette indices are scaled
// up by an integer factor (nearest neighbour: every pixel becomes a square).
function gif(id, { width, height, scale, frames, delays }) {
  const encoder = GIFEncoder();
  const W = width * scale;
  const H = height * scale;
  const scaled = new Uint8Array(W * H);
  frames.forEach((buffer, k) => {
    const rgba = new Uint8Array(buffer);
    const palette = quantize(rgba, 256);
    const index = applyPalette(rgba, palette);
    let out = index;
    if (scale > 1) {
      for (let y = 0; y < height; y++) {
        const row = scaled.subarray(y * scale * W, (y * scale + 1) * W);
        for (let x = 0; x < width; x++) row.fill(index[y * width + x], x * scale, x * scale + scale);
        for (let r = 1; r < scale; r++) scaled.copyWithin((y * scale + r) * W, y * scale * W, (y * scale + 1) * W);
      }
      out = scaled;
    }
    encoder.writeFrame(out, W, H, { palette, delay: delays[k], repeat: 0 });
    progress(id, k + 1, frames.length);
  });
  encoder.finish();
  return encoder.bytes();
}

self.onmessage = (event) => {
  const msg = event.data;
  try {
    const bytes = msg.type === "zip" ? zip(msg.id, msg.files) : gif(msg.id, msg);
    const buffer = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
    postMessage({ type: "result", id: msg.id, bytes: buffer }, [buffer]);
  } catch (err) {
    postMessage({ type: "error", id: msg.id, message: String(err && err.message ? err.message : err) });
  }
};
