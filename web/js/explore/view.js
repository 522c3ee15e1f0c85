// The Explore view: pick a study, a number of deals and a seed, run it on a pool
// of engine workers and watch the plots fill in.  Python solves and counts
// (bridge "explore_chunk"); this module only adds the workers' counts up
// (aggregate.js) and draws them (plots.js).  A click on a bar asks the bridge
// for that bucket's first deal ("explore_deal") and hands it to the player.
import { emptyAggregate, merge, resultJson, toCsv } from "./aggregate.js";
import { PW, drawPlot, highlight, plotHeight } from "./plots.js";
import { MAX_WORKERS, Pool, defaultWorkers } from "./pool.js";
import { shortcut } from "../page/shortcuts.js";
import { setAttrs, setMsg, setPlain, setText } from "../i18n/dom.js";
import { t } from "../i18n/i18n.js";

const MAX_DEALS = 1_000_000;
const DEFAULT_DEALS = 1000;

function node(tag, props = {}, ...children) {
  const el = document.createElement(tag);
  for (const [key, value] of Object.entries(props)) {
    if (key === "i18n") setText(el, value, props.i18nParams);
    else if (key === "i18nAttr") setAttrs(el, value, props.i18nParams);
    else if (key === "msg") setMsg(el, value);
    else if (key === "i18nParams") continue;
    else if (key === "testid") el.dataset.testid = value;
    else if (key in el) el[key] = value;
    else el.setAttribute(key, value);
  }
  el.append(...children);
  return el;
}

// `label`: the catalog key of its accessible name, or a study option's message.
function numberInput(testid, min, max, value, label) {
  const input = node("input", { type: "number", testid, min: String(min), max: String(max), step: "1", value: String(value) });
  if (typeof label === "string") setAttrs(input, { "aria-label": label });
  else setAttrs(input, { "aria-label": "ui.tools.reason" }, { reason: label });
  return input;
}

/** The Explore panel: a study's settings, its run and its plots. */
export class ExploreView {
  // container: an empty element; client: the page's engine client;
  // games(): the manifest's games; openDeal({game, text, note}): shows a deal in the player.
  constructor({ container, client, games, currentGame, openDeal }) {
    this.games = games;
    this.currentGame = currentGame;
    this.openDeal = openDeal;
    this.pool = new Pool(client);
    this.client = client;
    this.game = null;
    this.study = null;
    this.aggregate = emptyAggregate();
    this.run = null;         // {game, study, deals, seed, options, started, stopped}
    this.last = null;        // {game, seed, options} of the last run: what a click reopens
    this.result = null;      // the last finished (or stopped) run's JSON
    this.plots = [];         // [{plot, canvas, caption, regions, focus}]
    this.dirty = false;
    this.build(container);
  }

  build(container) {
    this.el = {
      title: node("span", { className: "hint" }),
      counts: node("p", { className: "explore-counts", testid: "explore-counts" }),
      study: node("select", { testid: "explore-study", i18nAttr: { "aria-label": "ui.explore.study_label" } }),
      deals: numberInput("explore-deals", 1, MAX_DEALS, DEFAULT_DEALS, "ui.explore.deals_label"),
      seed: numberInput("explore-seed", 0, 2 ** 31, 1, "ui.explore.seed_label"),
      workers: numberInput("explore-workers", 1, MAX_WORKERS, defaultWorkers(), "ui.explore.workers_label"),
      options: node("div", { className: "row explore-options" }),
      start: node("button", { type: "button", className: "primary", testid: "explore-start", i18n: "ui.explore.start" }),
      stop: node("button", { type: "button", testid: "explore-stop", i18n: "ui.explore.stop", disabled: true }),
      csv: node("button", { type: "button", testid: "explore-csv", textContent: "CSV", disabled: true, i18nAttr: { title: "ui.explore.csv_title" } }),
      json: node("button", { type: "button", testid: "explore-json", textContent: "JSON", disabled: true, i18nAttr: { title: "ui.explore.json_title" } }),
      bar: node("progress", { testid: "explore-progress", max: 1, value: 0, i18nAttr: { "aria-label": "ui.explore.bar_label" } }),
      status: node("span", { className: "status", testid: "explore-status", role: "status" }),
      error: node("div", { className: "error", testid: "explore-error", role: "alert", hidden: true }),
      plots: node("div", { className: "explore-plots" }),
    };
    const e = this.el;
    container.replaceChildren(
      node("div", { className: "panel-head" }, node("h2", { i18n: "ui.explore.region" }), e.title),
      e.counts,
      node("div", { className: "row explore-settings" },
        node("label", {}, node("span", { i18n: "ui.explore.study" }), " ", e.study), node("label", {}, node("span", { i18n: "ui.explore.deals" }), " ", e.deals),
        node("label", {}, node("span", { i18n: "ui.input.seed" }), " ", e.seed), node("label", {}, node("span", { i18n: "ui.explore.workers" }), " ", e.workers)),
      e.options,
      node("div", { className: "row actions" }, e.start, e.stop, e.csv, e.json),
      node("div", { className: "explore-progress" }, e.bar, e.status),
      e.error, e.plots);
    e.study.addEventListener("change", () => this.chooseStudy(e.study.value));
    // Share links carry Explore's settings once the user has touched them.
    container.addEventListener("change", () => { this.touched = true; });
    e.start.addEventListener("click", () => this.start().catch(() => {}));
    e.stop.addEventListener("click", () => this.stop());
    e.csv.addEventListener("click", () => this.download("csv"));
    e.json.addEventListener("click", () => this.download("json"));
    new ResizeObserver(() => requestAnimationFrame(() => this.fit())).observe(e.plots);
  }

  // ------------------------------------------------------------ game and study

  setGame(info) {
    if (this.run || (this.game && this.game.name === info.name)) return;
    this.game = info;
    this.el.title.textContent = info.title;
    this.el.study.replaceChildren(...info.studies.map((s) => node("option", s.title_msg ? { value: s.name, msg: s.title_msg } : { value: s.name, textContent: s.title })));
    this.chooseStudy(info.studies[0].name);
  }

  chooseStudy(name) {
    const study = this.game.studies.find((s) => s.name === name) || this.game.studies[0];
    this.study = study;
    this.el.study.value = study.name;
    setText(this.el.counts, "ui.explore.counts", { counts: study.counts_msg || study.counts });
    this.el.options.replaceChildren(...study.options.map((opt) => node("label", {}, node("span", { msg: opt.label_msg || { id: "raw", params: { text: opt.label } } }), " ",
      Object.assign(numberInput(`explore-opt-${opt.name}`, opt.min, opt.max, opt.default, opt.label_msg || opt.label), { name: opt.name }))));
    this.el.options.hidden = study.options.length === 0;
    this.aggregate = emptyAggregate();
    this.result = null;
    this.el.csv.disabled = true;
    this.el.json.disabled = true;
    this.el.bar.value = 0;
    setPlain(this.el.status, "");
    this.buildPlots();
  }

  buildPlots() {
    this.plots = this.study.plots.map((plot, k) => {
      const canvas = node("canvas", { width: PW, height: plotHeight(), tabIndex: 0, testid: "explore-plot",
        i18nAttr: { "aria-label": "ui.explore.plot_label" }, i18nParams: { title: plot.title_msg || plot.title } });
      canvas.dataset.plot = String(k);
      const what = { rate_lines: "ui.explore.click_point", dist_lines: "ui.explore.click_point", heatmap: "ui.explore.click_cell", stacked: "ui.explore.click_segment" }[plot.kind] || "ui.explore.click_bar";
      const caption = node("figcaption", { className: "explore-caption", i18n: what });
      const entry = { plot, canvas, caption, regions: [], focus: -1 };
      canvas.addEventListener("click", (ev) => this.click(entry, ev));
      canvas.addEventListener("mousemove", (ev) => this.hover(entry, ev));
      canvas.addEventListener("keydown", (ev) => this.key(entry, ev));
      return entry;
    });
    this.el.plots.replaceChildren(...this.plots.map((p) => node("figure", { className: "explore-plot" }, p.canvas, p.caption)));
    this.fit();
    this.redraw();
    // The pixel font may still be loading; draw again once it is there.
    document.fonts.load(`8px "Press Start 2P"`).then(() => this.redraw(), () => {});
  }

  fit() {
    const first = this.el.plots.firstElementChild;
    if (!first) return;
    // An integer scale keeps the pixels even; a narrow phone gets a fractional one
    // rather than a plot too small to read.
    const room = first.clientWidth - 12;
    const whole = Math.floor(room / PW);
    const scale = whole >= 2 || room < PW * 1.25 ? Math.max(1, whole) : room / PW;
    for (const { canvas } of this.plots) {
      canvas.style.width = `${Math.floor(PW * scale)}px`;
      canvas.style.height = `${Math.floor(canvas.height * scale)}px`;
    }
  }

  readOptions() {
    const options = {};
    for (const input of this.el.options.querySelectorAll("input")) options[input.name] = Number(input.value);
    return options;
  }

  // ------------------------------------------------------------ running

  /** @param {{ id: string, params: object } | ""} problem */
  showError(problem) {
    if (problem) setText(this.el.error, "ui.tools.reason", { reason: problem }); else setPlain(this.el.error, "");
    this.el.error.hidden = !problem;
  }

  // Runs the study set in the controls (or `settings`); resolves to the result JSON
  // (a stopped run's covers the deals done so far).  Rejects with the message of
  // bad settings, which the view shows too.
  async start(settings = {}) {
    if (this.run) throw new Error(t("ui.explore.running"));
    const e = this.el;
    const wanted = settings.game || this.currentGame();
    if (wanted !== this.game.name) {
      const info = this.games().find((g) => g.name === wanted);
      if (!info) return this.refuse({ id: "ui.explore.unknown_game", params: { game: String(wanted) } });
      this.setGame(info);
    }
    if (settings.study !== undefined) {
      if (!this.game.studies.some((s) => s.name === settings.study)) {
        return this.refuse({ id: "ui.explore.unknown_study", params: { study: String(settings.study), game: this.game.name, studies: this.game.studies.map((s) => s.name).join(", ") } });
      }
      if (settings.study !== this.study.name) this.chooseStudy(settings.study);
    }
    for (const key of ["deals", "seed", "workers"]) if (settings[key] !== undefined) e[key].value = String(settings[key]);
    const options = { ...this.readOptions(), ...(settings.options || {}) };
    for (const [name, value] of Object.entries(settings.options || {})) {
      const input = e.options.querySelector(`input[name="${CSS.escape(name)}"]`);
      if (input) input.value = String(value);
    }
    const deals = Number(e.deals.value);
    const seed = Number(e.seed.value);
    const workers = Number(e.workers.value);
    if (!Number.isInteger(workers) || workers < 1 || workers > MAX_WORKERS) {
      return this.refuse({ id: "ui.explore.bad_workers", params: { max: MAX_WORKERS } });
    }
    const game = this.game.name;
    const study = this.study;
    const base = { game, study: study.name, seed: Number.isInteger(seed) ? seed : e.seed.value, options };
    // Python checks the settings (deals, seed, the study's options) before any deal.
    const checked = await this.client.call({ cmd: "explore_check", ...base, deals: Number.isInteger(deals) ? deals : e.deals.value });
    if (!checked.ok) return this.refuse(checked.error.msg || { id: "raw", params: { text: checked.error.message } });
    this.showError("");
    this.touched = true;
    this.aggregate = emptyAggregate();
    this.result = null;
    const run = { game, study, deals, seed, options: checked.options, started: 0, stopped: false };
    this.run = run;
    this.setRunning(true);
    e.bar.max = deals;
    e.bar.value = 0;
    if (workers > 1) setText(e.status, "ui.explore.starting_workers", { count: workers }); else setText(e.status, "ui.explore.starting");
    this.redraw();
    let outcome;
    try {
      const members = await this.pool.prepare(workers, (stage) => {
        if (stage !== "ready") setText(e.status, "ui.explore.starting_stage", { count: workers, stage });
      });
      if (run.stopped) {
        outcome = { stopped: true, error: null };
      } else {
        run.started = performance.now();
        const request = (start, count) => ({ cmd: "explore_chunk", ...base, options: run.options, start, count });
        outcome = await this.pool.start(members, deals, request, (part) => this.receive(part));
      }
    } catch (err) {
      outcome = { stopped: false, error: { message: err.message } };
    }
    const seconds = run.started ? (performance.now() - run.started) / 1000 : 0;
    this.run = null;
    this.last = { game, seed, options: run.options };
    this.setRunning(false);
    this.result = resultJson(game, study, seed, this.aggregate, seconds);
    this.el.csv.disabled = this.aggregate.deals === 0;
    this.el.json.disabled = this.aggregate.deals === 0;
    this.showProgress(seconds);
    if (outcome.error) {
      this.showError({ id: "ui.explore.stopped_error", params: { reason: outcome.error.message } });
      throw new Error(outcome.error.message);
    }
    return this.result;
  }

  /** @param {{ id: string, params: object }} problem */
  refuse(problem) {
    this.showError({ id: "ui.explore.cannot_start", params: { reason: problem } });
    return Promise.reject(new Error(t("ui.tools.reason", { reason: problem })));
  }

  stop() {
    if (!this.run) return;
    this.run.stopped = true;
    this.pool.stop();
  }

  setRunning(running) {
    const e = this.el;
    e.start.disabled = running;
    e.stop.disabled = !running;
    for (const control of [e.study, e.deals, e.seed, e.workers, ...e.options.querySelectorAll("input")]) control.disabled = running;
  }

  receive(part) {
    this.aggregate = merge(this.aggregate, part);
    this.redraw();
  }

  showProgress(seconds) {
    const e = this.el;
    const done = this.aggregate.deals;
    const total = this.run ? this.run.deals : Number(e.bar.max);
    e.bar.value = done;
    const rate = seconds > 0 ? done / seconds : 0;
    const tail = { id: "ui.explore.progress", params: { done, total, rate: rate.toFixed(rate < 10 ? 1 : 0) } };
    if (this.run) setText(e.status, "ui.tools.reason", { reason: tail });
    else if (done < total) setText(e.status, "ui.explore.stopped", { progress: tail });
    else setText(e.status, "ui.explore.done", { progress: tail, seconds: seconds.toFixed(1) });
  }

  // ------------------------------------------------------------ drawing

  redraw() {
    if (this.dirty) return;
    this.dirty = true;
    requestAnimationFrame(() => {
      this.dirty = false;
      if (this.run && this.run.started) this.showProgress((performance.now() - this.run.started) / 1000);
      for (const entry of this.plots) this.drawOne(entry);
    });
  }

  drawOne(entry) {
    const { plot, canvas } = entry;
    const a = this.aggregate;
    const data = plot.source === "outcomes" ? a.outcomes : a.metrics[plot.source.split(".")[1]];
    // A language set in 16 px CJK letters draws on a taller canvas.
    if (canvas.height !== plotHeight()) {
      canvas.height = plotHeight();
      this.fit();
    }
    const ctx = canvas.getContext("2d", { alpha: false });
    entry.regions = drawPlot(ctx, plot, data, this.study.classes, this.study.class_labels || {});
    if (entry.focus >= entry.regions.length) entry.focus = -1;
    if (entry.focus >= 0) highlight(ctx, entry.regions[entry.focus]);
  }

  regionAt(entry, ev) {
    const rect = entry.canvas.getBoundingClientRect();
    const x = ((ev.clientX - rect.left) / rect.width) * PW;
    const y = ((ev.clientY - rect.top) / rect.height) * entry.canvas.height;
    let best = -1;
    let bestDistance = Infinity;
    entry.regions.forEach((r, k) => {
      const dx = Math.max(r.x - x, 0, x - (r.x + r.w));
      const dy = Math.max(r.y - y, 0, y - (r.y + r.h));
      const d = dx * dx + dy * dy;
      if (d < bestDistance) { bestDistance = d; best = k; }
    });
    return bestDistance <= 4 ? best : -1;
  }

  hover(entry, ev) {
    const k = this.regionAt(entry, ev);
    entry.canvas.style.cursor = k >= 0 ? "pointer" : "";
    if (k >= 0) entry.caption.textContent = entry.regions[k].label;
  }

  click(entry, ev) {
    const k = this.regionAt(entry, ev);
    if (k >= 0) this.openRegion(entry, k);
  }

  key(entry, ev) {
    const n = entry.regions.length;
    if (!n) return;
    const action = shortcut("plot", ev);
    if (action === "next" || action === "previous") {
      entry.focus = action === "next" ? (entry.focus + 1) % n : (entry.focus - 1 + n) % n;
      entry.caption.textContent = entry.regions[entry.focus].label;
      this.drawOne(entry);
      ev.preventDefault();
    } else if (action === "open" && entry.focus >= 0) {
      this.openRegion(entry, entry.focus);
      ev.preventDefault();
    }
  }

  // Opens the first deal of the clicked bucket in the player.
  async openRegion(entry, k) {
    const region = entry.regions[k];
    const index = this.aggregate.examples[region.path];
    if (index === undefined) return;
    const source = this.run || this.last;
    if (!source) return;
    const { game, seed, options } = source;
    const reply = await this.client.call({ cmd: "explore_deal", game, study: this.study.name, seed, index, options });
    if (!reply.ok) {
      this.showError(reply.error.msg || { id: "raw", params: { text: reply.error.message } });
      return;
    }
    setText(entry.caption, "ui.explore.deal_caption", { label: region.label, index, seed: seed + index });
    this.openDeal({ game, text: reply.text, note: { id: "ui.explore.deal_note", params: { index, seed: seed + index, label: region.label } } });
  }

  download(kind) {
    if (!this.result) return;
    const name = `${this.result.game}-${this.result.study}-seed${this.result.seed}-${this.result.deals}`;
    const body = kind === "csv" ? toCsv(this.result) : `${JSON.stringify(this.result, null, 1)}\n`;
    const url = URL.createObjectURL(new Blob([body], { type: kind === "csv" ? "text/csv" : "application/json" }));
    const a = node("a", { href: url, download: `${name}.${kind}` });
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  }

  // ------------------------------------------------------------ links and test hook

  linkState() {
    if (!this.study || !this.touched) return null;
    return { study: this.study.name, deals: Number(this.el.deals.value) || DEFAULT_DEALS, seed: Number(this.el.seed.value) || 0 };
  }

  applyLink({ study, deals, seed }) {
    if (this.game.studies.some((s) => s.name === study)) this.chooseStudy(study);
    this.el.deals.value = String(deals);
    this.el.seed.value = String(seed);
    this.touched = true;
  }

  state() {
    const rect = (canvas) => canvas.getBoundingClientRect();
    return {
      game: this.game ? this.game.name : null,
      study: this.study ? this.study.name : null,
      running: Boolean(this.run),
      done: this.aggregate.deals,
      deals: this.run ? this.run.deals : Number(this.el.deals.value),
      result: this.result,
      // Each plot's clickable regions in CSS pixels of the page, for tests and tools.
      plots: this.plots.map(({ plot, canvas, regions }) => {
        const r = rect(canvas);
        const sx = r.width / PW;
        const sy = r.height / canvas.height;
        return {
          title: plot.title, kind: plot.kind,
          regions: regions.map((g) => ({ path: g.path, label: g.label, x: r.left + (g.x + g.w / 2) * sx, y: r.top + (g.y + g.h / 2) * sy })),
        };
      }),
    };
  }
}
