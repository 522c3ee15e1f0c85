// The C++ standards a solution may be compiled under, g++'s own dialect first.
// Tiny and free of the compiler: the solution panel, the store and the hook read it
// without loading the C++ modules.

/** g++'s default since GCC 11, and so the judges' (Codeforces, Luogu, DOMjudge's g++). */
export const DEFAULT_STD = "gnu++17";

/** Every standard the picker offers, as clang's -std= names them. */
export const STANDARDS = Object.freeze([
  "gnu++17", "gnu++20", "gnu++14", "gnu++11", "c++17", "c++20", "c++14", "c++11",
]);

/**
 * Whether `value` names one of STANDARDS.
 * @param {unknown} value
 * @returns {value is string}
 */
export function isStandard(value) {
  return typeof value === "string" && STANDARDS.includes(value);
}

/**
 * The picker's words for a standard: "GNU C++17" (g++'s dialect) or "C++17".
 * @param {string} std
 */
export function standardName(std) {
  return std.startsWith("gnu++") ? `GNU C++${std.slice(5)}` : `C++${std.slice(3)}`;
}
