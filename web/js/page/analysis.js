// Analysis of the user's own moves in a two-player game, as lichess's analysis
// board marks them: every move the user played is compared with the best move
// at that position, using the exact values the engine put in the frames
// (`frame.values`, one per legal move, `best` on the mover's best).  No rules
// here: only arithmetic on those values.
//
// A move's loss is |best value - its value| on the game's own scale (the best
// value is the mover's best, so the loss is never negative).  Marks:
//   kalah           final stone difference   1 "?!"   2-3 "?"   4 or more "??"
//   house_of_cards  final point difference   1-2 "?!" 3-5 "?"   6 or more "??"
//   sevens          win 1 / draw 0 / loss -1 any loss "??" (a win turned into a
//                   draw or a loss, or a draw into a loss)
// A best move (loss 0) has the mark "".

/** @typedef {import("../stage/types.js").Frame} Frame */
/**
 * One move the user played, judged against the best at its position.
 * @typedef {{ step: number, move: string, value: number, best_value: number, loss: number, mark: string }} AnalysisEntry
 */

/**
 * [loss from which "?!", from which "?", from which "??"]
 * @type {Record<string, [number, number, number]>}
 */
export const THRESHOLDS = {
  kalah: [1, 2, 4],
  house_of_cards: [1, 3, 6],
  sevens: [Infinity, Infinity, 1],
};
const DEFAULT = [1, 3, 6];

// The games whose values are points (the summary says how many were lost).
const UNIT = { kalah: true, house_of_cards: true };

/**
 * The mark of a move that lost `loss` on the game's scale ("" for none).
 * @param {string} game
 * @param {number} loss
 * @returns {string}
 */
export function markFor(game, loss) {
  const [dubious, mistake, blunder] = THRESHOLDS[game] || DEFAULT;
  if (loss >= blunder) return "??";
  if (loss >= mistake) return "?";
  if (loss >= dubious) return "?!";
  return "";
}

/**
 * The analysis of the moves played at `steps` (decision frames) of `frames`:
 * [{step, move, value, best_value, loss, mark}].
 * @param {string} game
 * @param {Frame[]} frames
 * @param {number[]} steps
 * @returns {AnalysisEntry[]}
 */
export function analyse(game, frames, steps) {
  const out = [];
  for (const step of steps) {
    const frame = frames[step];
    const next = frames[step + 1];
    if (!frame || !frame.values || !next || !next.event) continue;
    const move = next.event.move;
    const played = frame.values.find((v) => v.move === move);
    const best = frame.values.find((v) => v.best) || played;
    if (!played || !best) continue;
    const loss = Math.abs(best.value - played.value);
    out.push({ step, move, value: played.value, best_value: best.value, loss, mark: markFor(game, loss) });
  }
  return out;
}

// The words of each mark, counted (plural forms by the catalog).
/** @type {Record<string, (n: number) => { id: string, params: Record<string, number> }>} */
const MARK_WORDS = {
  "?!": (n) => ({ id: "ui.analysis.inaccuracies", params: { count: n } }),
  "?": (n) => ({ id: "ui.analysis.mistakes", params: { count: n } }),
  "??": (n) => ({ id: "ui.analysis.blunders", params: { count: n } }),
};

/**
 * "2 mistakes, 1 blunder, 7 points lost", or "every move best", as a message.
 * @param {string} game
 * @param {{ mark: string, loss: number }[]} entries
 * @returns {import("../i18n/render.js").Msg | null}
 */
export function summary(game, entries) {
  if (!entries.length) return null;
  const parts = [];
  for (const mark of ["?!", "?", "??"]) {
    const n = entries.filter((e) => e.mark === mark).length;
    if (n) parts.push(MARK_WORDS[mark](n));
  }
  if (!parts.length) {
    return entries.length === 1 ? { id: "ui.analysis.your_move_best", params: {} }
      : { id: "ui.analysis.all_best", params: { count: entries.length } };
  }
  const lost = entries.reduce((sum, e) => sum + e.loss, 0);
  if (UNIT[game]) parts.push({ id: "ui.analysis.points_lost", params: { count: lost } });
  return { id: "ui.analysis.parts", params: { parts } };
}
