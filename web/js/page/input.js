// The game and its input: picking a game, the textarea (saved per game), samples,
// random deals with their options, a scene's input tool, and "Restore my input"
// (loading a sample or a deal over typed text keeps that text one click away).
import { app, el, gameInfo, option } from "./state.js";
import * as storage from "./storage.js";
import { clearError, showError } from "./input-errors.js";
import { clearPlayback } from "./playback.js";
import { loadScene } from "../stage/scene-loader.js";
import { solve } from "./solve.js";
import { refreshStale } from "./stale.js";

const gameListeners = [];
// `fn(info)` runs whenever a game is selected (by the picker, a link or a feature).
export function onGameSelected(fn) {
  gameListeners.push(fn);
}

export async function selectGame(name, { keepInput = true } = {}) {
  if (keepInput && app.game) rememberInput();
  app.game = name;
  el.game.value = name;
  const info = gameInfo();
  el.gameTitle.textContent = info.title;
  el.inputHelp.textContent = info.input_help;
  el.input.value = app.inputs[name] ?? "";
  el.sampleList.replaceChildren(...info.samples.map((s, k) => option(String(k), s.name)));
  el.sample.disabled = info.samples.length === 0;
  el.sampleList.disabled = info.samples.length === 0;
  buildOptions(info);
  for (const fn of gameListeners) fn(info);
  clearError();
  app.scene = await loadScene(info);
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
      control.append(...opt.choices.map((choice) => option(choice, choice)));
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
export function rememberInput() {
  if (app.tool) app.tool.sync(el.input.value);
  app.inputs[app.game] = el.input.value;
  refreshStale();
  clearTimeout(saveTimer);
  saveTimer = setTimeout(() => storage.save({ ...storage.load(), game: app.game, inputs: app.inputs }), 250);
}

export function replaceInput(text) {
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

export function loadSample(k) {
  const info = gameInfo();
  const sample = info.samples[k];
  if (!sample) return;
  replaceInput(sample.text);
  el.sampleList.value = String(k);
  // The list shows the sample loaded; the button loads the one after it.
  el.sample.textContent = "Next sample";
  clearError();
}

export const handlers = {
  gameChosen: (name) => selectGame(name),
  inputEdited: () => rememberInput(),
  restore: () => restoreInput(),
  sample: () => {
    const info = gameInfo();
    if (!info.samples.length) return;
    // The sample after the one shown (the first if the input is not a sample).
    const shown = info.samples.findIndex((s) => s.text === el.input.value);
    loadSample(shown < 0 ? 0 : (shown + 1) % info.samples.length);
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
};
