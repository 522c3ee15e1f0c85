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

// The input and scene of a link this tab shows (not yet the user's: see input.js)
// live in session storage, so a reload of the tab shows them again while the user's
// own saved input, game and scene stay as they were; a new tab starts from those.
const LINK_KEY = "pixelJudge.linkView.v1";

/**
 * The link this tab showed before a reload, or null (also for anything not written here).
 * @returns {{ game: string, text: string, scene: Record<string, unknown> | null } | null}
 */
export function loadLinkView() {
  try {
    const data = JSON.parse(sessionStorage.getItem(LINK_KEY) || "null");
    if (!data || typeof data !== "object" || typeof data.game !== "string" || typeof data.text !== "string") return null;
    const scene = data.scene && typeof data.scene === "object" && !Array.isArray(data.scene) ? data.scene : null;
    return { game: data.game, text: data.text, scene };
  } catch {
    return null;
  }
}

/**
 * Keeps the link this tab shows for a reload of the tab (null: none any more).
 * @param {{ game: string, text: string, scene?: object } | null} view
 */
export function saveLinkView(view) {
  try {
    if (view) sessionStorage.setItem(LINK_KEY, JSON.stringify(view));
    else sessionStorage.removeItem(LINK_KEY);
  } catch {
    // Storage full or disabled: a reload shows the user's own input.
  }
}
