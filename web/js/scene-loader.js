// Which module draws a game: its own scene from scenes/<game>.js.
export function loadScene(info) {
  return import(`./scenes/${info.name}.js`);
}
