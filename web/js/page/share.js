// Share links: the whole scene lives in the URL fragment, never sent to a server.
//   #v=1&g=<game>&c=<case>&s=<step>[&m=<move,move>][&x=<study>.<deals>.<seed>]&i=<input: deflate-raw, base64url>
//      [&t=<tool>&tp=<the tool's inputs: JSON, deflate-raw, base64url>]
// (x: the Explore view's settings; u=<step,step>: the decision steps among m the
// user played, for the analysis marks)
// t and tp: a tool to open, with its inputs filled in
// A game lab scene (lab/) has g=lab and its rules in l=<code: deflate-raw, base64url>
// (c, x and t are not used); a page from before the lab says "unknown game 'lab'".
// This is the only module that reads or writes the page's URL.

/** The link format's version (the fragment's `v=`). */
export const LINK_VERSION = "1";
/** The engine's input limit (py_engines/text.py MAX_INPUT_CHARS). */
export const MAX_INPUT_CHARS = 1_000_000;
const MAX_ENCODED = 1_500_000;
/** The game lab's name in a link (g=lab). */
export const LAB = "lab";
/** The most characters of a lab link's code (lab/store.js keeps no more). */
export const MAX_LAB_CODE_CHARS = 100_000;
/** The most characters of a lab link's input. */
export const MAX_LAB_INPUT_CHARS = 100_000;
const MOVE_ID = /^[A-Za-z0-9_.:+-]{1,40}$/;
const MAX_MOVES = 400;
const EXPLORE = /^([a-z][a-z0-9_]{0,40})\.(\d{1,7})\.(\d{1,10})$/;
/** The tools a link may open. */
export const TOOLS = ["check", "generate", "solution", "export"];

/** What is wrong with a link: a catalog key and its parameters, and the English words
 * (its message) for whoever shows no catalog. */
export class LinkError extends Error {
  /**
   * @param {string} key
   * @param {Record<string, string | number>} params
   * @param {string} english
   */
  constructor(key, params, english) {
    super(english);
    this.msgId = key;
    this.params = params;
  }
}

async function pipeBytes(bytes, stream, limit) {
  const reader = new Blob([bytes]).stream().pipeThrough(stream).getReader();
  const chunks = [];
  let total = 0;
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    total += value.length;
    if (limit && total > limit) {
      await reader.cancel();
      throw new LinkError("ui.link.input_too_large", {}, "the input in this link is too large");
    }
    chunks.push(value);
  }
  const out = new Uint8Array(total);
  let at = 0;
  for (const c of chunks) { out.set(c, at); at += c.length; }
  return out;
}

function toBase64Url(bytes) {
  let bin = "";
  for (let i = 0; i < bytes.length; i += 0x8000) bin += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(bin).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function fromBase64Url(text) {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) throw new LinkError("ui.link.not_base64url", {}, "the input in this link is not valid base64url");
  const b64 = text.replace(/-/g, "+").replace(/_/g, "/") + "===".slice((text.length + 3) % 4);
  let bin;
  try { bin = atob(b64); } catch { throw new LinkError("ui.link.not_base64url", {}, "the input in this link is not valid base64url"); }
  const bytes = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i);
  return bytes;
}

/**
 * The input as a link carries it (deflated, base64url).
 * @param {string} text
 * @returns {Promise<string>}
 */
export async function encodeInput(text) {
  const bytes = await pipeBytes(new TextEncoder().encode(text), new CompressionStream("deflate-raw"));
  return toBase64Url(bytes);
}

/**
 * The input a link carries; throws LinkError when it is damaged or too large.
 * @param {string} encoded
 * @param {number} [max]  the most characters it may have
 * @returns {Promise<string>}
 */
export async function decodeInput(encoded, max = MAX_INPUT_CHARS) {
  if (encoded.length > MAX_ENCODED) throw new LinkError("ui.link.input_too_large", {}, "the input in this link is too large");
  let bytes;
  try {
    bytes = await pipeBytes(fromBase64Url(encoded), new DecompressionStream("deflate-raw"), max * 4);
  } catch (err) {
    if (err instanceof LinkError) throw err;
    throw new LinkError("ui.link.damaged", {}, "the input in this link is damaged (it does not decompress)");
  }
  let text;
  try { text = new TextDecoder("utf-8", { fatal: true }).decode(bytes); } catch {
    throw new LinkError("ui.link.not_text", {}, "the input in this link is not valid text");
  }
  if (text.length > max) throw new LinkError("ui.link.input_too_large", {}, "the input in this link is too large");
  return text;
}

function count(params, key) {
  const raw = params.get(key);
  if (raw === null) return 0;
  if (!/^\d{1,6}$/.test(raw)) throw new LinkError("ui.link.not_small_number", { field: key }, `'${key}' must be a small non-negative number`);
  return Number(raw);
}

/**
 * Parses a fragment (with or without '#').  Returns null when there is no scene
 * in it, a scene {game, text, caseIndex, step, moves}, or throws LinkError.
 * @param {string} fragment
 * @param {string[]} knownGames
 * @returns {Promise<import("./types.js").Linked | null>}
 */
export async function parseFragment(fragment, knownGames) {
  const body = fragment.startsWith("#") ? fragment.slice(1) : fragment;
  if (!body) return null;
  if (body.length > MAX_ENCODED + 2000) throw new LinkError("ui.link.too_long", {}, "this link is too long");
  const params = new URLSearchParams(body);
  if (!params.has("v") && !params.has("g")) throw new LinkError("ui.link.no_scene", {}, "this link holds no Pixel Judge scene");
  const version = params.get("v");
  if (version !== LINK_VERSION) throw new LinkError("ui.link.version", { version: version ?? "-", reads: LINK_VERSION }, `this link has format version '${version ?? "none"}'; this page reads version ${LINK_VERSION}`);
  const game = params.get("g");
  if (game === LAB) return parseLab(params);
  if (!knownGames.includes(game)) throw new LinkError("ui.link.unknown_game", { game: game ?? "" }, `this link names an unknown game '${game ?? ""}'`);
  const encoded = params.get("i");
  if (encoded === null) throw new LinkError("ui.link.no_input", {}, "this link has no input");
  const caseIndex = count(params, "c");
  const step = count(params, "s");
  const rawMoves = params.get("m");
  const moves = rawMoves ? rawMoves.split(",") : [];
  if (moves.length > MAX_MOVES || !moves.every((m) => MOVE_ID.test(m))) throw new LinkError("ui.link.bad_moves", {}, "the moves in this link are malformed");
  const explore = parseExplore(params.get("x"));
  const rawUser = params.get("u");
  const userSteps = rawUser ? rawUser.split(",") : [];
  if (userSteps.length > moves.length || !userSteps.every((k) => /^\d{1,6}$/.test(k))) {
    throw new LinkError("ui.link.bad_steps", {}, "the analysed steps in this link ('u') are malformed");
  }
  const text = await decodeInput(encoded);
  return { game, text, caseIndex, step, moves, explore, userSteps: userSteps.map(Number), tool: await parseTool(params) };
}

/**
 * A game lab scene: its rules (l=), input (i=), step and moves, each bounded.
 * @param {URLSearchParams} params
 * @returns {Promise<import("./types.js").Linked>}
 */
async function parseLab(params) {
  const code = params.get("l");
  const encoded = params.get("i");
  if (code === null) throw new LinkError("ui.link.lab_no_code", {}, "this game lab link has no rules");
  const step = count(params, "s");
  const rawMoves = params.get("m");
  const moves = rawMoves ? rawMoves.split(",") : [];
  if (moves.length > MAX_MOVES || !moves.every((m) => MOVE_ID.test(m))) throw new LinkError("ui.link.bad_moves", {}, "the moves in this link are malformed");
  const rules = await decodeInput(code, MAX_LAB_CODE_CHARS);
  const text = encoded === null ? "" : await decodeInput(encoded, MAX_LAB_INPUT_CHARS);
  return { game: LAB, text, code: rules, caseIndex: 0, step, moves, userSteps: [], explore: null, tool: null };
}

function parseExplore(raw) {
  if (raw === null) return null;
  const match = EXPLORE.exec(raw);
  if (!match) throw new LinkError("ui.link.bad_explore", {}, "the Explore settings in this link are malformed");
  return { study: match[1], deals: Number(match[2]), seed: Number(match[3]) };
}

// A link may open one of the tools with its inputs filled in: {name, params}
// where params is a flat object of strings, numbers and booleans.
async function parseTool(params) {
  const name = params.get("t");
  if (name === null) return null;
  if (!TOOLS.includes(name)) throw new LinkError("ui.link.unknown_tool", { tool: name }, `this link names an unknown tool '${name}'`);
  const encoded = params.get("tp");
  if (encoded === null) return { name, params: {} };
  let data;
  try { data = JSON.parse(await decodeInput(encoded)); } catch (err) {
    if (err instanceof LinkError) throw err;
    throw new LinkError("ui.link.bad_tool", {}, "the tool settings in this link are not valid");
  }
  const flat = data && typeof data === "object" && !Array.isArray(data)
    && Object.values(data).every((v) => v === null || ["string", "number", "boolean"].includes(typeof v));
  if (!flat) throw new LinkError("ui.link.bad_tool", {}, "the tool settings in this link are not valid");
  return { name, params: data };
}

/**
 * What is wrong with a link whose scene the engine refused, in the link's own terms (its
 * c= is counted from 0), as a message: the page's banner and the embed say it in their
 * language.
 * @param {import("../engine/client.js").EngineError} error  the bridge's error
 * @param {number} caseIndex  the link's c=
 * @returns {import("../i18n/render.js").Msg}
 */
export function linkProblem(error, caseIndex) {
  const cases = findMsg(error.msg, "error.no_such_case");
  if (cases) {
    const n = Number(cases.params && cases.params.count);
    return { id: "ui.links.bad_case", params: { case: caseIndex, count: n, last: n - 1 } };
  }
  if (error.type === "Cancelled") return { id: "ui.links.cancelled", params: {} };
  const message = error.msg || { id: "raw", params: { text: error.message } };
  if (error.line && error.column) return { id: "ui.links.rejected_at", params: { message, line: error.line, column: error.column } };
  if (error.line) return { id: "ui.links.rejected_line", params: { message, line: error.line } };
  return { id: "ui.links.rejected", params: { message } };
}

/**
 * The message with this id in `msg` or among its parameters, or null.
 * @param {unknown} msg
 * @param {string} id
 * @returns {import("../i18n/render.js").Msg | null}
 */
function findMsg(msg, id) {
  if (Array.isArray(msg)) return msg.map((m) => findMsg(m, id)).find(Boolean) || null;
  if (!msg || typeof msg !== "object") return null;
  const m = /** @type {import("../i18n/render.js").Msg} */ (msg);
  if (m.id === id) return m;
  return Object.values(m.params || {}).map((v) => findMsg(v, id)).find(Boolean) || null;
}

/**
 * The fragment of a scene ("v=1&g=...").
 * @param {import("./types.js").SceneRef & { explore?: object | null, tool?: object | null }} scene
 * @returns {Promise<string>}
 */
export async function buildFragment({ game, text, caseIndex = 0, step = 0, moves = [], explore = null, userSteps = [], tool = null,
  code }) {
  if (game === LAB) return labFragment(code || "", text, step, moves);
  const params = new URLSearchParams({ v: LINK_VERSION, g: game, c: String(caseIndex), s: String(step) });
  if (moves.length) params.set("m", moves.join(","));
  if (moves.length && userSteps.length) params.set("u", userSteps.join(","));
  if (explore) params.set("x", `${explore.study}.${explore.deals}.${explore.seed}`);
  params.set("i", await encodeInput(text));
  if (tool) {
    params.set("t", tool.name);
    params.set("tp", await encodeInput(JSON.stringify(tool.params || {})));
  }
  return `#${params.toString()}`;
}

/**
 * The fragment of a game lab scene.
 * @param {string} code
 * @param {string} text
 * @param {number} step
 * @param {string[]} moves
 */
async function labFragment(code, text, step, moves) {
  const params = new URLSearchParams({ v: LINK_VERSION, g: LAB, s: String(step) });
  if (moves.length) params.set("m", moves.join(","));
  params.set("i", await encodeInput(text));
  params.set("l", await encodeInput(code));
  return `#${params.toString()}`;
}

/**
 * The share link of a scene: this page's address with the scene's fragment.
 * @param {import("./types.js").SceneRef & { explore?: object | null, tool?: object | null }} scene
 * @returns {Promise<string>}
 */
export async function linkFor(scene) {
  const url = new URL(location.href);
  url.hash = await buildFragment(scene);
  return url.href;
}

/**
 * The address bar's fragment, without its "#" ("" for none).
 * @returns {string}
 */
export function currentFragment() {
  return location.hash;
}

/**
 * Once a link's scene is restored the fragment is dropped from the address bar,
 * so later edits (saved locally) survive a reload.
 */
export function clearFragment() {
  if (location.hash) history.replaceState(null, "", location.pathname + location.search);
}
