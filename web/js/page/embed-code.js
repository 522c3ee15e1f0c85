// The embed code of a scene: an <iframe> of embed.html with the scene's share-link
// fragment (web/README.md, "Embedding a scene").  640 x 360 by its attributes; its
// style lets it shrink with a narrower column, keeping 16:9.

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
export function embedSnippet({ fragment, gameTitle, caseIndex, here }) {
  const url = new URL("embed.html", here);
  url.hash = fragment;
  const title = `Pixel Judge: ${gameTitle}, case ${caseIndex + 1}`;
  return `<iframe src="${attribute(url.href)}" width="640" height="360" loading="lazy" `
    + `title="${attribute(title)}" style="border:0;max-width:100%;height:auto;aspect-ratio:16/9"></iframe>`;
}
