// Which module draws a game: its own scenes/<game>.js when the manifest says it
// has one, else the generic scene (state table, move values, narration).
export function loadScene(info) {
  return info.scene ? import(`./scenes/${info.name}.js`) : import("./generic-scene.js");
}
