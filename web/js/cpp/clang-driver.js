// One C++ compile with YoWASP's clang++: the flags, the virtual files, the
// diagnostics.  Pure of any worker or page concern, so the compiler worker and
// the Node tests run the very same code.
import { STDCPP_HEADER } from "./stdcpp-header.js";
import { instrument } from "./fuel.js";
import { limitHit } from "./compiler-limits.js";
import { byteOverlay } from "./byte-overlay.js";
import { DEFAULT_STD } from "./standards.js";

/** The source's file name in the compiler's file system. */
export const SOURCE_NAME = "solution.cpp";
const OUTPUT_NAME = "solution.wasm";
const INCLUDE_DIR = "pixel-judge-include";   // holds bits/stdc++.h and byte-overlay.js's wrappers

/**
 * The stack the program's frames and local arrays live in (wasm-ld's default is
 * 64 KB; judges give megabytes), placed first so an overflow traps instead of
 * overwriting the program's globals, and a cap on its memory.
 */
export const STACK_BYTES = 64 * 1024 * 1024;
/** The most memory a program may grow to. */
export const MEMORY_LIMIT_BYTES = 1024 * 1024 * 1024;

/** Flags of every compile but its standard (-std=, g++'s gnu++17 unless the user picks another). */
export const BASE_FLAGS = Object.freeze([
  "-O2",
  // The toolchain's libc++abi has no exception support (no __cxa_throw, no unwinder).
  "-fno-exceptions",
  // setjmp/longjmp through WebAssembly exception handling: costs nothing in a
  // program that does not call setjmp, and <csetjmp> (in <bits/stdc++.h>) needs it.
  "-mllvm", "-wasm-enable-sjlj",
  // signal() and raise() emulated inside the program (no import): <csignal> needs it.
  "-D_WASI_EMULATED_SIGNAL",
  "-isystem", INCLUDE_DIR,
  "-fno-color-diagnostics", "-ferror-limit=50",
  // Recursion depths that fit the stack a browser gives the compiler's worker (Chromium's
  // overflowed at 250 nested templates and 500 constexpr calls): past them clang's own error.
  "-ftemplate-depth=128", "-fconstexpr-depth=200",
]);
/** Flags of a compile under `std` (and of the precompiled <bits/stdc++.h>, which must match them). */
export const compileFlags = (std = DEFAULT_STD) => [`-std=${std}`, ...BASE_FLAGS];
const LINK_FLAGS = Object.freeze([
  "-lsetjmp", "-lwasi-emulated-signal",
  `-Wl,-z,stack-size=${STACK_BYTES}`, "-Wl,--stack-first", `-Wl,--max-memory=${MEMORY_LIMIT_BYTES}`,
]);
/** Every flag of a compile and its link but the standard. */
export const FLAGS = Object.freeze([...BASE_FLAGS, ...LINK_FLAGS]);

const HEADER_PATH = `${INCLUDE_DIR}/bits/stdc++.h`;
const PCH_NAME = "stdc++.h.pch";
const includeTree = () => ({ bits: { "stdc++.h": STDCPP_HEADER }, ...byteOverlay() });

function collector() {
  const decoder = new TextDecoder();
  const sink = { text: "", write: (bytes) => { if (bytes) sink.text += decoder.decode(bytes, { stream: true }); } };
  return sink;
}

/**
 * <bits/stdc++.h> precompiled under DEFAULT_STD (about 20 MB): parsing every standard header is most
 * of a typical solution's compile time.  Built once per worker, in the
 * background, which also warms the compiler up.  Null if it cannot be built.
 */
export async function buildPch(clang) {
  const log = collector();
  try {
    const out = await clang([...compileFlags(DEFAULT_STD), "-x", "c++-header", HEADER_PATH, "-o", PCH_NAME],
      { [INCLUDE_DIR]: includeTree() }, { stdout: log.write, stderr: log.write, decodeASCII: false });
    return out[PCH_NAME] instanceof Uint8Array ? out[PCH_NAME] : null;
  } catch {
    return null;
  }
}

// A source may use the precompiled header when it would include <bits/stdc++.h>
// before anything else: only blank lines, comments and #pragma lines come first
// (a #define or another #include first could change what the header means).
const LEADING = /^(?:\s+|\/\/[^\n]*|\/\*[\s\S]*?\*\/|#[ \t]*pragma\b[^\n]*)*/;
const BITS = /^#[ \t]*include[ \t]*<bits\/stdc\+\+\.h>/;

/**
 * Whether `source` includes <bits/stdc++.h> before anything else.
 * @param {string} source
 * @returns {boolean}
 */
export function startsWithBits(source) {
  return BITS.test(source.slice(LEADING.exec(source)[0].length));
}

/**
 * Compiles `source` with `clang` (YoWASP's `commands["clang++"]`, its toolchain
 * loaded).  Resolves to {ok: true, wasm: Uint8Array, log, pch, fuel} or {ok: false,
 * log, pch, limit?}: `wasm` is the program with fuel checks (fuel.js) when they could be
 * put in (`fuel` says); `limit` names the bound the compiler ran into ("memory",
 * "output", "stack": compiler-limits.js).  Rejects only when the compiler itself fails (not the user's code).
 * @param {any} clang  YoWASP's `commands["clang++"]`
 * @param {string} source
 * @param {{ Exit?: any, pch?: Uint8Array | null, std?: string }} [options]  Exit: YoWASP's exit exception class;
 *   std: the -std= (standards.js); the precompiled header serves DEFAULT_STD only
 */
export async function compileSource(clang, source, { Exit, pch = null, std = DEFAULT_STD } = {}) {
  const log = collector();
  const files = { [SOURCE_NAME]: source, [INCLUDE_DIR]: includeTree() };
  const usePch = pch !== null && std === DEFAULT_STD && startsWithBits(source);
  if (usePch) files[PCH_NAME] = pch;
  const args = [...compileFlags(std), ...(usePch ? ["-include-pch", PCH_NAME] : []), ...LINK_FLAGS,
    SOURCE_NAME, "-o", OUTPUT_NAME];
  try {
    const out = await clang(args, files, { stdout: log.write, stderr: log.write, decodeASCII: false });
    const wasm = out[OUTPUT_NAME];
    if (!(wasm instanceof Uint8Array)) return { ok: false, log: `${log.text}\nthe compiler wrote no program`, pch: usePch };
    const fueled = instrument(wasm);
    return { ok: true, wasm: fueled ?? wasm, log: log.text, pch: usePch, fuel: fueled !== null };
  } catch (error) {
    // A non-zero exit of clang or wasm-ld: the user's code did not compile or link.
    const exited = Exit ? error instanceof Exit : typeof error?.code === "number" && "files" in error;
    if (exited) return { ok: false, log: log.text, pch: usePch };
    const limit = limitHit(error, log.text);
    if (limit) return { ok: false, log: log.text, pch: usePch, limit };
    throw error;
  }
}
