// The user's solutions, kept per game and per language in local storage, and
// the language (and C++ standard) each game was last used with.  Python code stays where it always
// was (pixelJudge.solutions.v1: {game: code}), so code saved before C++ came
// stays Python; C++ code and the language choice have keys of their own.
// Everything read back is checked: a value that is not what this module wrote
// (another tab's damage, a hand edit) is ignored, never trusted.

import { DEFAULT_STD, isStandard } from "../cpp/standards.js";

/** @typedef {"python" | "cpp"} Language */

/** @type {Language[]} */
export const LANGUAGES = ["python", "cpp"];
/** @type {[Language, string][]} the language menu's options */
export const LANGUAGE_NAMES = [["python", "Python"], ["cpp", "C++"]];

const KEYS = { python: "pixelJudge.solutions.v1", cpp: "pixelJudge.solutions.cpp.v1" };
const LANGUAGE_KEY = "pixelJudge.solutionLanguage.v1";
const STD_KEY = "pixelJudge.solutionStd.v1";   // {game: C++ standard}
const MAX_CODE_CHARS = 2 * 1024 * 1024;   // a solution longer than this is not one the page wrote
const GAME_ID = /^[a-z][a-z0-9_]{0,39}$/;

/** @type {Record<Language, string>} the code a game starts with in each language */
export const TEMPLATES = {
  python: `import sys

def main():
    data = sys.stdin.read().split()
    # ... solve, then print the answer exactly as the judge expects
    print(len(data))

main()
`,
  cpp: `#include <bits/stdc++.h>
using namespace std;

int main() {
    ios::sync_with_stdio(false);
    cin.tie(nullptr);
    // ... read the input from cin, solve, then print the answer exactly as the judge expects
    string token;
    long long tokens = 0;
    while (cin >> token) tokens++;
    cout << tokens << "\\n";
    return 0;
}
`,
};

/** @param {unknown} value @returns {value is Language} */
export const isLanguage = (value) => typeof value === "string" && LANGUAGES.includes(/** @type {Language} */ (value));

/**
 * A {game: string} map read from storage: only entries whose key is a game id and
 * whose value passes `valid` are kept.
 * @param {string} key
 * @param {(value: unknown) => boolean} valid
 * @returns {Record<string, string>}
 */
function readMap(key, valid) {
  /** @type {Record<string, string>} */
  const out = Object.create(null);
  let data;
  try { data = JSON.parse(localStorage.getItem(key) || "{}"); } catch { return out; }
  if (!data || typeof data !== "object" || Array.isArray(data)) return out;
  for (const [game, value] of Object.entries(data)) {
    if (GAME_ID.test(game) && valid(value)) out[game] = /** @type {string} */ (value);
  }
  return out;
}

/** @param {string} key @param {Record<string, string>} map */
function writeMap(key, map) {
  try { localStorage.setItem(key, JSON.stringify(map)); } catch { /* storage full or turned off */ }
}

const validCode = (/** @type {unknown} */ value) => typeof value === "string" && value.length <= MAX_CODE_CHARS;

/** The saved solutions: code(game, language), setCode(...), language(game), setLanguage(...). */
export class SolutionStore {
  constructor() {
    /** @type {Record<Language, Record<string, string>>} */
    this.codes = { python: readMap(KEYS.python, validCode), cpp: readMap(KEYS.cpp, validCode) };
    this.languages = readMap(LANGUAGE_KEY, isLanguage);
    this.stds = readMap(STD_KEY, isStandard);
  }

  /** The game's C++ standard (g++'s gnu++17 when never chosen). @param {string} game @returns {string} */
  std(game) {
    const saved = this.stds[game];
    return isStandard(saved) ? saved : DEFAULT_STD;
  }

  /** @param {string} game @param {string} std */
  setStd(game, std) {
    if (!isStandard(std)) return;
    this.stds[game] = std;
    writeMap(STD_KEY, this.stds);
  }

  /** The saved code, or the language's starter template. @param {string} game @param {Language} language */
  code(game, language) {
    return this.codes[language][game] ?? TEMPLATES[language];
  }

  /** @param {string} game @param {Language} language @param {string} text */
  setCode(game, language, text) {
    this.codes[language][game] = text;
    writeMap(KEYS[language], this.codes[language]);
  }

  /** The language the game was last used with (Python when never chosen). @param {string} game @returns {Language} */
  language(game) {
    const saved = this.languages[game];
    return isLanguage(saved) ? saved : "python";
  }

  /** @param {string} game @param {Language} language */
  setLanguage(game, language) {
    this.languages[game] = language;
    writeMap(LANGUAGE_KEY, this.languages);
  }
}
