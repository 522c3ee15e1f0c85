// Which module draws a game: its own scenes/<game>.js when the manifest says it
// has one, else the generic scene (state table, move values, narration).
/**
 * @param {{ name: string, scene: boolean }} info  the game's manifest entry
 * @returns {Promise<import("./types.js").Scene>}
 */
export function loadScene(info) {
  return info.scene ? import(`./scenes/${info.name}.js`) : import("./generic-scene.js");
}

/**
 * A game's own way to build an input (scenes/<game>/input-tool.js, when the manifest
 * says it has one), or null.  Kept out of the scene module: only the page's input loads
 * it, so the embed, which draws scenes, loads no input code.
 * @param {{ name: string, input_tool?: boolean }} info  the game's manifest entry
 * @returns {Promise<import("./types.js").InputTool | null>}
 */
export async function loadInputTool(info) {
  if (!info.input_tool) return null;
  const module = await import(`./scenes/${info.name}/input-tool.js`);
  return module.inputTool;
}
