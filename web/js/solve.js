// Solving: sends the input to the engine, shows progress, the answer and the
// status line, and loads the frames; `replay` fetches the frames of another
// case or of a line with the user's moves.
import { app, el, gameInfo, copyText } from "./page.js";
import { clearError, showError } from "./input-errors.js";
import { fillCases, showCase } from "./cases.js";
import { loadFrames, player } from "./playback.js";
import { choicesBefore } from "./moves.js";
import { showLinkError } from "./links.js";

export async function solve({ caseIndex = 0, step = 0, moves = [], fromLink = false, quiet = false } = {}) {
  if (app.solving) return;
  const text = el.input.value;
  const game = app.game;
  if (!text.trim()) {
    showError({ message: "The input is empty: paste a judge input, or load a sample." });
    return;
  }
  clearError();
  const ticket = ++app.ticket;
  el.solveStatus.textContent = app.client.stage === "ready" ? "Solving…" : "Waiting for the engine…";
  const started = performance.now();
  const reply = await call({ cmd: "solve", game, text, case: caseIndex, moves }, (p) => {
    const parts = [];
    if (p.cases > 1) parts.push(`case ${p.case + 1}/${p.cases}`);
    if (p.nodes) parts.push(`${Number(p.nodes).toLocaleString()} positions`);
    parts.push(`${((performance.now() - started) / 1000).toFixed(1)} s`);
    el.solveStatus.textContent = `Solving… ${parts.join(" · ")}`;
  });
  if (ticket !== app.ticket || game !== app.game) return;
  if (!reply.ok) {
    el.solveStatus.textContent = reply.error.type === "Cancelled" ? "Cancelled." : "";
    if (reply.error.type !== "Cancelled") showError(reply.error);
    if (fromLink) showLinkError(`its input is not valid (${reply.error.message})`);
    return;
  }
  const ms = reply.stats && reply.stats.ms !== undefined ? `${reply.stats.ms} ms` : "";
  const searched = gameInfo(game).kind === "two-player" && reply.stats.nodes;
  el.solveStatus.textContent = quiet ? "" : `Solved in ${ms}${searched ? ` · ${Number(reply.stats.nodes).toLocaleString()} positions searched` : ""}`;
  el.answer.textContent = reply.answer;
  el.copyAnswer.disabled = false;
  el.copyLink.disabled = false;
  fillCases(reply.cases, reply.case);
  app.solved = { game, text, reply, caseIndex: reply.case, frames: reply.frames, moves: [...moves] };
  loadFrames(reply.frames, step);
}

export async function replay(caseIndex, moves, step) {
  const s = app.solved;
  if (!s || app.solving) return;
  const reply = await call({ cmd: "replay", game: s.game, text: s.text, case: caseIndex, moves });
  if (!reply.ok) {
    if (reply.error.type !== "Cancelled") showError(reply.error);
    return;
  }
  s.caseIndex = reply.case;
  s.frames = reply.frames;
  s.moves = [...moves];
  showCase(reply.case);
  loadFrames(reply.frames, step);
}

// One engine request at a time from the page: Solve is off and Cancel on meanwhile.
async function call(request, onProgress) {
  app.solving = true;
  el.solve.disabled = true;
  el.cancel.disabled = false;
  const reply = await app.client.call(request, { onProgress });
  app.solving = false;
  el.solve.disabled = false;
  el.cancel.disabled = true;
  return reply;
}

export const handlers = {
  solve: () => solve(),
  cancel: async () => {
    el.solveStatus.textContent = "Cancelling…";
    await app.client.cancel();
  },
  caseChosen: (k) => replay(k, [], 0),
  move: async (id) => {
    const i = player.index;
    const moves = [...choicesBefore(app.solved.frames, i), id];
    await replay(app.solved.caseIndex, moves, i + 1);
  },
  backToLine: () => replay(app.solved.caseIndex, [], player.index),
  copyAnswer: async () => {
    const copied = await copyText(el.answer.textContent);
    el.solveStatus.textContent = copied ? "Answer copied." : "Select the answer to copy it.";
  },
};
