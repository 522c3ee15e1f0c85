// Offline and updates: registers the service worker (sw.js) once the engine is
// ready, so its precaching never competes with the first boot, and shows
// "New version: reload" when a newer build has been installed in the background, or
// says that this version keeps working when a newer one could not be fully downloaded.
// Adds `boot` (how the engine booted: "snapshot", "normal", "fallback"),
// `snapshotError` (why a stored snapshot was refused, or null) and `snapshot`
// (the background snapshot: "none", "waiting", "making", "stored", "failed") to
// pixelJudge.state().
import { app } from "./state.js";
import { addState } from "./hook.js";
import { language, onLanguage } from "../i18n/i18n.js";
import { setPlain, setText } from "../i18n/dom.js";

addState(() => ({
  boot: app.client ? app.client.boot : null,
  snapshotError: (app.client && app.client.snapshotError) || null,
  snapshot: app.client ? app.client.snapshot : "none",
  offline: offline.state,
}));

// "registering", "installing", "ready", "update", "update-failed", "failed"
const offline = { state: "unsupported" };

/**
 * Registers the service worker once the engine is `ready`.
 * @param {Promise<unknown>} ready
 */
export function startOffline(ready) {
  if (!("serviceWorker" in navigator)) return;
  offline.state = "registering";
  navigator.serviceWorker.addEventListener("message", (event) => {
    if (event.data && event.data.type === "pixel-judge-damaged") showDamaged(event.data);
    if (event.data && event.data.type === "pixel-judge-update-failed") updateFailed(event.data.problem);
  });
  // The service worker says why a page cannot start in the page's language: it is told it.
  const tell = () => {
    const worker = navigator.serviceWorker.controller;
    if (worker) worker.postMessage({ type: "language", lang: language() });
  };
  onLanguage(tell);
  navigator.serviceWorker.addEventListener("controllerchange", tell);
  ready.then(() => {
    tell();
    return register();
  });
}

/**
 * The banner `id` (also its test id) below the update banner, made the first time.
 * @param {string} id
 * @param {string} className
 * @param {"alert" | "status"} role
 * @returns {HTMLElement}
 */
function bannerAfterUpdate(id, className, role) {
  const known = document.getElementById(id);
  if (known) return known;
  const bar = document.createElement("div");
  bar.id = id;
  bar.className = className;
  bar.setAttribute("role", role);
  bar.dataset.testid = id;
  /** @type {HTMLElement} */ (document.getElementById("update")).after(bar);
  return bar;
}

/** The banner's catalog key for each problem the service worker names. */
const DAMAGED = { offline: "ui.offline.damaged_offline", "other-build": "ui.offline.other_build" };

// The service worker found a cached file that is not the build's and could not get
// it again (sw.js): say so, since part of the page may not work.
/** @param {{problem?: unknown, message?: unknown}} data */
function showDamaged(data) {
  const bar = bannerAfterUpdate("damaged", "banner", "alert");
  const problem = String(data.problem || "");
  const key = DAMAGED[/** @type {keyof typeof DAMAGED} */ (problem)];
  if (key) setText(bar, key);
  else if (problem) setText(bar, "ui.offline.damaged", { problem });
  else setPlain(bar, String(data.message || ""));
}

// An update's install could not get every file of the new build, checked (sw.js deleted
// what it had got): a page that runs the installed build keeps it, and says so.  On a
// first visit there is no version yet to keep: the state says "failed".
/** @param {unknown} problem */
function updateFailed(problem) {
  if (!navigator.serviceWorker.controller) {
    if (offline.state === "installing") offline.state = "failed";
    return;
  }
  if (offline.state !== "update") offline.state = "update-failed";
  if (problem) console.warn(`update not installed: ${String(problem)}`);
  const bar = bannerAfterUpdate("update-failed", "banner update", "status");
  setText(bar, "ui.update.failed");
}

async function register() {
  let registration;
  try {
    registration = await navigator.serviceWorker.register("sw.js");
  } catch (err) {
    offline.state = "failed";
    console.warn(`offline support unavailable: ${err.message}`);
    return;
  }
  if (!registration) {   // a stubbed register() (some blockers, and test browsers with workers blocked)
    offline.state = "failed";
    console.warn("offline support unavailable: the browser registered no service worker");
    return;
  }
  // A worker already controlling this page means this visit runs a cached build:
  // a newly installed worker is a newer build, announced with a prompt.
  const hadController = Boolean(navigator.serviceWorker.controller);
  const watch = (worker) => {
    if (!worker) return;
    let installed = worker.state !== "installing" && worker.state !== "parsed";
    const check = () => {
      if (worker.state === "installed" && hadController) showUpdate(worker);
      if (worker.state === "activated" && !hadController) offline.state = "ready";
      // A worker that ends before it was installed failed its install (the message from
      // sw.js may have come before this page listened).
      if (worker.state === "redundant" && !installed) updateFailed(null);
      if (worker.state === "installed") installed = true;
    };
    worker.addEventListener("statechange", check);
    check();
  };
  offline.state = registration.active && hadController ? "ready" : "installing";
  if (registration.waiting && hadController) showUpdate(registration.waiting);
  watch(registration.installing);
  registration.addEventListener("updatefound", () => watch(registration.installing));
  if (registration.active && !hadController) offline.state = "ready";
}

function showUpdate(worker) {
  offline.state = "update";
  const failed = document.getElementById("update-failed");
  if (failed) failed.remove();
  const bar = document.getElementById("update");
  bar.hidden = false;
  document.getElementById("update-reload").onclick = () => {
    navigator.serviceWorker.addEventListener("controllerchange", () => location.reload(), { once: true });
    worker.postMessage({ type: "skip-waiting" });
  };
}
