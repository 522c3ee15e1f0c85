// The game and its input: picking a game, the textarea (saved per game), samples,
// random deals with their options, a scene's input tool, and "Restore my input"
// (loading a sample or a deal over typed text keeps that text one click away).
// A link's input is shown, not saved: the user's own input for the game stays in
// storage and one click away ("Back to your input") until they edit the link's.
// Tells the page: "game" when a game is selected, "input" when the text changes.
import { app, el, emit, gameInfo, option } from "./state.js";
import * as storage from "./storage.js";
import { clearError, showError } from "./input-errors.js";
import { loadInputTool, loadScene } from "../stage/scene-loader.js";
import { MAX_INPUT_CHARS } from "./share.js";
import { addState } from "./hook.js";
import { currentMsg, setMsg, setPlain, setText } from "../i18n/dom.js";

/** @typedef {import("./types.js").GameInfo} GameInfo */
/** @typedef {import("./types.js").RandomOption} RandomOption */

/**
 * What the input needs from the rest of the page (main.js hands it over).
 * @typedef {object} InputNeeds
 * @property {import("./types.js").Solve} solve  solves the shown input
 * @property {() => void} clearPlayback  empties the answer and the stage
 */

/** @type {InputNeeds} */
let needs;
/** @param {InputNeeds} given */
export function connectInput(given) {
  needs = given;
}

/** The chosen game's manifest entry (there always is one once a game is chosen). */
function chosen() {
  const info = gameInfo();
  if (!info) throw new Error(`no such game: ${app.game}`);
  return info;
}

/**
 * Selects a game: its title, help, samples, random options, input and scene.
 * @param {string} name
 * @param {{ keepInput?: boolean, fromLink?: boolean }} [options]  keepInput: save the shown input first
 *   (a link's is not the user's); fromLink: a link's game, shown but not saved as the user's choice
 */
export async function selectGame(name, { keepInput = true, fromLink = false } = {}) {
  if (keepInput && app.game && !app.linked) rememberInput();
  if (!fromLink) leaveLink();
  app.game = name;
  el.game.value = name;
  const info = chosen();
  setPlain(el.gameTitle, info.title);
  if (info.input_help_msg) setMsg(el.inputHelp, info.input_help_msg);
  else setPlain(el.inputHelp, info.input_help);
  el.input.value = app.inputs[name] ?? "";
  el.sampleList.replaceChildren(...info.samples.map((s, k) => option(String(k), s.name)));
  el.sample.disabled = info.samples.length === 0;
  el.sampleList.disabled = info.samples.length === 0;
  buildOptions(info);
  emit("game", info);
  clearError();
  const [scene, inputTool] = await Promise.all([loadScene(info), loadInputTool(info)]);
  // Picked another game meanwhile: that game's scene is the one to show.
  if (app.game !== name) return;
  app.scene = scene;
  app.sceneGame = name;
  emit("scene");
  mountInputTool(inputTool);
  if (!app.solved || app.solved.game !== name) needs.clearPlayback();
  if (!fromLink) storage.save({ ...storage.load(), game: name, inputs: app.inputs });
}

/** @param {GameInfo} info */
function buildOptions(info) {
  const nodes = info.random_options.map((opt) => {
    const label = document.createElement("label");
    const words = document.createElement("span");
    if (opt.label_msg) setMsg(words, opt.label_msg);
    else setPlain(words, opt.label);
    label.append(words, " ");
    /** @type {HTMLSelectElement | HTMLInputElement} */
    let control;
    if (opt.choices) {
      const list = document.createElement("select");
      list.append(...opt.choices.map((choice) => option(choice, choice)));
      control = list;
    } else {
      const number = document.createElement("input");
      number.type = "number";
      number.min = String(opt.min);
      number.max = String(opt.max);
      number.step = "1";
      control = number;
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

// A game may offer its own way to build an input (e.g. clicking cards):
// `inputTool(container, {read, write})` returns `{sync(text)}`; the text in the
// textarea stays the one source of the input.
/** @param {import("../stage/types.js").InputTool | null} inputTool */
function mountInputTool(inputTool) {
  app.tool = null;
  el.inputTool.replaceChildren();
  el.inputTool.hidden = !inputTool;
  if (!inputTool) return;
  app.tool = inputTool(el.inputTool, {
    read: () => el.input.value,
    write: (text) => {
      el.input.value = text;
      rememberInput();
    },
  });
  app.tool.sync(el.input.value);
}

let saveTimer = 0;
/** Takes the shown text as the chosen game's input: saved, synced, and told to the page. */
export function rememberInput() {
  if (app.linked) adoptLinked();
  if (app.tool) app.tool.sync(el.input.value);
  const game = app.game;
  if (game) app.inputs[game] = el.input.value;
  emit("input");
  clearTimeout(saveTimer);
  saveTimer = setTimeout(() => storage.save({ ...storage.load(), game, inputs: app.inputs }), 250);
}

/**
 * Shows a link's input for the chosen game (its game already selected with fromLink) without
 * saving it; the user's own input stays saved, and one click away when there is one.
 * @param {string} text
 * @param {object} [scene]  the link's case, step and moves (a reload of the tab shows them again)
 */
export function showLinkedInput(text, scene) {
  if (!app.game) return;
  app.linked = { game: app.game, text };
  el.input.value = text;
  if (app.tool) app.tool.sync(text);
  const own = app.inputs[app.game] ?? "";
  el.linkInput.hidden = !own.trim() || own === text;
  storage.saveLinkView({ ...app.linked, scene });
  emit("input");
}

/** The input shown is no longer a link's (the user edits it, or goes elsewhere). */
function leaveLink() {
  if (!app.linked) return;
  app.linked = null;
  el.linkInput.hidden = true;
  storage.saveLinkView(null);
}

// The user edits a link's input: it becomes theirs, and what they had stays
// restorable in this tab ("Restore my input").
function adoptLinked() {
  const own = app.linked ? app.inputs[app.linked.game] ?? "" : "";
  if (app.linked && own.trim() && own !== app.linked.text) {
    app.typed = { game: app.linked.game, text: own };
    el.restore.hidden = false;
  }
  leaveLink();
}

/** "Back to your input": the user's own input for the game in place of the link's. */
function backToOwnInput() {
  if (!app.linked) return;
  const own = app.inputs[app.linked.game] ?? "";
  leaveLink();
  el.input.value = own;
  rememberInput();
  el.input.focus();
}
// pixelJudge.state().linkedInput: whether the input shown is a link's (not yet the user's).
addState(() => ({ linkedInput: Boolean(app.linked) }));

// A paste or a drop that would make the input longer than the engine reads is refused
// before the browser inserts it (megabytes in a textarea freeze the tab), with a
// message; what the user typed stays as it was.  Guarded from the start, before boot.
/** Refuses a paste or drop into the input that would pass the engine's input limit. */
export function guardInputSize() {
  /** @param {Event} event  @param {DataTransfer | null} data */
  const guard = (event, data) => {
    if (!data) return;
    const text = data.getData("text/plain");
    const { value, selectionStart, selectionEnd } = el.input;
    const replaced = event.type === "paste" ? selectionEnd - selectionStart : 0;
    if (value.length - replaced + text.length <= MAX_INPUT_CHARS) return;
    event.preventDefault();
    const count = (/** @type {number} */ n) => n.toLocaleString("en-US");
    const params = { length: count(text.length), limit: count(MAX_INPUT_CHARS) };
    // A message of the catalog: the error follows a change of language.
    const msg = event.type === "paste" ? { id: "ui.input.paste_too_long", params: { length: params.length, limit: params.limit } }
      : { id: "ui.input.drop_too_long", params: { length: params.length, limit: params.limit } };
    showError({ message: "", msg });
  };
  el.input.addEventListener("paste", (event) => guard(event, event.clipboardData));
  el.input.addEventListener("drop", (event) => guard(event, event.dataTransfer));
}

/**
 * Puts `text` in the input; what the user typed there stays one click away.
 * @param {string} text
 */
export function replaceInput(text) {
  // Over a link's input, what the user typed is their own saved input.
  const current = app.linked ? app.inputs[app.linked.game] ?? "" : el.input.value;
  leaveLink();
  const generated = chosen().samples.some((s) => s.text === current) || current === app.lastGenerated;
  if (current.trim() && !generated && app.game) {
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

/**
 * Loads the chosen game's sample `k` (none if there is no such sample).
 * @param {number} k
 */
export function loadSample(k) {
  const info = chosen();
  const sample = info.samples[k];
  if (!sample) return;
  replaceInput(sample.text);
  el.sampleList.value = String(k);
  // The list shows the sample loaded; the button loads the one after it.
  setText(el.sample, "ui.input.next_sample");
  clearError();
}

/** The semantic events of the input (controls.js). */
export const handlers = {
  gameChosen: (/** @type {string} */ name) => selectGame(name),
  inputEdited: () => rememberInput(),
  restore: () => restoreInput(),
  ownInput: () => backToOwnInput(),
  sample: () => {
    const info = chosen();
    if (!info.samples.length) return;
    // The sample after the one shown (the first if the input is not a sample).
    const shown = info.samples.findIndex((s) => s.text === el.input.value);
    loadSample(shown < 0 ? 0 : (shown + 1) % info.samples.length);
  },
  sampleChosen: (/** @type {string} */ value) => loadSample(Number(value)),
  random: async () => {
    const info = chosen();
    const seed = Math.max(0, Math.floor(Number(el.seed.value) || 0));
    /** @type {Record<string, string | number>} */
    const options = {};
    for (const control of el.options.querySelectorAll("select[data-option], input[data-option]")) {
      if (!(control instanceof HTMLSelectElement || control instanceof HTMLInputElement)) continue;
      const opt = info.random_options.find((o) => o.name === control.dataset.option);
      if (!opt) continue;
      options[opt.name] = opt.choices ? control.value : Number(control.value);
    }
    if (!app.client) return;
    const reply = await app.client.call({ cmd: "random", game: info.name, seed, options });
    if (!reply.ok) {
      showError(reply.error);
      return;
    }
    replaceInput(reply.text);
    app.lastGenerated = reply.text;
    el.seed.value = String(seed + 1);
    await needs.solve();
    setText(el.solveStatus, "ui.input.random_status", { seed, status: currentMsg(el.solveStatus) });
  },
};
