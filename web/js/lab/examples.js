// The lab's worked examples, from the site's manifest (manifest.lab.examples, put
// there by the build from py_engines/lab/examples/): checked before use, an
// entry that is not four bounded strings is left out.
import { MAX_CODE_CHARS, MAX_INPUT_CHARS } from "./store.js";

/** @typedef {{ id: string, title: string, code: string, sample: string }} LabExample */

/**
 * The examples that are well formed.
 * @param {unknown} list  the manifest's lab.examples
 * @returns {LabExample[]}
 */
export function labExamples(list) {
  if (!Array.isArray(list)) return [];
  /** @type {LabExample[]} */
  const out = [];
  for (const item of list.slice(0, 20)) {
    if (!item || typeof item !== "object") continue;
    const { id, title, code, sample } = /** @type {Record<string, unknown>} */ (item);
    if (typeof id !== "string" || typeof title !== "string" || typeof code !== "string") continue;
    const text = typeof sample === "string" ? sample : "";
    if (code.length > MAX_CODE_CHARS || text.length > MAX_INPUT_CHARS || title.length > 80) continue;
    out.push({ id, title, code, sample: text });
  }
  return out;
}
