// Composition root: wires the engine client, controls, player, renderer, share
// links and storage.  It knows no game rules: frames come from Python.
import { EngineClient } from "./engine-client.js";
import { bindControls } from "./controls.js";
import { Player } from "./player.js";
import { Renderer } from "./renderer.js";
import * as share from "./share.js";
import * as storage from "./storage.js";
import * as sound from "./sound.js";
import { fillPlayAs, renderMoves, choicesBefore } from "./moves.js";
import { fillTranscript, markTranscript } from "./transcript.js";

const $ = (id) => document.getElementById(id);
const el = {
  game: $("game"), gameTitle: $("game-title"), inputHelp: $("input-help"), input: $("input"), solve: $("solve"), cancel: $("cancel"),
  sample: $("sample"), sampleList: $("sample-list"), random: $("random"), seed: $("seed"),
  options: $("random-options"), error: $("error"), answer: $("answer"), copyAnswer: $("copy-answer"),
  solveStatus: $("solve-status"), caseSelect: $("case"), canvas: $("canvas"), narration: $("narration"),
  first: $("first"), stepBack: $("step-back"), play: $("play"), stepForward: $("step-forward"), last: $("last"),
  step: $("step"), scrubber: $("scrubber"), speed: $("speed"), speedText: $("speed-text"), sound: $("sound"),
  copyLink: $("copy-link"), linkStatus: $("link-status"), linkText: $("link-text"), linkError: $("link-error"),
  moves: $("moves"), movesTitle: $("moves-title"), moveList: $("move-list"), playAs: $("play-as"),
  backToLine: $("back-to-line"), demo: $("demo"), restore: $("restore-input"), inputTool: $("input-tool"), transcript: $("transcript"), boot: $("boot"), bootText: $("boot-text"),
  buildInfo: $("build-info"),
};

const reducedMotion = matchMedia("(prefers-reduced-motion: reduce)").matches;
const stored = storage.load();
const app = {
  games: [], game: null, scene: null, client: null,
  inputs: stored.inputs && typeof stored.inputs === "object" ? stored.inputs : {},
  sampleIndex: {},
  // The solved scene: what the canvas shows and a link shares.
  solved: null,   // {game, text, reply, caseIndex, frames, moves}
  solving: false,
  ticket: 0,
  demo: null,     // {index, timer} while the auto-demo plays the samples in a loop
};

const renderer = new Renderer(el.canvas, { reducedMotion });
const player = new Player({ reducedMotion, onChange: (why) => refreshPlayback(why) });

// ------------------------------------------------------------------ boot

async function start() {
  // The worker boots while the page loads its manifest and builds its controls.
  app.client = new EngineClient({ onStage: (stage, ms, message) => showBoot(stage, message) });
  let manifest;
  try {
    const response = await fetch("manifest.json", { cache: "no-cache" });
    manifest = await response.json();
  } catch (err) {
    showBoot("failed", `could not load the site manifest: ${err.message}`);
    return;
  }
  app.games = manifest.games;
  el.buildInfo.textContent = `engines ${manifest.version} · Pyodide ${manifest.pyodide}`;
  for (const game of app.games) {
    const option = document.createElement("option");
    option.value = game.name;
    option.textContent = game.title;
    el.game.append(option);
  }
  bindControls(el, withDemoStop(handlers));

  let linked = null;
  const fragment = share.currentFragment();
  if (fragment) {
    try {
      linked = await share.parseFragment(fragment, app.games.map((g) => g.name));
    } catch (err) {
      showLinkError(err instanceof share.LinkError ? err.message : "this link could not be read");
    }
    share.clearFragment();
  }
  const initialGame = linked ? linked.game
    : app.games.some((g) => g.name === stored.game) ? stored.game : app.games[0].name;
  await selectGame(initialGame, { keepInput: false });
  if (linked) {
    el.input.value = linked.text;
    rememberInput();
    await solve({ caseIndex: linked.caseIndex, step: linked.step, moves: linked.moves, fromLink: true });
  } else if (stored.scene && stored.scene.game === initialGame && stored.scene.text === el.input.value) {
    // The same scene as before the reload: show it again where the user was.
    const { caseIndex = 0, step = 0, moves = [] } = stored.scene;
    solve({ caseIndex, step, moves, quiet: true });
  }
}

function showBoot(stage, message) {
  const order = ["runtime", "engine", "ready"];
  const at = order.indexOf(stage);
  for (const li of el.boot.querySelectorAll("li")) {
    const k = order.indexOf(li.dataset.stage);
    li.className = stage === "failed" ? "" : k < at || stage === "ready" ? "done" : k === at ? "active" : "";
  }
  el.boot.dataset.stage = stage;
  const text = {
    runtime: "Loading Python runtime…", engine: "Installing engines…", ready: "Engine ready",
    failed: `Engine failed to start: ${message || "unknown error"}. Reload to retry.`,
  };
  el.bootText.textContent = text[stage] || stage;
  if (stage === "ready" && app.solving) el.solveStatus.textContent = "Solving…";
  if (stage === "ready") resolveReady();
}

function showLinkError(message) {
  el.linkError.textContent = `This share link could not be opened: ${message}. Nothing from it was loaded.`;
  el.linkError.hidden = false;
}

// ------------------------------------------------------------------ game and input

function gameInfo(name = app.game) {
  return app.games.find((g) => g.name === name);
}

async function selectGame(name, { keepInput = true } = {}) {
  if (keepInput && app.game) rememberInput();
  app.game = name;
  el.game.value = name;
  const info = gameInfo();
  el.gameTitle.textContent = info.title;
  el.inputHelp.textContent = info.input_help;
  el.input.value = app.inputs[name] ?? "";
  el.sampleList.replaceChildren(...info.samples.map((s, k) => {
    const option = document.createElement("option");
    option.value = String(k);
    option.textContent = s.name;
    return option;
  }));
  el.sample.disabled = info.samples.length === 0;
  el.sampleList.disabled = info.samples.length === 0;
  buildOptions(info);
  clearError();
  app.scene = await import(`./scenes/${name}.js`);
  if (app.game !== name) return;
  mountInputTool();
  if (!app.solved || app.solved.game !== name) clearPlayback();
  storage.save({ ...storage.load(), game: name, inputs: app.inputs });
}

function buildOptions(info) {
  const nodes = info.random_options.map((opt) => {
    const label = document.createElement("label");
    label.append(`${opt.label} `);
    let control;
    if (opt.choices) {
      control = document.createElement("select");
      for (const choice of opt.choices) {
        const o = document.createElement("option");
        o.value = choice;
        o.textContent = choice;
        control.append(o);
      }
    } else {
      control = document.createElement("input");
      control.type = "number";
      control.min = String(opt.min);
      control.max = String(opt.max);
      control.step = "1";
    }
    control.value = String(opt.default);
    control.dataset.option = opt.name;
    control.dataset.testid = `opt-${opt.name}`;
    label.append(control);
    return label;
  });
  el.options.replaceChildren(...nodes);
  el.options.hidden = nodes.length === 0;
}

// A scene may offer a game-specific way to build an input (e.g. clicking cards):
// `inputTool(container, {read, write})` returns `{sync(text)}`; the text in the
// textarea stays the one source of the input.
function mountInputTool() {
  app.tool = null;
  el.inputTool.replaceChildren();
  el.inputTool.hidden = !app.scene.inputTool;
  if (!app.scene.inputTool) return;
  app.tool = app.scene.inputTool(el.inputTool, {
    read: () => el.input.value,
    write: (text) => {
      el.input.value = text;
      rememberInput();
    },
  });
  app.tool.sync(el.input.value);
}

let saveTimer = 0;
function rememberInput() {
  if (app.tool) app.tool.sync(el.input.value);
  app.inputs[app.game] = el.input.value;
  clearTimeout(saveTimer);
  saveTimer = setTimeout(() => storage.save({ ...storage.load(), game: app.game, inputs: app.inputs }), 250);
}

// ------------------------------------------------------------------ solving

function clearError() {
  el.error.hidden = true;
  el.error.textContent = "";
}

function showError(error) {
  el.error.textContent = error.message + excerpt(error);
  el.error.hidden = false;
  if (error.line && error.column) selectPosition(error.line, error.column, error.token);
}

// The offending line with a caret under the column, as a compiler shows it.
function excerpt({ line, column, token }) {
  if (!line || !column) return "";
  const text = el.input.value.split(/\r\n|\r|\n/)[line - 1];
  if (text === undefined) return "";
  const from = Math.max(0, column - 40);
  const shown = text.slice(from, from + 80).replace(/\t/g, " ");
  const marks = "^".repeat(Math.max(1, Math.min(token ? token.length : 1, 80)));
  return `\n\n${String(line).padStart(5)} | ${shown}\n${" ".repeat(5)} | ${" ".repeat(column - 1 - from)}${marks}`;
}

// Puts the caret on the offending token, without changing the text.
function selectPosition(line, column, token) {
  const lines = el.input.value.split(/\r\n|\r|\n/);
  if (line > lines.length) return;
  let offset = 0;
  const newline = el.input.value.includes("\r\n") ? 2 : 1;
  for (let k = 0; k < line - 1; k++) offset += lines[k].length + newline;
  const start = offset + column - 1;
  el.input.setSelectionRange(start, start + (token ? token.length : 0));
}

async function solve({ caseIndex = 0, step = 0, moves = [], fromLink = false, quiet = false, keepDemo = false } = {}) {
  if (!keepDemo) stopDemo();
  if (app.solving) return;
  const text = el.input.value;
  const game = app.game;
  if (!text.trim()) {
    showError({ message: "The input is empty: paste a judge input, or load a sample." });
    return;
  }
  clearError();
  app.solving = true;
  const ticket = ++app.ticket;
  el.solve.disabled = true;
  el.cancel.disabled = false;
  el.solveStatus.textContent = app.client.stage === "ready" ? "Solving…" : "Waiting for the engine…";
  const started = performance.now();
  const reply = await app.client.call({ cmd: "solve", game, text, case: caseIndex, moves }, {
    onProgress: (p) => {
      const parts = [];
      if (p.cases > 1) parts.push(`case ${p.case + 1}/${p.cases}`);
      if (p.nodes) parts.push(`${Number(p.nodes).toLocaleString()} positions`);
      parts.push(`${((performance.now() - started) / 1000).toFixed(1)} s`);
      el.solveStatus.textContent = `Solving… ${parts.join(" · ")}`;
    },
  });
  app.solving = false;
  el.solve.disabled = false;
  el.cancel.disabled = true;
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
  el.caseSelect.replaceChildren(...reply.cases.map((c, k) => {
    const option = document.createElement("option");
    option.value = String(k);
    option.textContent = c.label;
    return option;
  }));
  el.caseSelect.disabled = reply.cases.length < 2;
  app.solved = { game, text, reply, caseIndex: reply.case, frames: reply.frames, moves: [...moves] };
  el.caseSelect.value = String(reply.case);
  loadFrames(reply.frames, step);
}

async function replay(caseIndex, moves, step) {
  const s = app.solved;
  if (!s || app.solving) return;
  app.solving = true;
  el.cancel.disabled = false;
  const reply = await app.client.call({ cmd: "replay", game: s.game, text: s.text, case: caseIndex, moves });
  app.solving = false;
  el.cancel.disabled = true;
  if (!reply.ok) {
    if (reply.error.type !== "Cancelled") showError(reply.error);
    return;
  }
  s.caseIndex = reply.case;
  s.frames = reply.frames;
  s.moves = [...moves];
  el.caseSelect.value = String(reply.case);
  loadFrames(reply.frames, step);
}

// ------------------------------------------------------------------ playback

function clearPlayback() {
  app.solved = null;
  el.answer.textContent = "";
  el.copyAnswer.disabled = true;
  el.copyLink.disabled = true;
  el.caseSelect.replaceChildren();
  el.caseSelect.disabled = true;
  el.transcript.replaceChildren();
  el.narration.textContent = "";
  el.solveStatus.textContent = "";
  player.load(0);
  renderer.show(app.scene, null);
}

function loadFrames(frames, step = 0) {
  el.linkText.hidden = true;   // a shown link belongs to the scene it was made for
  el.linkStatus.textContent = "";
  fillTranscript(el.transcript, frames);
  el.scrubber.max = String(Math.max(0, frames.length - 1));
  fillPlayAs(el.playAs, frames);
  player.load(frames.length, Math.min(step, frames.length - 1));
}


let lastSounded = -1;
function refreshPlayback(why) {
  const s = app.solved;
  const frames = s ? s.frames : [];
  const i = player.index;
  const frame = frames[i];
  el.step.textContent = frames.length ? `${i} / ${frames.length - 1}` : "0 / 0";
  el.scrubber.value = String(i);
  el.play.textContent = player.playing ? "Pause" : "Play";
  el.play.setAttribute("aria-label", player.playing ? "Pause" : "Play");
  el.play.setAttribute("aria-pressed", String(player.playing));
  for (const node of [el.first, el.stepBack]) node.disabled = !frames.length || i === 0;
  for (const node of [el.stepForward, el.last]) node.disabled = !frames.length || i >= frames.length - 1;
  el.play.disabled = frames.length < 2;
  el.scrubber.disabled = frames.length < 2;
  el.speedText.textContent = `${formatSpeed(player.speed)}x`;
  if (!frame) {
    renderer.show(app.scene, null);
    showMoves();
    return;
  }
  renderer.show(app.scene, { frame, prev: i > 0 ? frames[i - 1] : null, t: player.t });
  if (why === "tween") return;
  // Screen readers hear the narration when the user steps, not at every frame of playback.
  el.narration.setAttribute("aria-live", player.playing ? "off" : "polite");
  el.narration.textContent = frame.note;
  markTranscript(el.transcript, i);
  if (why === "seek" && i !== lastSounded && app.scene.sounds) sound.playNotes(app.scene.sounds(frame));
  lastSounded = i;
  showMoves();
  saveScene();
  if (why === "pause" && app.demo && i === frames.length - 1) {
    app.demo.timer = setTimeout(() => demoNext(), 1500);
  }
}

// ------------------------------------------------------------------ auto-demo

async function demoNext() {
  const info = gameInfo();
  if (!app.demo || !info.samples.length) return stopDemo();
  const k = app.demo.index % info.samples.length;
  app.demo.index = k + 1;
  loadSample(k);
  await solve({ quiet: true, keepDemo: true });
  if (app.demo && app.solved) {
    el.solveStatus.textContent = `Demo: ${info.samples[k].name}`;
    player.seek(0);
    player.play();
  }
}

function startDemo() {
  app.demo = { index: 0, timer: 0 };
  el.demo.setAttribute("aria-pressed", "true");
  el.demo.textContent = "Stop demo";
  demoNext();
}

function stopDemo() {
  if (!app.demo) return;
  clearTimeout(app.demo.timer);
  app.demo = null;
  el.demo.setAttribute("aria-pressed", "false");
  el.demo.textContent = "Demo";
}

function showMoves() {
  const info = gameInfo();
  const s = app.solved;
  const line = info && info.interactive && s
    ? { frames: s.frames, index: player.index, userMoves: s.moves, side: el.playAs.value } : null;
  renderMoves({ panel: el.moves, title: el.movesTitle, list: el.moveList, backToLine: el.backToLine }, line);
}

function formatSpeed(speed) {
  return speed >= 1 ? String(Math.round(speed * 100) / 100) : speed.toFixed(2).replace(/0$/, "");
}



let sceneTimer = 0;
function saveScene() {
  clearTimeout(sceneTimer);
  sceneTimer = setTimeout(() => {
    const s = app.solved;
    if (!s) return;
    storage.save({ ...storage.load(), scene: { game: s.game, text: s.text, caseIndex: s.caseIndex, step: player.index, moves: s.moves } });
  }, 300);
}

function currentScene() {
  const s = app.solved;
  if (!s) return { game: app.game, text: el.input.value, caseIndex: 0, step: 0, moves: [] };
  return { game: s.game, text: s.text, caseIndex: s.caseIndex, step: player.index, moves: s.moves };
}

async function copyText(text) {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

// ------------------------------------------------------------------ handlers

const handlers = {
  demo: () => (app.demo ? stopDemo() : startDemo()),
  restore: () => restoreInput(),
  solve: () => solve(),
  cancel: async () => {
    el.solveStatus.textContent = "Cancelling…";
    await app.client.cancel();
  },
  sample: () => {
    const info = gameInfo();
    if (!info.samples.length) return;
    const k = app.sampleIndex[info.name] ?? 0;
    app.sampleIndex[info.name] = (k + 1) % info.samples.length;
    loadSample(k);
  },
  sampleChosen: (value) => loadSample(Number(value)),
  random: async () => {
    const info = gameInfo();
    const seed = Math.max(0, Math.floor(Number(el.seed.value) || 0));
    const options = {};
    for (const control of el.options.querySelectorAll("[data-option]")) {
      const opt = info.random_options.find((o) => o.name === control.dataset.option);
      options[opt.name] = opt.choices ? control.value : Number(control.value);
    }
    const reply = await app.client.call({ cmd: "random", game: info.name, seed, options });
    if (!reply.ok) {
      showError(reply.error);
      return;
    }
    replaceInput(reply.text);
    app.lastGenerated = reply.text;
    el.seed.value = String(seed + 1);
    await solve();
    el.solveStatus.textContent = `Random deal, seed ${seed}. ${el.solveStatus.textContent}`;
  },
  gameChosen: (name) => selectGame(name),
  caseChosen: (k) => replay(k, [], 0),
  first: () => player.first(),
  last: () => player.last(),
  step: (d) => player.step(d),
  togglePlay: () => player.toggle(),
  seek: (i) => { player.pause(); player.seek(i); },
  speed: (x) => player.setSpeed(x),
  sound: (on) => sound.setEnabled(on),
  inputEdited: () => rememberInput(),
  playAs: () => refreshPlayback("seek"),
  move: async (id) => {
    const i = player.index;
    const moves = [...choicesBefore(app.solved.frames, i), id];
    await replay(app.solved.caseIndex, moves, i + 1);
  },
  backToLine: () => replay(app.solved.caseIndex, [], player.index),
  copyLink: async () => {
    const link = await share.linkFor(currentScene());
    const copied = await copyText(link);
    // The link also shows in a field, selected, for browsers that refuse the clipboard.
    el.linkText.value = link;
    el.linkText.hidden = false;
    el.linkText.select();
    el.linkStatus.textContent = copied ? "Link copied." : "Copy the link below.";
  },
  copyAnswer: async () => {
    const copied = await copyText(el.answer.textContent);
    el.solveStatus.textContent = copied ? "Answer copied." : "Select the answer to copy it.";
  },
};

// Any manual action stops the auto-demo (the demo button itself toggles it).
function withDemoStop(on) {
  const keep = new Set(["demo", "sound", "speed", "copyLink", "copyAnswer", "playAs"]);
  return Object.fromEntries(Object.entries(on).map(([name, fn]) =>
    [name, keep.has(name) ? fn : (...args) => { stopDemo(); return fn(...args); }]));
}

// Loading a sample or a random deal over text the user typed keeps that text
// one click away ("Restore my input"), so nothing typed is lost.
function replaceInput(text) {
  const current = el.input.value;
  const generated = gameInfo().samples.some((s) => s.text === current) || current === app.lastGenerated;
  if (current.trim() && !generated) {
    app.typed = { game: app.game, text: current };
    el.restore.hidden = false;
  }
  el.input.value = text;
  rememberInput();
}

function restoreInput() {
  if (!app.typed) return;
  if (app.typed.game !== app.game) selectGame(app.typed.game);
  el.input.value = app.typed.text;
  app.typed = null;
  el.restore.hidden = true;
  rememberInput();
}

function loadSample(k) {
  const info = gameInfo();
  const sample = info.samples[k];
  if (!sample) return;
  replaceInput(sample.text);
  el.sampleList.value = String(k);
  el.sample.textContent = `Sample ${((k + 1) % info.samples.length) + 1}/${info.samples.length}`;
  clearError();
}

// ------------------------------------------------------------------ test hook

let resolveReady;
const ready = new Promise((res) => { resolveReady = res; });

window.pixelJudge = Object.freeze({
  // Resolves when the engine is installed and the page can solve.
  ready,
  games: () => app.games.map((g) => ({ name: g.name, title: g.title, kind: g.kind, samples: g.samples.map((s) => s.name) })),
  // The bridge envelope for `text`, without touching the page.
  solve: (game, text) => app.client.call({ cmd: "solve", game, text }),
  shareLink: () => share.linkFor(currentScene()),
  // The rectangle of every text on the stage now, in stage pixels (384 x 216).
  textBoxes: () => renderer.textBoxes(),
  state: () => ({
    game: app.game,
    case: app.solved ? app.solved.caseIndex : 0,
    step: player.index,
    steps: app.solved ? app.solved.frames.length : 0,
    playing: player.playing,
    speed: player.speed,
    moves: app.solved ? [...app.solved.moves] : [],
    solving: app.solving,
    engine: app.client ? app.client.stage : "loading",
    demo: Boolean(app.demo),
  }),
});

start().catch((err) => {
  console.error(err);
  showBoot("failed", err.message);
});
