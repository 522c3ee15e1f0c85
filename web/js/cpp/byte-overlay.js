// std::byte as g++ shows it.  LLVM's libc++ declares std::byte in many of its
// headers (<iostream>, <vector>, <algorithm>... reach its forward declaration), GCC's
// libstdc++ only in <cstddef>; so contest code with a global `byte` (a typedef or a
// variable) and `using namespace std;` compiles with g++ and is "reference to 'byte' is
// ambiguous" with libc++.  Every public libc++ header is therefore wrapped by one of
// ours, first on the include path: it reads the real header with the macro `byte`
// standing for `__pixel_judge_byte` (so libc++'s type, its operators and every use
// inside the library carry that name), and restores the user's meaning of `byte`
// after it.  <cstddef> included by the source itself, and our <bits/stdc++.h> (which
// includes <cstddef>, as libstdc++'s does), then give it its standard name:
// `std::byte` is an alias of the same type, as g++ would have it.

/** The type's name inside the library. */
export const BYTE_NAME = "__pixel_judge_byte";

// libc++'s public headers (those without a dot: the C headers `*.h` declare no byte).
const HEADERS = [
  "algorithm", "any", "array", "atomic", "barrier", "bit", "bitset", "cassert", "ccomplex", "cctype",
  "cerrno", "cfenv", "cfloat", "charconv", "chrono", "cinttypes", "ciso646", "climits", "clocale", "cmath",
  "codecvt", "compare", "complex", "concepts", "condition_variable", "coroutine", "csetjmp", "csignal",
  "cstdalign", "cstdarg", "cstdbool", "cstddef", "cstdint", "cstdio", "cstdlib", "cstring", "ctgmath",
  "ctime", "cuchar", "cwchar", "cwctype", "deque", "exception", "execution", "expected", "filesystem",
  "flat_map", "flat_set", "format", "forward_list", "fstream", "functional", "future", "initializer_list",
  "iomanip", "ios", "iosfwd", "iostream", "istream", "iterator", "latch", "limits", "list", "locale", "map",
  "mdspan", "memory", "memory_resource", "mutex", "new", "numbers", "numeric", "optional", "ostream", "print",
  "queue", "random", "ranges", "ratio", "regex", "scoped_allocator", "semaphore", "set", "shared_mutex",
  "source_location", "span", "sstream", "stack", "stdexcept", "stop_token", "streambuf", "string",
  "string_view", "strstream", "syncstream", "system_error", "thread", "tuple", "type_traits", "typeindex",
  "typeinfo", "unordered_map", "unordered_set", "utility", "valarray", "variant", "vector", "version",
];

/** `std::byte` named, once: what <cstddef> gives the source and <bits/stdc++.h> gives it. */
export const STD_BYTE_ALIAS = `#if __cplusplus >= 201703L && !defined(PIXEL_JUDGE_STD_BYTE)
#define PIXEL_JUDGE_STD_BYTE
namespace std { using byte = ${BYTE_NAME}; }
#endif`;

/** @param {string} name */
function wrapper(name) {
  const lines = [
    `// <${name}> with libc++'s std::byte named ${BYTE_NAME} inside it (Pixel Judge, byte-overlay.js).`,
    "#pragma push_macro(\"byte\")",
    "#undef byte",
    `#define byte ${BYTE_NAME}`,
    `#include_next <${name}>`,
    "#pragma pop_macro(\"byte\")",
  ];
  // Only the source's own #include <cstddef> (level 1) names std::byte, as libstdc++ does.
  if (name === "cstddef") lines.push("#if __INCLUDE_LEVEL__ == 1", STD_BYTE_ALIAS, "#endif");
  return `${lines.join("\n")}\n`;
}

/** The wrappers, as a directory of the compiler's file system: {name: text}. */
export function byteOverlay() {
  return Object.fromEntries(HEADERS.map((name) => [name, wrapper(name)]));
}
