// Share links on the page: Copy link, reading a link when the page opens, and
// the banner of a link that could not be opened.  (share.js encodes and decodes.)
import { app, el, copyText } from "./state.js";
import { addHook } from "./hook.js";
import * as share from "./share.js";

/**
 * What links need from the rest of the page (main.js hands it over).
 * @typedef {object} LinkNeeds
 * @property {() => import("./types.js").SceneRef} currentScene  the shown scene
 * @property {() => object | null} exploreLink  Explore's settings, when the user has touched them
 */

/** @type {LinkNeeds} */
let needs;
/** @param {LinkNeeds} given */
export function connectLinks(given) {
  needs = given;
}

/**
 * Shows the banner of a link that could not be opened.
 * @param {string} message
 */
export function showLinkError(message) {
  el.linkError.textContent = `This share link could not be opened: ${message}. Nothing from it was loaded.`;
  el.linkError.hidden = false;
}

/**
 * The scene in the address bar's fragment, or null; the fragment is dropped so
 * later edits survive a reload.
 * @returns {Promise<import("./types.js").Linked | null>}
 */
export async function readLink() {
  const fragment = share.currentFragment();
  if (!fragment) return null;
  let linked = null;
  try {
    linked = await share.parseFragment(fragment, app.games.map((g) => g.name));
  } catch (err) {
    showLinkError(err instanceof share.LinkError ? err.message : "this link could not be read");
  }
  share.clearFragment();
  return linked;
}

// Explore's settings (when the user has touched them) ride along.
const shareLink = () => share.linkFor({ ...needs.currentScene(), explore: needs.exploreLink() });
addHook("shareLink", shareLink);

/** The Copy link button (controls.js). */
export const handlers = {
  copyLink: async () => {
    const link = await shareLink();
    const copied = await copyText(link);
    // The link also shows in a field, selected, for browsers that refuse the clipboard.
    el.linkText.value = link;
    el.linkText.hidden = false;
    el.linkText.select();
    el.linkStatus.textContent = copied ? "Link copied." : "Copy the link below.";
  },
};
