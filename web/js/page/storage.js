// Remembers the user's inputs per game (and the last scene) across reloads.
const KEY = "pixelJudge.v1";

export function load() {
  try {
    const data = JSON.parse(localStorage.getItem(KEY) || "{}");
    return data && typeof data === "object" ? data : {};
  } catch {
    return {};
  }
}

export function save(data) {
  try {
    localStorage.setItem(KEY, JSON.stringify(data));
  } catch {
    // Storage full or disabled: the page keeps working without it.
  }
}
