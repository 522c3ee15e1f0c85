// Which language the page speaks: the visitor's stored choice, else the browser's
// preferred languages.  No DOM and no page state: the page and the embeddable
// player (embed.js) both use it.

/** The languages a catalog exists for (web/locale/ and py_engines/locale/), the source first. */
export const LANGS = /** @type {const} */ (["en", "zh-CN"]);
/** @typedef {typeof LANGS[number]} Lang */
export const SOURCE_LANG = "en";
/** Where the choice is remembered (local storage; validated when read back). */
export const STORAGE_KEY = "pixelJudge.lang.v1";

/**
 * Is `value` one of the languages the site speaks?
 * @param {unknown} value
 * @returns {value is Lang}
 */
export function isLang(value) {
  return typeof value === "string" && /** @type {readonly string[]} */ (LANGS).includes(value);
}

/**
 * The language a list of BCP 47 tags (navigator.languages, most wanted first) asks for.
 * The first tag the site can serve decides: Simplified Chinese (zh, zh-CN, zh-Hans..., zh-SG)
 * gives "zh-CN", any English gives "en"; other languages, and Traditional Chinese (zh-TW,
 * zh-HK, zh-MO, zh-Hant...: the site has no catalog in that script) are passed over.  When
 * nothing matches, English.
 * @param {readonly string[]} tags
 * @returns {Lang}
 */
export function fromBrowser(tags) {
  for (const tag of tags) {
    if (typeof tag !== "string") continue;
    const [primary, ...rest] = tag.toLowerCase().split(/[-_]/);
    if (primary === "en") return "en";
    if (primary !== "zh") continue;
    if (rest.includes("hans")) return "zh-CN";
    if (rest.includes("hant") || rest.some((part) => ["tw", "hk", "mo"].includes(part))) continue;
    return "zh-CN";
  }
  return "en";
}

/**
 * The remembered choice, or null (nothing stored, storage refused, or a value that is not a
 * language of the site: never trusted as it is).
 * @returns {Lang | null}
 */
export function storedLang() {
  try {
    const value = localStorage.getItem(STORAGE_KEY);
    return isLang(value) ? value : null;
  } catch {
    return null;
  }
}

/**
 * Remembers the visitor's choice.
 * @param {Lang} lang
 */
export function storeLang(lang) {
  try {
    localStorage.setItem(STORAGE_KEY, lang);
  } catch {
    // Storage full or disabled: the choice lasts for this visit.
  }
}

/**
 * The language to start in: the stored choice, else the browser's.
 * @returns {Lang}
 */
export function initialLang() {
  const languages = typeof navigator !== "undefined" && navigator.languages && navigator.languages.length
    ? navigator.languages : [typeof navigator !== "undefined" ? navigator.language : "en"];
  return storedLang() || fromBrowser(languages);
}
