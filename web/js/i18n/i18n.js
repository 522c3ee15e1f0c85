// The site's words in the chosen language: loads a language's catalog (dist/locale/<lang>.json:
// the engines' messages and the page's, merged by build.py), turns message ids into text
// (t, msgText), gives replies from the engine their texts (localize) and tells listeners when
// the language changes.  No page state: the page and the embeddable player both use it.
import i18next from "i18next";
import { i18nOptions, render } from "./render.js";
import { LANGS, SOURCE_LANG, initialLang, isLang } from "./lang.js";

/** @typedef {import("./lang.js").Lang} Lang */
/** @typedef {import("./render.js").Msg} Msg */
/** @typedef {import("./render.js").MsgParam} MsgParam */

/** The family of the pixel face for CJK text (GNU Unifont's glyphs, subset by build.py). */
export const CJK_FAMILY = "PJ Unifont";
/** The languages whose text needs the CJK face. */
const CJK_LANGS = new Set(["zh-CN"]);

const i18n = i18next.createInstance();
const started = i18n.init({ ...i18nOptions(), lng: SOURCE_LANG, resources: {}, initAsync: false });
/** @type {Lang} */
let current = SOURCE_LANG;
/** @type {Map<string, Promise<void>>} */
const loading = new Map();
/** @type {((lang: Lang) => void)[]} */
const listeners = [];

/**
 * Fetches a language's catalog (once) and, for CJK, its pixel face.
 * @param {Lang} lang
 * @returns {Promise<void>}
 */
export function preload(lang) {
  let found = loading.get(lang);
  if (!found) {
    found = (async () => {
      const url = new URL(`../../locale/${lang}.json`, import.meta.url);
      const response = await fetch(url);
      if (!response.ok) throw new Error(`could not load the ${lang} catalog (HTTP ${response.status})`);
      const catalog = await response.json();
      if (!catalog || typeof catalog !== "object") throw new Error(`the ${lang} catalog is not an object`);
      await started;
      i18n.addResourceBundle(lang, "translation", catalog, true, true);
      if (CJK_LANGS.has(lang) && typeof document !== "undefined" && document.fonts) {
        // The stage draws with the face at once: it must be there before the language is.
        await document.fonts.load(`16px "${CJK_FAMILY}"`, "中").catch(() => []);
      }
    })();
    loading.set(lang, found);
    found.catch(() => loading.delete(lang));
  }
  return found;
}

/** The first language, loading from the moment this module is imported. */
const first = initialLang();
const firstLoad = preload(first);

/**
 * Resolves once the first language (the stored choice, else the browser's) is ready.
 * When its catalog cannot be loaded the page speaks English; when English cannot be
 * loaded either, this rejects.
 * @returns {Promise<Lang>}
 */
export async function ready() {
  try {
    await firstLoad;
    current = first;
  } catch (err) {
    if (first === SOURCE_LANG) throw err;
    await preload(SOURCE_LANG);
    current = SOURCE_LANG;
  }
  setDocumentLang(current);
  return current;
}

/** @param {Lang} lang */
function setDocumentLang(lang) {
  if (typeof document !== "undefined") document.documentElement.lang = lang;
}

/** @returns {Lang} the language shown now */
export function language() {
  return current;
}

/**
 * Changes the language: loads its catalog, then tells every listener (in the order they
 * listened), which put their texts in the new language.
 * @param {Lang} lang
 */
export async function setLanguage(lang) {
  if (!isLang(lang)) throw new Error(`not a language of the site: ${String(lang)}`);
  await preload(lang);
  if (lang === current) return;
  current = lang;
  setDocumentLang(lang);
  for (const fn of listeners) fn(lang);
}

/**
 * Runs `fn(lang)` after every change of language.
 * @param {(lang: Lang) => void} fn
 */
export function onLanguage(fn) {
  listeners.push(fn);
}

/**
 * The text of a catalog key with its parameters, in the language shown now.  Keys are
 * literal strings at every call (tests/test_i18n.py finds them in the code).
 * @param {string} key
 * @param {Record<string, MsgParam>} [params]
 * @returns {string}
 */
export function t(key, params = {}) {
  return render(i18n, { id: key, params }, current);
}

/**
 * The text of a message from the engine ({id, params}) in the language shown now.
 * @param {Msg} msg
 * @returns {string}
 */
export function msgText(msg) {
  return render(i18n, msg, current);
}

/**
 * Gives a reply from the engine its texts in the language shown now, in place: every
 * `NAME_msg` sets `NAME`; a frame's `msg` sets its `note`, an error's its `message`
 * (py_engines/i18n.py's `localize`, which wrote the English first).  Call it again after a
 * change of language: the messages stay beside their texts.
 * @template T
 * @param {T} obj
 * @returns {T}
 */
export function localize(obj) {
  if (Array.isArray(obj)) {
    for (const item of obj) localize(item);
  } else if (obj && typeof obj === "object") {
    const record = /** @type {Record<string, unknown>} */ (obj);
    for (const [key, value] of Object.entries(record)) {
      if (key === "msg" && isMsg(value)) {
        if ("note" in record) record.note = msgText(value);
        if ("message" in record) record.message = msgText(value);
      } else if (key.endsWith("_msg") && key !== "_msg") {
        record[key.slice(0, -4)] = texts(value);
      } else if (!key.endsWith("_msg")) {
        localize(value);
      }
    }
  }
  return obj;
}

/**
 * @param {unknown} value
 * @returns {value is Msg}
 */
function isMsg(value) {
  return !!value && typeof value === "object" && typeof /** @type {Msg} */ (value).id === "string";
}

/**
 * A message's text; a list or a mapping of messages gives a list or mapping of texts.
 * @param {unknown} value
 * @returns {unknown}
 */
function texts(value) {
  if (value === null || value === undefined) return null;
  if (Array.isArray(value)) return value.map(texts);
  if (isMsg(value)) return msgText(value);
  if (typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, texts(v)]));
  }
  return value;
}

/** The characters beyond ASCII of the CJK catalog, once it is loaded (the CJK face holds exactly these). */
/** @type {Set<string> | null} */
let faceChars = null;

/**
 * Does the CJK face draw `ch`?  build.py subsets it to the characters of the CJK catalog,
 * and loading that catalog loads the face (preload), so a loaded catalog tells.
 * @param {string} ch
 * @returns {boolean}
 */
function faceCovers(ch) {
  if (!faceChars) {
    const lang = [...CJK_LANGS].find((l) => i18n.hasResourceBundle(l, "translation"));
    if (!lang) return false;
    /** @type {Set<string>} */
    const found = new Set();
    /** @param {unknown} v */
    const walk = (v) => {
      if (typeof v === "string") for (const c of v) found.add(c);
      else if (v && typeof v === "object") Object.values(v).forEach(walk);
    };
    walk(i18n.getResourceBundle(lang, "translation"));
    faceChars = found;
  }
  return faceChars.has(ch);
}

/**
 * The words the stage draws with (the kit's `g.t` and `g.msg`), in the language shown at
 * each paint: the page, the embed and the exports pass this to the renderer.
 * @type {import("../stage/kit/kit.js").Words}
 */
export const stageWords = {
  t,
  msg: msgText,
  /** The language shown sets its words in the CJK face, 16 px tall. */
  get tall() { return CJK_LANGS.has(current); },
  covers: faceCovers,
};

export { LANGS };
