// The embed's link: its fragment is a share link's (page/share.js reads it), plus
// an optional `autoplay=1`.  The full page opens the same fragment, without it.
import { LinkError, linkProblem, parseFragment } from "../page/share.js";
import { msgText, t } from "../i18n/i18n.js";

/**
 * What is wrong with a link the engine refused, in the embed's language.
 * @param {import("../engine/client.js").EngineError} error
 * @param {number} caseIndex
 */
export function linkTrouble(error, caseIndex) {
  return msgText(linkProblem(error, caseIndex));
}

/**
 * The scene a link shows.
 * @typedef {Object} LinkedScene
 * @property {string} game
 * @property {string} text  the judge input
 * @property {number} caseIndex
 * @property {number} step
 * @property {string[]} moves  the user's moves (a variation), or none
 */

const AUTOPLAY = /^autoplay=/;

/**
 * Reads a fragment: the scene and whether it plays by itself, or the reason it
 * cannot be shown (as `error`).  Never throws.
 * @param {string} fragment  location.hash
 * @param {string[]} knownGames
 * @returns {Promise<{ scene: LinkedScene | null, autoplay: boolean, error: string | null }>}
 */
export async function readLink(fragment, knownGames) {
  const autoplay = parts(fragment).includes("autoplay=1");
  try {
    const linked = await parseFragment(`#${parts(fragment).filter((p) => !AUTOPLAY.test(p)).join("&")}`, knownGames);
    if (!linked) return { scene: null, autoplay, error: t("ui.embed.no_scene") };
    if (!linked.text.trim()) return { scene: null, autoplay, error: t("ui.embed.no_input") };
    const { game, text, caseIndex, step, moves } = linked;
    return { scene: { game, text, caseIndex, step, moves }, autoplay, error: null };
  } catch (err) {
    return { scene: null, autoplay, error: err instanceof LinkError ? msgText({ id: err.msgId, params: err.params }) : t("ui.link.unreadable") };
  }
}

/**
 * The full page at the same scene: index.html beside this page, the same
 * fragment without `autoplay`.
 * @param {string} fragment
 * @param {string} here  this page's URL
 */
export function pageLink(fragment, here) {
  const url = new URL("index.html", here);
  const kept = parts(fragment).filter((p) => !AUTOPLAY.test(p));
  url.hash = kept.length ? kept.join("&") : "";
  return url.href;
}

/** @param {string} fragment */
function parts(fragment) {
  const body = fragment.startsWith("#") ? fragment.slice(1) : fragment;
  return body ? body.split("&") : [];
}
