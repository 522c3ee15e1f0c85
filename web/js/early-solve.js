// A classic script (not a module), inlined into index.html's head by the build
// (allowed by its SHA-256 in the CSP): it runs before the body is parsed, so before
// any control exists, and long before the page's module graph and manifest arrive.  Until the page takes over the
// controls (solve.js's takeOver() marks the Solve button `data-wired`), a press
// of Solve (click, Enter or Space on the button, Ctrl+Enter anywhere) is not lost:
// it is queued on the button (`data-queued`) with a visible "Waiting for the
// engine…", and the page solves it once the game and its input are in place.
// It only listens on the document, so it needs no element to exist yet.
(function () {
  "use strict";
  // A page that will not speak English (the stored choice, else the browser's first language,
  // is not English: i18n/lang.js decides which) keeps its English words out of sight until its
  // catalog has put them in its language (page/language.js takes the class off), so nothing
  // moves when they change; css/pixel.css shows the page after 3 s whatever happens.
  try {
    var stored = localStorage.getItem("pixelJudge.lang.v1");
    var first = (navigator.languages && navigator.languages[0]) || navigator.language || "en";
    if (stored ? stored !== "en" : !/^en\b/i.test(first)) document.documentElement.classList.add("lang-pending");
  } catch {
    // Storage refused: the page shows its words as they come.
  }
  // The engine worker starts here, at the top of the page's head, not once the page's
  // module graph has arrived (engine/client.js adopts it, with the messages it sent
  // meanwhile): on a second visit its boot is most of the page's wait.  It gets the
  // page's record of its stored snapshot first, as client.js's own workers do.
  try {
    performance.mark("page:worker");
    var engine = { worker: new Worker("js/engine/worker.js", { type: "module" }), messages: [] };
    engine.worker.onmessage = function (event) { engine.messages.push(event.data); };
    engine.worker.onerror = function (event) {
      event.preventDefault();
      engine.messages.push({ type: "failed", message: "the engine worker failed: " + (event.message || "unknown error") });
    };
    var record = null;
    try {
      record = JSON.parse(localStorage.getItem("pixelJudge.snapshot.v1") || "null");
    } catch {
      // Storage refused or a damaged record: no snapshot (the worker checks any record anyway).
    }
    engine.worker.postMessage({ type: "snapshot-record", record: record && typeof record === "object" ? record : null });
    window.__pixelJudgeEngine = engine;
  } catch {
    // No module workers here: client.js starts its own (and says if it cannot).
  }
  function queue(event) {
    var button = document.getElementById("solve");
    if (!button || button.dataset.wired === "true") return;
    if (event.type === "keydown") event.preventDefault();
    button.dataset.queued = "true";
    var status = document.getElementById("solve-status");
    // The page writes the words in its language into data-waiting once it has them.
    if (status) {
      status.setAttribute("data-i18n", "ui.solve.waiting");
      status.textContent = status.getAttribute("data-waiting") || "Waiting for the engine…";
    }
  }
  document.addEventListener("click", function (event) {
    if (event.target instanceof Element && event.target.closest("#solve")) queue(event);
  }, true);
  document.addEventListener("keydown", function (event) {
    if ((event.ctrlKey || event.metaKey) && event.key === "Enter") queue(event);
  }, true);
})();
