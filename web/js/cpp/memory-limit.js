// A compiled program's memory bounded for one run (issue 31): the maximum of its
// linear memory, in the module's memory section, lowered to the run's limit, so
// that `memory.grow` past it fails inside the program (malloc returns NULL, `new`
// aborts) however it grows.  The stack the linker puts first (clang-driver.js's
// STACK_BYTES) is not counted: judges count only the stack a program touches.
// Only the memory section is rewritten; every other byte is kept.

import { uleb128 } from "./leb128.js";

/** The stack clang-driver.js links every program with (not counted against the limit). */
export const STACK_BYTES = 64 * 1024 * 1024;
const PAGE = 65536;

function readU32(bytes, at) {
  let value = 0;
  for (let shift = 0; ; shift += 7) {
    if (at >= bytes.length || shift > 35) throw new RangeError("a malformed module");
    const b = bytes[at++];
    value += (b & 0x7f) * 2 ** shift;
    if (b < 0x80) return { value, at };
  }
}

/**
 * The module with its one memory's maximum at most `maxBytes` (never under its
 * initial size): rewritten in place where the new maximum fits the old one's bytes,
 * else a copy with the memory section rewritten and every other byte kept.
 * Returns {bytes, initialBytes, maxBytes} (the memory it starts with and the most it
 * may grow to), or null when the module has no memory of its own, or one this does
 * not rewrite (shared or 64-bit).  The compiler's memory cap uses it too
 * (compiler-worker.js).
 * @param {Uint8Array} bytes
 * @param {number} maxBytes
 * @returns {{ bytes: Uint8Array<ArrayBuffer>, initialBytes: number, maxBytes: number } | null}
 */
export function withMemoryMax(bytes, maxBytes) {
  let at = 8;
  while (at < bytes.length) {
    const id = bytes[at];
    const size = readU32(bytes, at + 1);
    const start = size.at;
    const end = start + size.value;
    if (id === 5) {
      const count = readU32(bytes, start);
      if (count.value !== 1) return null;
      const flags = bytes[count.at];
      if (flags !== 0 && flags !== 1) return null;
      const min = readU32(bytes, count.at + 1);
      const oldMax = flags === 1 ? readU32(bytes, min.at) : { value: 65536, at: min.at };
      const pages = Math.min(oldMax.value, Math.floor(maxBytes / PAGE));
      const maxPages = Math.max(pages, min.value);
      const limits = { initialBytes: min.value * PAGE, maxBytes: maxPages * PAGE };
      // In place where the new maximum fits the old one's bytes (a padded LEB128): no
      // copy of a large module (the compiler's) is held beside the original.
      const width = oldMax.at - min.at;
      if (flags === 1 && maxPages < 2 ** (7 * width)) {
        for (let k = 0, rest = maxPages; k < width; k++, rest = Math.floor(rest / 128)) {
          bytes[min.at + k] = (rest & 0x7f) | (k < width - 1 ? 0x80 : 0);
        }
        return { bytes: /** @type {Uint8Array<ArrayBuffer>} */ (bytes), ...limits };
      }
      const body = [1, 1, ...uleb128(min.value), ...uleb128(maxPages), ...bytes.subarray(oldMax.at, end)];
      const section = [5, ...uleb128(body.length), ...body];
      const out = new Uint8Array(at + section.length + bytes.length - end);
      out.set(bytes.subarray(0, at));
      out.set(section, at);
      out.set(bytes.subarray(end), at + section.length);
      return { bytes: out, ...limits };
    }
    at = end;
  }
  return null;
}

/**
 * The program with its memory's maximum at most `limitBytes` past the stack.
 * Returns {bytes, initialBytes, maxBytes}: initialBytes the memory the program
 * starts with, less the stack; null when the module has no memory of its own (or
 * one this does not rewrite: shared or 64-bit), which the runner then refuses.
 * @param {Uint8Array} bytes
 * @param {number} limitBytes
 * @returns {{ bytes: Uint8Array<ArrayBuffer>, initialBytes: number, maxBytes: number } | null}
 */
export function limitMemory(bytes, limitBytes) {
  const limited = withMemoryMax(bytes, limitBytes + STACK_BYTES);
  return limited && { ...limited, initialBytes: Math.max(0, limited.initialBytes - STACK_BYTES) };
}
