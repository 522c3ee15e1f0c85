// The bridge commands the tools use (check, generate, shrink, split_cases), as
// promises that reject with a JudgeError (message, line, column) on bad input.

/** @typedef {import("../engine/client.js").EngineClient} EngineClient */

/** The engine refused the input: the message names line and column. */
export class JudgeError extends Error {
  constructor(error) {
    super(error.message);   // the engine's message already names the line and column
    this.type = error.type;
    this.msg = error.msg || null;   // the same, as a message: it follows the language
    this.line = error.line ?? null;
    this.column = error.column ?? null;
  }
}

async function call(client, request, options) {
  const reply = await client.call(request, options);
  if (!reply.ok) throw new JudgeError(reply.error);
  return reply;
}

/**
 * Judges `output` against the engine's answer for `input`, per case.
 * @param {EngineClient} client
 * @param {string} game
 * @param {string} input
 * @param {string} output
 * @param {{ strict?: boolean }} [options]
 */
export function check(client, game, input, output, { strict = false } = {}) {
  return call(client, { cmd: "check", game, input, output, strict });
}

/**
 * Tests first .. first + count - 1 of the set (game, seed, mode, cases): any split
 * of a set into batches gives the same tests as the CLI's `gen` and `stress`.
 * @param {EngineClient} client
 * @param {string} game
 * @param {{ seed?: number, count?: number, mode?: string, cases?: number | null, first?: number }} [settings]
 * @param {Record<string, unknown>} [options]  the game's random options
 */
export async function generate(client, game, { seed = 1, count = 1, mode = "random", cases = null, first = 1 } = {}, options) {
  return (await call(client, { cmd: "generate", game, seed, count, mode, cases, first }, options)).tests;
}

/**
 * The engine's smaller candidates for a failing input.
 * @param {EngineClient} client
 * @param {string} game
 * @param {string} input
 * @returns {Promise<string[]>}
 */
export async function shrink(client, game, input) {
  return (await call(client, { cmd: "shrink", game, input })).candidates;
}

/**
 * A multi-case input as one input per case.
 * @param {EngineClient} client
 * @param {string} game
 * @param {string} input
 * @returns {Promise<string[]>}
 */
export async function splitCases(client, game, input) {
  return (await call(client, { cmd: "split_cases", game, input })).inputs;
}

/**
 * The engine's answer for `input`.
 * @param {EngineClient} client
 * @param {string} game
 * @param {string} input
 * @returns {Promise<string>}
 */
export async function answer(client, game, input) {
  return (await call(client, { cmd: "solve", game, text: input })).answer;
}

/** Each verdict's words (the catalog's), as a message. */
export const VERDICT = {
  accepted: { id: "ui.verdict.accepted", params: {} },
  presentation: { id: "ui.verdict.presentation", params: {} },
  wrong: { id: "ui.verdict.wrong", params: {} },
  time: { id: "ui.verdict.time", params: {} },
  memory: { id: "ui.verdict.memory", params: {} },
  output: { id: "ui.verdict.output", params: {} },
  error: { id: "ui.verdict.error", params: {} },
  compile: { id: "ui.verdict.compile", params: {} },
  cancelled: { id: "ui.verdict.cancelled", params: {} },
  failed: { id: "ui.verdict.failed", params: {} },
};
/** @param {string} verdict */
export const verdictMsg = (verdict) => VERDICT[verdict] || { id: "raw", params: { text: verdict } };

/**
 * One verdict for a whole output: wrong beats presentation beats accepted.
 * @param {{ verdict: string }[]} cases
 * @returns {string}
 */
export function overall(cases) {
  if (cases.some((c) => c.verdict === "wrong")) return "wrong";
  if (cases.some((c) => c.verdict === "presentation")) return "presentation";
  return "accepted";
}
