// Remembers the user's inputs per game (and the last scene) across reloads.
const KEY = "pixelJudge.v1";

/**
 * What the last visit saved ({} when nothing, or nothing readable).
 * @returns {Record<string, any>}
 */
export function load() {
  try {
    const data = JSON.parse(localStorage.getItem(KEY) || "{}");
    return data && typeof data === "object" ? data : {};
  } catch {
    return {};
  }
}

/**
 * Saves `data` (quietly does nothing where storage is off or full).
 * @param {Record<string, unknown>} data
 */
export function save(data) {
  try {
    localStorage.setItem(KEY, JSON.stringify(data));
  } catch {
    // Storage full or disabled: the page keeps working without it.
  }
}
