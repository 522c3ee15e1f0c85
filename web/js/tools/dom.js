// A small element builder for the tool panels.  Text is only ever set as text.
//   h("button", {testid: "x", class: "y", type: "button"}, "label", child, ...)
export function h(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === undefined || value === null || value === false) continue;
    if (key === "testid") node.dataset.testid = value;
    else if (key === "class") node.className = value;
    else if (key === "text") node.textContent = value;
    else if (key === "value") node.value = value;
    else if (key === "hidden") node.hidden = true;
    else node.setAttribute(key, value === true ? "" : String(value));
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : String(child));
  }
  return node;
}

// A labelled control: <label>text <control></label>.
export function field(text, control, cls = "tool-field") {
  return h("label", { class: cls }, h("span", { class: "tool-label" }, text), control);
}

export function numberInput(testid, { value, min, max, label }) {
  return h("input", { type: "number", testid, value: String(value), min, max, step: "1",
    inputmode: "numeric", "aria-label": label });
}

export function select(testid, options, { value, label } = {}) {
  const node = h("select", { testid, "aria-label": label },
    options.map(([v, text]) => h("option", { value: v }, text)));
  if (value !== undefined) node.value = value;
  return node;
}

// Reads a whole number from an input, or throws a message naming the field.
export function wholeNumber(input, name, { min = 0, max = Number.MAX_SAFE_INTEGER, fallback } = {}) {
  const raw = input.value.trim();
  if (raw === "" && fallback !== undefined) return fallback;
  if (!/^-?\d+$/.test(raw)) throw new Error(`${name} must be a whole number`);
  const value = Number(raw);
  if (value < min || value > max) throw new Error(`${name} must be between ${min} and ${max}`);
  return value;
}
