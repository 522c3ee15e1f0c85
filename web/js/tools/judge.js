// The bridge commands the tools use (check, generate, shrink, split_cases), as
// promises that reject with a JudgeError (message, line, column) on bad input.

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

export function check(client, game, input, output, { strict = false } = {}) {
  return call(client, { cmd: "check", game, input, output, strict });
}

// Tests first .. first + count - 1 of the set (game, seed, mode, cases): any split
// of a set into batches gives the same tests as the CLI's `gen` and `stress`.
export async function generate(client, game, { seed = 1, count = 1, mode = "random", cases = null, first = 1 } = {}, options) {
  return (await call(client, { cmd: "generate", game, seed, count, mode, cases, first }, options)).tests;
}

export async function shrink(client, game, input) {
  return (await call(client, { cmd: "shrink", game, input })).candidates;
}

export async function splitCases(client, game, input) {
  return (await call(client, { cmd: "split_cases", game, input })).inputs;
}

export async function answer(client, game, input) {
  return (await call(client, { cmd: "solve", game, text: input })).answer;
}

// Each verdict's words (the catalog's), as a message.
export const VERDICT = {
  accepted: { id: "ui.verdict.accepted", params: {} },
  presentation: { id: "ui.verdict.presentation", params: {} },
  wrong: { id: "ui.verdict.wrong", params: {} },
  time: { id: "ui.verdict.time", params: {} },
  output: { id: "ui.verdict.output", params: {} },
  error: { id: "ui.verdict.error", params: {} },
  compile: { id: "ui.verdict.compile", params: {} },
  cancelled: { id: "ui.verdict.cancelled", params: {} },
  failed: { id: "ui.verdict.failed", params: {} },
};
/** @param {string} verdict */
export const verdictMsg = (verdict) => VERDICT[verdict] || { id: "raw", params: { text: verdict } };

// One verdict for a whole output: wrong beats presentation beats accepted.
export function overall(cases) {
  if (cases.some((c) => c.verdict === "wrong")) return "wrong";
  if (cases.some((c) => c.verdict === "presentation")) return "presentation";
  return "accepted";
}
