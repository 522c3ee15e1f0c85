// The stored memory snapshot's format: the runtime's wasm heap without its zero
// pages.  About half of the 31 MB heap is pages of zeros (memory the runtime has
// not used); the rest is stored as it is, so a warm boot reads about 16 MB and
// copies it into place, where inflating the 31 MB from gzip cost 90 ms of CPU
// (about 220 ms of wall time on a loaded machine) on the worker's critical path.
//
//   magic     8 bytes  "PJHEAP" 0 1
//   heap      u32      the heap's length in bytes (little-endian, as every field)
//   count     u32      how many runs of non-zero pages follow
//   runs      count x (offset u32, length u32), in order, never overlapping
//   data      the runs' bytes, in the same order
//
// Unpacking checks every field against the page's record and the file's own
// length before it writes a byte, so a file that got past its SHA-256 with a
// forged record still cannot write outside the recorded heap.

// The file's first 8 bytes: "PJHEAP", then the format's version 0.1.
const MAGIC = new TextEncoder().encode("PJHEAP\u0000\u0001");
const HEADER = 16;
const RUN = 8;
const PAGE = 4096;

/** A stored snapshot file that is not a heap this build can restore (bad magic, runs or sizes). */
export class SnapshotFileError extends Error {}

/**
 * The heap as stored: its runs of non-zero 4 KiB pages.
 * @param {Uint8Array} heap
 * @returns {Uint8Array}
 */
export function packHeap(heap) {
  /** @type {[number, number][]} */
  const runs = [];
  let start = -1;
  for (let at = 0; at < heap.length; at += PAGE) {
    const end = Math.min(at + PAGE, heap.length);
    if (isZero(heap, at, end)) {
      if (start >= 0) runs.push([start, at - start]);
      start = -1;
    } else if (start < 0) {
      start = at;
    }
  }
  if (start >= 0) runs.push([start, heap.length - start]);
  const data = runs.reduce((sum, [, length]) => sum + length, 0);
  const out = new Uint8Array(HEADER + RUN * runs.length + data);
  const view = new DataView(out.buffer);
  out.set(MAGIC, 0);
  view.setUint32(8, heap.length, true);
  view.setUint32(12, runs.length, true);
  let at = HEADER + RUN * runs.length;
  runs.forEach(([offset, length], k) => {
    view.setUint32(HEADER + RUN * k, offset, true);
    view.setUint32(HEADER + RUN * k + 4, length, true);
    out.set(heap.subarray(offset, offset + length), at);
    at += length;
  });
  return out;
}

/**
 * @param {Uint8Array} bytes
 * @param {number} from
 * @param {number} to
 */
function isZero(bytes, from, to) {
  for (let k = from; k < to; k++) if (bytes[k] !== 0) return false;
  return true;
}

/**
 * Writes the heap a stored file holds into `heap` (zeros, the record's size), or
 * throws a SnapshotFileError naming what does not fit.  Every run is checked
 * before the first is written, so a refused file leaves `heap` untouched.
 * @param {Uint8Array} file
 * @param {Uint8Array} heap
 */
export function unpackHeap(file, heap) {
  const size = heap.length;
  if (file.length < HEADER || MAGIC.some((byte, k) => file[k] !== byte)) {
    throw new SnapshotFileError("the stored snapshot is not a heap this page wrote (its header differs)");
  }
  const view = new DataView(file.buffer, file.byteOffset, file.byteLength);
  const length = view.getUint32(8, true);
  if (length !== size) {
    throw new SnapshotFileError(`the snapshot heap is ${length > size ? "larger" : "smaller"} than its recorded ${size} bytes`);
  }
  const count = view.getUint32(12, true);
  if (count > (file.length - HEADER) / RUN) throw new SnapshotFileError("the stored snapshot is cut short (its run table)");
  let data = HEADER + RUN * count;
  let end = 0;
  for (let k = 0; k < count; k++) {
    const offset = view.getUint32(HEADER + RUN * k, true);
    const run = view.getUint32(HEADER + RUN * k + 4, true);
    if (offset < end || run > size - offset) {
      throw new SnapshotFileError(`the snapshot heap is larger than its recorded ${size} bytes (a run out of place)`);
    }
    data += run;
    end = offset + run;
  }
  if (data !== file.length) throw new SnapshotFileError(`the stored snapshot's runs do not add up to its ${file.length} bytes`);
  data = HEADER + RUN * count;
  for (let k = 0; k < count; k++) {
    const offset = view.getUint32(HEADER + RUN * k, true);
    const run = view.getUint32(HEADER + RUN * k + 4, true);
    heap.set(file.subarray(data, data + run), offset);
    data += run;
  }
}
