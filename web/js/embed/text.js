// The embed's own words: every one is a key of the site's catalogs (web/locale/), in the
// language the embed speaks (the page's stored choice, else the browser's: i18n/lang.js).
// The stage's words are in capitals in English: the pixel font draws them best.
import { t } from "../i18n/i18n.js";

/** The big line of the stage's status picture: the site's name. */
export const TITLE = "PIXEL JUDGE";

/**
 * The stage's line while Python downloads: "LOADING PYTHON 2.1 / 13.7 MB" (decimal
 * megabytes, one decimal), or without the bytes before the first report.
 * @param {number} [loaded]
 * @param {number} [total]
 */
export function runtimeLabel(loaded, total) {
  if (loaded === undefined || !total) return t("ui.embed.stage_runtime");
  const mb = (/** @type {number} */ n) => (n / 1e6).toFixed(1);
  return t("ui.embed.stage_runtime_bytes", { loaded: mb(loaded), total: mb(total) });
}

/**
 * The step counter: "12 / 40" (steps counted from 0, as on the page).
 * @param {number} index
 * @param {number} count
 */
export function stepText(index, count) {
  return count ? `${index} / ${count - 1}` : "0 / 0";
}

/**
 * The solve's progress on the stage: "SOLVING 12,345 POSITIONS".
 * @param {number | undefined} nodes
 */
export function solvingLabel(nodes) {
  return nodes ? t("ui.embed.stage_solving_nodes", { nodes: Number(nodes).toLocaleString("en") })
    : t("ui.embed.stage_solving");
}
