// The shapes that cross the page's modules: the manifest's games, the solved
// scene, a scene reference (a link's, a reload's, a tool's), and the functions
// main.js hands from one feature to another.  Types only.

/**
 * A game as the site manifest lists it (manifest.json's `games`).
 * @typedef {object} GameInfo
 * @property {string} name
 * @property {string} title
 * @property {string} kind  "one-player" or "two-player"
 * @property {string} input_help
 * @property {import("../i18n/render.js").Msg} [input_help_msg]  the same, as a message
 * @property {boolean} interactive  the user may play moves against the engine
 * @property {boolean} scene  the game has a scene of its own (else the generic one draws it)
 * @property {boolean} [input_tool]  the game has its own way to build an input (scenes/<game>/input-tool.js)
 * @property {{ name: string, text: string }[]} samples
 * @property {RandomOption[]} random_options
 */

/**
 * One option of a game's random deal: a number in [min, max], or one of `choices`.
 * @typedef {object} RandomOption
 * @property {string} name
 * @property {string} label
 * @property {import("../i18n/render.js").Msg} [label_msg]  the same, as a message
 * @property {number | string} default
 * @property {number} [min]
 * @property {number} [max]
 * @property {string[]} [choices]
 */

/**
 * The solved scene: what the canvas shows and a link shares.
 * @typedef {object} Solved
 * @property {string} game
 * @property {string} text  the input it was solved from
 * @property {import("../engine/client.js").SolveReply} reply
 * @property {number} caseIndex
 * @property {import("../stage/types.js").Frame[]} frames  the shown line (the engine's, or with the user's moves)
 * @property {string[]} moves  the user's moves, by id, from the start of the case
 * @property {number[]} userSteps  the decision steps the user played (for the analysis)
 * @property {string} [code]  a lab scene's rules (lab/): its link carries them
 * @property {(moves: string[]) => Promise<import("../stage/types.js").Frame[] | null>} [replay]  the frames
 *   of the line with the user's `moves`, when the engine's worker does not make them (the lab's)
 */

/**
 * A scene by what makes it: as a share link, a reload or a tool names it.
 * @typedef {object} SceneRef
 * @property {string} game
 * @property {string} text
 * @property {number} caseIndex
 * @property {number} step
 * @property {string[]} moves
 * @property {number[]} [userSteps]
 * @property {string} [code]  a lab scene's rules
 */

/**
 * What a share link opens: a scene, perhaps with Explore's settings or a tool.
 * @typedef {SceneRef & { explore?: object | null, tool?: object | null }} Linked
 */

/**
 * How to solve (every field optional).  A link's scene passes its own `game` and
 * `text`, and `accept`, which puts them on the page only once the engine has
 * accepted them.
 * @typedef {object} SolveOptions
 * @property {number} [caseIndex]
 * @property {number} [step]  the step to show
 * @property {string[]} [moves]  the user's moves to replay
 * @property {number[]} [userSteps]
 * @property {boolean} [fromLink]  a failure is the link's (the link-error banner)
 * @property {boolean} [quiet]  no status line, no scrolling
 * @property {string | null} [game]
 * @property {string} [text]
 * @property {(() => Promise<void>) | null} [accept]
 */

/**
 * Solves (the shown input by default); true when a scene was put on the page.
 * @typedef {(options?: SolveOptions) => Promise<boolean>} Solve
 */

/**
 * Opens an input in the player from elsewhere on the page (a tool, Explore).
 *   generated: the text is the page's own, not the user's;
 *   note:      a few words put before the solve status.
 * @typedef {{ game: string, text: string, caseIndex?: number, step?: number, generated?: boolean, note?: string }} OpenRequest
 */

export {};
