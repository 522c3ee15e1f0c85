// A classic script (not a module), loaded first and async: it runs before the
// page's module graph and manifest have arrived.  Until the page takes over the
// controls (solve.js's takeOver() marks the Solve button `data-wired`), a press
// of Solve (click, Enter or Space on the button, Ctrl+Enter anywhere) is not lost:
// it is queued on the button (`data-queued`) with a visible "Waiting for the
// engine…", and the page solves it once the game and its input are in place.
// It only listens on the document, so it needs no element to exist yet.
(function () {
  "use strict";
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
