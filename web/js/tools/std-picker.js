// My solution's C++ standard menu (data-testid "solution-std"), beside the language
// and shown only for C++: g++'s own gnu++17 unless the user picks another.  The
// choice is kept per game with the solution (solution-store.js) and carried by the
// solution's share link (its `std`).
import { field, select } from "./dom.js";
import { DEFAULT_STD, STANDARDS, isStandard, standardName } from "../cpp/standards.js";

/**
 * The menu: `root` goes beside the language menu; `value` is the standard picked
 * (always one of STANDARDS); set() ignores what is not a standard.
 * @param {(std: string) => void} onPick  the user picked `std`
 */
export function stdPicker(onPick) {
  const menu = select("solution-std", STANDARDS.map((std) => [std, standardName(std), true]),
    { value: DEFAULT_STD, label: "ui.judge_compare.std_label" });
  const root = field("ui.judge_compare.std", menu);
  root.hidden = true;
  menu.addEventListener("change", () => onPick(picker.value));
  const picker = {
    root,
    /** @returns {string} */
    get value() {
      return isStandard(menu.value) ? menu.value : DEFAULT_STD;
    },
    /** @param {unknown} std */
    set(std) {
      menu.value = isStandard(std) ? std : DEFAULT_STD;
    },
    /** @param {boolean} on */
    show(on) {
      root.hidden = !on;
    },
  };
  return picker;
}
