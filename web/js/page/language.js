// The language switch in the header (data-testid="language"): every text on the page
// changes at once, with no reload and nothing lost; the choice is remembered.  The first
// language is the stored choice, else the browser's (i18n/lang.js).  A share link carries
// no language: whoever opens it sees their own.
import { emit } from "./state.js";
import { addState } from "./hook.js";
import { language, onLanguage, setLanguage, t } from "../i18n/i18n.js";
import { isLang, storeLang } from "../i18n/lang.js";
import { translateTree } from "../i18n/dom.js";

addState(() => ({ lang: language() }));

/** Wires the switch; the page's texts follow every change of language. */
export function mountLanguage() {
  const select = document.getElementById("language");
  if (!(select instanceof HTMLSelectElement)) throw new Error("the page lacks its #language switch");
  select.value = language();
  select.addEventListener("change", () => {
    const lang = select.value;
    if (!isLang(lang)) return;
    storeLang(lang);
    setLanguage(lang).catch((err) => {
      console.error(err);
      select.value = language();
    });
  });
  // Listened last (the features' data, which listen at import time, is in the new
  // language first): the marked texts, then the views that draw.
  const status = document.getElementById("solve-status");
  // early-solve.js (a classic script, no catalog) shows these words for a Solve queued early.
  const waiting = () => status && status.setAttribute("data-waiting", t("ui.solve.waiting"));
  waiting();
  onLanguage((lang) => {
    select.value = lang;
    waiting();
    translateTree(document);
    emit("language");
  });
  // Everything marked so far in the first language (index.html, and what features built
  // before the catalog arrived), then shown (early-solve.js hid an English page that was
  // to speak another language).
  translateTree(document);
  document.documentElement.classList.remove("lang-pending");
}
