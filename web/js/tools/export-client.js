// Runs one packing job (zip or GIF) in the export worker, with progress and Cancel.
// A worker is created per job and terminated when the job ends or is cancelled.

const WORKER_URL = new URL("./export-worker.js", import.meta.url);

/** The job was cancelled. */
export class Cancelled extends Error {
  constructor() { super("cancelled"); }
}

/** One packing job in a worker of its own. */
export class ExportJob {
  /**
   * @param {{ type: "zip", files: Record<string, Uint8Array | string> }
   *   | { type: "gif", width: number, height: number, scale: number, frames: ArrayBuffer[], delays: number[] }} request
   * @param {{ onProgress?: (done: number, total: number) => void, transfer?: Transferable[] }} [options]
   */
  constructor(request, { onProgress = () => {}, transfer = [] } = {}) {
    this.worker = new Worker(WORKER_URL, { type: "module" });
    this.result = new Promise((resolve, reject) => {
      this.reject = reject;
      this.worker.onmessage = (event) => {
        const msg = event.data;
        if (msg.type === "progress") return onProgress(msg.done, msg.total);
        this.worker.terminate();
        if (msg.type === "result") resolve(new Uint8Array(msg.bytes));
        else reject(new Error(msg.message));
      };
      this.worker.onerror = (event) => {
        event.preventDefault();
        this.worker.terminate();
        reject(new Error(event.message || "the export worker failed"));
      };
    });
    this.worker.postMessage({ ...request, id: 1 }, transfer);
  }

  cancel() {
    this.worker.terminate();
    this.reject(new Cancelled());
  }
}

/**
 * Offers bytes to the user as a file download (nothing leaves the page).
 * @param {BlobPart} bytes
 * @param {string} name
 * @param {string} mime
 */
export function download(bytes, name, mime) {
  const url = URL.createObjectURL(new Blob([bytes], { type: mime }));
  const link = document.createElement("a");
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/**
 * The bytes in base64 (a data: URL's body).
 * @param {Uint8Array} bytes
 * @returns {string}
 */
export function toBase64(bytes) {
  let bin = "";
  for (let i = 0; i < bytes.length; i += 0x8000) bin += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(bin);
}
