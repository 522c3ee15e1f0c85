// Share links on the page: Copy link and Copy embed code, reading a link when the
// page opens, and the banner of a link that could not be opened.  (share.js encodes
// and decodes.)
import { app, el, copyText, gameInfo } from "./state.js";
import { addHook } from "./hook.js";
import * as share from "./share.js";
import { setText } from "../i18n/dom.js";

const SAID = {
  linkCopied: "ui.links.copied", copyLinkBelow: "ui.links.copy_below",
  embedCopied: "ui.links.embed_copied", copyEmbedBelow: "ui.links.copy_embed_below",
};

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
 * Shows the banner of a link that could not be opened, with what is wrong with it.
 * @param {import("../i18n/render.js").Msg} problem
 */
export function showLinkError(problem) {
  setText(el.linkError, "ui.links.error", { problem });
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
    showLinkError(err instanceof share.LinkError ? { id: err.msgId, params: err.params }
      : { id: "ui.link.unreadable", params: {} });
  }
  share.clearFragment();
  return linked;
}

// Explore's settings (when the user has touched them) ride along.
const shareLink = () => share.linkFor({ ...needs.currentScene(), explore: needs.exploreLink() });
addHook("shareLink", shareLink);

// The embed code: an <iframe> of embed.html with the scene's share-link fragment
// (web/EMBED.md), 640 x 360 by its attributes; its style lets it shrink with a
// narrower column, keeping 16:9.

/** @param {string} text */
function attribute(text) {
  return text.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

/**
 * The <iframe> that shows a scene in another page.
 * @param {{ fragment: string, gameTitle: string, caseIndex: number, here: string }} scene
 *   fragment: the share link's ("#v=1&..."); here: this page's URL (embed.html is beside it)
 * @returns {string}
 */
function embedSnippet({ fragment, gameTitle, caseIndex, here }) {
  const url = new URL("embed.html", here);
  url.hash = fragment;
  const title = `Pixel Judge: ${gameTitle}, case ${caseIndex + 1}`;
  return `<iframe src="${attribute(url.href)}" width="640" height="360" loading="lazy" `
    + `title="${attribute(title)}" style="border:0;max-width:100%;height:auto;aspect-ratio:16/9"></iframe>`;
}

/**
 * The <iframe> that embeds the shown scene: the scene alone, without Explore's
 * settings or a tool (the embed has neither).
 * @returns {Promise<string>}
 */
async function embedCode() {
  const scene = needs.currentScene();
  const info = gameInfo(scene.game);
  const fragment = await share.buildFragment({ ...scene, explore: null, tool: null });
  return embedSnippet({ fragment, gameTitle: info ? info.title : scene.game, caseIndex: scene.caseIndex,
    here: location.href });
}
addHook("embedCode", embedCode);

/**
 * Copies `text`, and shows it in `field`, selected, for browsers that refuse the
 * clipboard or have no Clipboard API (one key press copies it there); the other
 * field goes.
 * @param {HTMLInputElement} field
 * @param {HTMLInputElement} other
 * @param {string} text
 * @param {string} copied  what the status says when the clipboard took it
 * @param {string} below  ... and when it did not
 */
async function copyInto(field, other, text, copied, below) {
  const done = await copyText(text);
  other.hidden = true;
  field.value = text;
  field.hidden = false;
  field.select();
  setText(el.linkStatus, done ? copied : below);
}

/** The Copy link and Copy embed code buttons (controls.js). */
export const handlers = {
  copyLink: async () => copyInto(el.linkText, el.embedText, await shareLink(), SAID.linkCopied, SAID.copyLinkBelow),
  copyEmbed: async () => copyInto(el.embedText, el.linkText, await embedCode(), SAID.embedCopied,
    SAID.copyEmbedBelow),
};
