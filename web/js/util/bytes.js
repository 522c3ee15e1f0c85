// Byte helpers the engine, the C++ toolchain and the runner's WASI side share.
// (The service worker and the runner's Python worker are classic scripts that
// import nothing: they keep a copy of what they need.)

/**
 * The SHA-256 of `bytes`, as 64 lowercase hex digits.
 * @param {BufferSource} bytes
 * @returns {Promise<string>}
 */
export async function sha256Hex(bytes) {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  return Array.from(digest, (b) => b.toString(16).padStart(2, "0")).join("");
}

/**
 * The chunks one after another in one array.
 * @param {Iterable<Uint8Array>} chunks
 * @returns {Uint8Array<ArrayBuffer>}
 */
export function joinBytes(chunks) {
  const list = [...chunks];
  const all = new Uint8Array(list.reduce((n, c) => n + c.length, 0));
  let at = 0;
  for (const chunk of list) {
    all.set(chunk, at);
    at += chunk.length;
  }
  return all;
}
