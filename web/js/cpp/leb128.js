// Unsigned LEB128, the variable-length numbers of a WebAssembly module: shared by
// the fuel instrumentation (fuel.js) and the memory bounds (memory-limit.js).

/**
 * `value` (a whole number from 0 to 2^32 - 1) as unsigned LEB128 bytes.
 * @param {number} value
 * @returns {number[]}
 */
export function uleb128(value) {
  const out = [];
  let rest = value;
  do {
    let b = rest & 0x7f;
    rest = Math.floor(rest / 128);
    if (rest) b |= 0x80;
    out.push(b);
  } while (rest);
  return out;
}
