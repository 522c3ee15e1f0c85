// Words in the document: an element says which catalog key its text (and its attributes)
// come from, so a change of language puts every one of them in the new language at once.
//   data-i18n="KEY"                  its text is the key's (data-i18n-params: the parameters, JSON)
//   data-i18n-msg='{"id":..}'         its text is an engine message's
//   data-i18n-attr="aria-label=KEY;title=KEY2"   attributes from keys (parameters: data-i18n-params)
// index.html marks its texts this way; code sets texts with setText / setMsg / setAttrs, which
// mark the element the same way.  No page state: the embeddable player uses it too.
import { msgText, t } from "./i18n.js";

/** @typedef {import("./render.js").Msg} Msg */
/** @typedef {import("./render.js").MsgParam} MsgParam */

/**
 * Sets an element's text from a catalog key, and remembers the key for a change of language.
 * @param {HTMLElement} node
 * @param {string} key
 * @param {Record<string, MsgParam>} [params]
 */
export function setText(node, key, params) {
  node.dataset.i18n = key;
  if (params && Object.keys(params).length) node.dataset.i18nParams = JSON.stringify(params);
  else delete node.dataset.i18nParams;
  delete node.dataset.i18nMsg;
  node.textContent = t(key, params);
}

/**
 * Sets an element's text from an engine message (or empties it, for null).
 * @param {HTMLElement} node
 * @param {Msg | null | undefined} msg
 */
export function setMsg(node, msg) {
  delete node.dataset.i18n;
  delete node.dataset.i18nParams;
  if (!msg) {
    delete node.dataset.i18nMsg;
    node.textContent = "";
    return;
  }
  node.dataset.i18nMsg = JSON.stringify(msg);
  node.textContent = msgText(msg);
}

/**
 * Sets text that is not the site's words (a number, a user's text, an engine's answer):
 * the element stops following the language.
 * @param {HTMLElement} node
 * @param {string} text
 */
export function setPlain(node, text) {
  delete node.dataset.i18n;
  delete node.dataset.i18nParams;
  delete node.dataset.i18nMsg;
  node.textContent = text;
}

/**
 * Sets attributes from catalog keys ({"aria-label": KEY, title: KEY2}), remembered for a
 * change of language; the parameters serve every key.
 * @param {HTMLElement} node
 * @param {Record<string, string>} keys
 * @param {Record<string, MsgParam>} [params]
 */
export function setAttrs(node, keys, params) {
  node.dataset.i18nAttr = Object.entries(keys).map(([attr, key]) => `${attr}=${key}`).join(";");
  if (params && Object.keys(params).length) node.dataset.i18nParams = JSON.stringify(params);
  for (const [attr, key] of Object.entries(keys)) node.setAttribute(attr, t(key, params));
}

/**
 * @param {HTMLElement} node
 * @returns {Record<string, MsgParam> | undefined}
 */
function paramsOf(node) {
  const raw = node.dataset.i18nParams;
  if (!raw) return undefined;
  try {
    const parsed = JSON.parse(raw);
    return parsed && typeof parsed === "object" ? parsed : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Puts every marked element under `root` (and `root` itself) in the language shown now.
 * @param {ParentNode & Node} root
 */
export function translateTree(root) {
  /** @type {HTMLElement[]} */
  const nodes = [...root.querySelectorAll("[data-i18n], [data-i18n-msg], [data-i18n-attr]")]
    .filter((n) => n instanceof HTMLElement);
  if (root instanceof HTMLElement && root.matches("[data-i18n], [data-i18n-msg], [data-i18n-attr]")) nodes.push(root);
  for (const node of nodes) {
    const params = paramsOf(node);
    if (node.dataset.i18n) node.textContent = t(node.dataset.i18n, params);
    else if (node.dataset.i18nMsg) {
      try {
        node.textContent = msgText(JSON.parse(node.dataset.i18nMsg));
      } catch {
        // A message the page wrote itself: it parses.
      }
    }
    for (const pair of (node.dataset.i18nAttr || "").split(";")) {
      const [attr, key] = pair.split("=");
      if (attr && key) node.setAttribute(attr, t(key, params));
    }
  }
}

/**
 * What an element says now, as a message: its key and parameters, its engine message, or its
 * text as it is (a message may nest it, and it follows the language).
 * @param {HTMLElement} node
 * @returns {Msg}
 */
export function currentMsg(node) {
  if (node.dataset.i18n) return { id: node.dataset.i18n, params: paramsOf(node) || {} };
  if (node.dataset.i18nMsg) {
    try {
      return JSON.parse(node.dataset.i18nMsg);
    } catch {
      // Written by setMsg: it parses.
    }
  }
  return { id: "raw", params: { text: node.textContent || "" } };
}
