// <bits/stdc++.h> for the browser compiler.  GCC's libstdc++ has this header and
// most contest code includes it; LLVM's libc++ (the toolchain's library) has
// none, so the compiler worker puts this one on its include path.  It names
// every header of the C++17 standard library (and those of C++20 when the
// language level allows), plus the two libstdc++ helpers contest code calls
// without including anything else: std::__gcd and std::__lg.

import { STD_BYTE_ALIAS } from "./byte-overlay.js";

const CPP17 = [
  // The C library, as the C++ standard names it.
  "cassert", "cctype", "cerrno", "cfenv", "cfloat", "cinttypes", "climits", "clocale", "cmath",
  "csetjmp", "csignal", "cstdarg", "cstddef", "cstdint", "cstdio", "cstdlib", "cstring", "ctime",
  "cuchar", "cwchar", "cwctype",
  // The C++ library.
  "algorithm", "any", "array", "atomic", "bitset", "chrono", "codecvt", "complex",
  "condition_variable", "deque", "exception", "execution", "filesystem", "forward_list", "fstream",
  "functional", "future", "initializer_list", "iomanip", "ios", "iosfwd", "iostream", "istream",
  "iterator", "limits", "list", "locale", "map", "memory", "memory_resource", "mutex", "new",
  "numeric", "optional", "ostream", "queue", "random", "ratio", "regex", "scoped_allocator", "set",
  "shared_mutex", "sstream", "stack", "stdexcept", "streambuf", "string", "string_view",
  "system_error", "thread", "tuple", "type_traits", "typeindex", "typeinfo", "unordered_map",
  "unordered_set", "utility", "valarray", "variant", "vector",
];

const CPP20 = [
  "barrier", "bit", "compare", "concepts", "latch", "numbers", "ranges", "semaphore",
  "source_location", "span", "stop_token", "syncstream", "version",
];

const include = (names) => names.map((name) => `#include <${name}>`).join("\n");

/** Our own <bits/stdc++.h>: every C++17 header. */
export const STDCPP_HEADER = `// <bits/stdc++.h>: every standard header (Pixel Judge's own, for libc++).
#ifndef PIXEL_JUDGE_BITS_STDCPP_H
#define PIXEL_JUDGE_BITS_STDCPP_H
${include(CPP17)}
#if __cplusplus >= 202002L
${include(CPP20)}
#endif
// libstdc++'s <bits/stdc++.h> includes <cstddef>, so std::byte is named (byte-overlay.js).
${STD_BYTE_ALIAS}

namespace std {
// libstdc++'s greatest common divisor (the sign of the result follows its code:
// Euclid on the values as given).
template <class T> inline T __gcd(T a, T b) {
  while (b != 0) { T r = a % b; a = b; b = r; }
  return a;
}
// libstdc++'s floor(log2(n)) for n > 0.
inline constexpr int __lg(int n) { return 31 - __builtin_clz((unsigned)n); }
inline constexpr int __lg(unsigned n) { return 31 - __builtin_clz(n); }
inline constexpr long __lg(long n) { return (long)(sizeof(long) * 8 - 1) - __builtin_clzl((unsigned long)n); }
inline constexpr long __lg(unsigned long n) { return (long)(sizeof(long) * 8 - 1) - __builtin_clzl(n); }
inline constexpr long long __lg(long long n) { return 63 - __builtin_clzll((unsigned long long)n); }
inline constexpr long long __lg(unsigned long long n) { return 63 - __builtin_clzll(n); }
}  // namespace std
#endif
`;
