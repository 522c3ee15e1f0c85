// Messages as text: the page's half of py_engines/i18n.py.
//
// The engines send words as messages, {id, params}: a catalog key (py_engines/locale/<lang>.json,
// i18next's JSON v4 format) and the values of its {{placeholders}}.  A parameter is a number, a
// string, a message (rendered first, in the same language) or a list of those (each rendered,
// joined by the catalog's common.list_separator); i18next does not nest messages passed as
// values, so render() resolves them before it calls t().  The id "raw" is a text no catalog
// holds: it reads the same in every language.  tests/test_i18n.py renders every key of every
// catalog through this module and through the Python formatter and requires the same text.

/** The id of a message that is its `text` parameter as it is. */
export const RAW = "raw";
/** The catalog key of the separator between a list's items. */
export const LIST_SEPARATOR = "common.list_separator";

/** The options every i18next instance of the site is made with (a fresh object each time:
 * i18next keeps what it is given): text is only ever set as textContent (no HTML escaping),
 * keys are dotted paths (no namespaces in them), and a missing key is never papered over by
 * another language.
 * @returns {import("i18next").InitOptions}
 */
export function i18nOptions() {
  return { fallbackLng: false, nsSeparator: false, keySeparator: ".", returnNull: false,
    interpolation: { escapeValue: false } };
}

/**
 * A message: its catalog key and its parameters.
 * @typedef {object} Msg
 * @property {string} id
 * @property {{[name: string]: MsgParam}} [params]
 */
/**
 * A parameter: a number, a text, a message, or a list of them (joined in the language's way).
 * (A JSDoc type alias cannot name itself inside an array, so the list is typed one level deep.)
 * @typedef {number | string | Msg | Array<number | string | Msg>} MsgParam
 */
/** @typedef {{t: (key: string, options?: Object) => string}} Translator  an i18next instance */

/**
 * The text of a message in ``lng``.
 * @param {Translator} i18n
 * @param {Msg} msg
 * @param {string} lng
 * @returns {string}
 */
export function render(i18n, msg, lng) {
  /** @type {Object<string, number | string>} */
  const values = {};
  for (const [name, value] of Object.entries(msg.params || {})) values[name] = param(i18n, value, lng);
  if (msg.id === RAW) return String(values.text);
  // The values go in `replace`, so that no parameter name can be taken for an i18next option;
  // `count` also goes beside it, where i18next looks for it to choose the plural form.
  /** @type {Object<string, unknown>} */
  const options = { lng, replace: values };
  if (typeof values.count === "number") options.count = values.count;
  return i18n.t(msg.id, options);
}

/**
 * @param {Translator} i18n
 * @param {MsgParam} value
 * @param {string} lng
 * @returns {number | string}
 */
function param(i18n, value, lng) {
  if (Array.isArray(value)) {
    return value.map((v) => String(param(i18n, v, lng))).join(i18n.t(LIST_SEPARATOR, { lng }));
  }
  if (value !== null && typeof value === "object") return render(i18n, value, lng);
  return /** @type {number | string} what is left of a parameter */ (value);
}
