// Every word the embed shows or says, in one place (for the translations to come).
// The stage's words are in capitals: the pixel font draws them best.

/** The embed's words. */
export const TEXT = Object.freeze({
  title: "PIXEL JUDGE",
  // The narration line (a polite live region) while there is no frame yet.
  loading: "Loading the Python engine…",
  starting: "Starting the engine…",
  solving: "Solving the scene…",
  // The stage's status line.
  stageRuntime: "LOADING PYTHON",
  stageEngine: "STARTING THE ENGINE",
  stageSolving: "SOLVING",
  stageFailed: "CANNOT SHOW THIS SCENE",
  // A link (or an engine) that cannot give a scene: the notice over the stage.
  cannotOpen: "This scene cannot be shown",
  engineFailed: "The engine could not start",
  noScene: "this link holds no scene: open it in Pixel Judge",
  noInput: "this link holds no input to play (it opens a tool or Explore): open it in Pixel Judge",
  unreadable: "this link could not be read",
  noDrawing: "this game's scene could not be loaded",
  retry: "Retry",
  // The play button's name, as it toggles.
  play: "Play",
  pause: "Pause",
});

/**
 * "2.1 / 13.7 MB" (decimal megabytes, one decimal).
 * @param {number} loaded
 * @param {number} total
 */
export function megabytes(loaded, total) {
  const mb = (/** @type {number} */ n) => (n / 1e6).toFixed(1);
  return `${mb(loaded)} / ${mb(total)} MB`;
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
  return nodes ? `${TEXT.stageSolving} ${Number(nodes).toLocaleString("en")} POSITIONS` : TEXT.stageSolving;
}
