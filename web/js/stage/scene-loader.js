// Which module draws a game: its own scenes/<game>.js when the manifest says it
// has one, else the generic scene (state table, move values, narration).
/**
 * @param {{ name: string, scene: boolean }} info  the game's manifest entry
 * @returns {Promise<import("./types.js").Scene>}
 */
export function loadScene(info) {
  return info.scene ? import(`./scenes/${info.name}.js`) : import("./generic-scene.js");
}
