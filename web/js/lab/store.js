// The lab's code and input the user typed, kept in local storage for the next
// visit.  What is read back is checked (two strings within bounds), never
// trusted: another tab's damage or a hand edit is ignored.  A link's code is
// never saved here until the user keeps it (controller.js).

const KEY = "pixelJudge.lab.v1";
/** The most characters of code the lab keeps (a link's bound too). */
export const MAX_CODE_CHARS = 100_000;
/** The most characters of input the lab keeps (a link's bound too). */
export const MAX_INPUT_CHARS = 100_000;

/**
 * What the user last kept in the lab, or null.
 * @returns {{ code: string, input: string } | null}
 */
export function loadLab() {
  let data;
  try { data = JSON.parse(localStorage.getItem(KEY) || "null"); } catch { return null; }
  if (!data || typeof data !== "object" || Array.isArray(data)) return null;
  const { code, input } = /** @type {Record<string, unknown>} */ (data);
  if (typeof code !== "string" || typeof input !== "string") return null;
  if (code.length > MAX_CODE_CHARS || input.length > MAX_INPUT_CHARS) return null;
  return { code, input };
}

/**
 * Keeps the lab's code and input (quietly nothing where storage is off or full).
 * @param {{ code: string, input: string }} lab
 */
export function saveLab({ code, input }) {
  if (code.length > MAX_CODE_CHARS || input.length > MAX_INPUT_CHARS) return;
  try { localStorage.setItem(KEY, JSON.stringify({ code, input })); } catch { /* storage full or turned off */ }
}
