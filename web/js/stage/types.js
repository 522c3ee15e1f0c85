// The shapes that cross the stage's edge: the frames the engine sends, the view
// the player asks the renderer for, and what a scene module exports.  Types only.

/**
 * The exact value of one legal move, as the engine gives it.
 * @typedef {Object} MoveValue
 * @property {string} move  the move's id (what a replay's `moves` lists)
 * @property {string} label  its name for people
 * @property {number} value  its exact value for the side to move
 * @property {string} text  the value as shown ("+3", "W", ...)
 * @property {boolean} best  one of the best moves
 * @property {import("../i18n/render.js").Msg} [label_msg]  the label as a message (it follows the language)
 * @property {import("../i18n/render.js").Msg} [text_msg]  the value's text as a message
 */

/**
 * One step of a line: a complete snapshot of the scene and the event that led
 * to it.  `state` and `event` are each game's own (see its scene).
 * @typedef {Object} Frame
 * @property {number} i  the step's index in its line
 * @property {string | null} actor  who acted in the event
 * @property {any} event  what happened to reach this frame (null for the first)
 * @property {any} state  everything the scene draws
 * @property {string} note  the narration (English)
 * @property {import("../i18n/render.js").Msg} [msg]  the narration as a message (it follows the language)
 * @property {import("../i18n/render.js").Msg} [to_move_msg]  the player to move, as a message
 * @property {string | null} to_move  whose move it is next (two-player games)
 * @property {MoveValue[] | null} values  the exact value of every legal move here
 */

/**
 * What the renderer draws: a frame and the tween into it from `prev` (t from 0 to 1).
 * @typedef {{ frame: Frame, prev: Frame | null, t: number }} View
 */

/**
 * What a scene module exports (stage/scenes/<game>.js, or generic-scene.js).
 * @typedef {Object} Scene
 * @property {(g: import("./kit/kit.js").Kit, frame: Frame, prev: Frame | null, t: number) => void} draw
 * @property {(frame: Frame) => Array<[number, number]>} [sounds]  square-wave notes: [Hz, ms] pairs
 * @property {boolean} [generic]  true for the generic scene
 */

/**
 * A game's own way to build an input (stage/scenes/<game>/input-tool.js exports it as
 * `inputTool`), writing into the textarea, which stays the input's one source.
 * @typedef {(container: HTMLElement, io: { read: () => string, write: (text: string) => void })
 *   => { sync: (text: string) => void }} InputTool
 */

export {};
