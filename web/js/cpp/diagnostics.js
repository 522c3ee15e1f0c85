// The compiler's messages as data: every "solution.cpp:LINE:COL: error: ..." line
// with its line and column (for the editor to mark), and a first line in plain
// words for the verdict, which says what the browser's compiler cannot do when
// that is the reason (exceptions, a GCC-only header).
import { SOURCE_NAME } from "./clang-driver.js";

const LOCATED = new RegExp(`^${SOURCE_NAME.replace(".", "\\.")}:(\\d+):(\\d+): (fatal error|error|warning|note): (.*)$`);
const LINKER = /^wasm-ld: error: (.*)$/;

/**
 * @param {string} log  everything clang and wasm-ld printed
 * @returns {{severity: string, line: number | null, column: number | null, message: string}[]}
 */
export function parseDiagnostics(log) {
  const found = [];
  for (const line of log.split("\n")) {
    const at = LOCATED.exec(line);
    if (at) {
      found.push({ severity: at[3] === "fatal error" ? "error" : at[3], line: Number(at[1]), column: Number(at[2]), message: at[4] });
      continue;
    }
    const link = LINKER.exec(line);
    if (link) found.push({ severity: "error", line: null, column: null, message: link[1].replace(/^[^:]*\.o: /, "") });
  }
  return found;
}

// An include that names a path of the machine (/etc/passwd, ../x.h, C:\x.h) rather
// than a header: the compiler sees no files but the standard headers and the source.
const outOfTree = (/** @type {string} */ name) => /^(?:[/\\~]|[A-Za-z]:)|(?:^|[/\\])\.\.(?:[/\\]|$)/.test(name);

/** What a program that uses exceptions is told. */
export const EXCEPTIONS_TEXT = "exceptions (try, throw, catch) are not supported by the browser's C++ compiler: " +
  "its library has no exception support. Use error codes or std::optional here, " +
  "or check this solution with the command line (python3 -m py_engines stress), which runs your own compiler.";

/**
 * One line in plain words for the verdict, from the first error: `text` in English (the
 * hook's summary) and `msg`, the same as a catalog message (ui.cpp.*) for the page to show
 * in the reader's language (the compiler's own words stay as it wrote them, like code).
 * @param {{severity: string, line: number | null, column: number | null, message: string}[]} diagnostics
 * @returns {{text: string, msg: import("../i18n/render.js").Msg}}
 */
export function summaryWords(diagnostics) {
  const first = diagnostics.find((d) => d.severity === "error");
  if (!first) return { text: "the program did not compile", msg: { id: "ui.cpp.no_compile", params: {} } };
  /** @type {[string, import("../i18n/render.js").Msg]} */
  let [text, msg] = [first.message, { id: "raw", params: { text: first.message } }];
  const header = /^'([^']+)' file not found$/.exec(first.message);
  if (/with exceptions disabled/.test(first.message)) {
    [text, msg] = [EXCEPTIONS_TEXT, { id: "ui.cpp.exceptions", params: {} }];
  } else if (header && outOfTree(header[1])) {
    text = `the compiler has no file ${header[1]}: a program can include only the standard headers`;
    msg = { id: "ui.cpp.no_file", params: { file: header[1] } };
  } else if (header) {
    text = `<${header[1]}> is not in the browser's C++ library (LLVM's libc++, not GCC's libstdc++)`;
    msg = { id: "ui.cpp.no_header", params: { header: header[1] } };
  } else if (first.line === null && /undefined symbol/.test(first.message)) {
    [text, msg] = [`link error: ${first.message}`, { id: "ui.cpp.link_error", params: { message: first.message } }];
  }
  if (first.line === null) return { text, msg };
  return { text: `line ${first.line}, column ${first.column}: ${text}`,
    msg: { id: "ui.cpp.summary_at", params: { line: first.line, column: first.column ?? 1, text: msg } } };
}

/** One line in plain words for the verdict, from the first error (in English). */
export function summary(diagnostics) {
  return summaryWords(diagnostics).text;
}
