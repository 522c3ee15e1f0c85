// The Explore view: pick a study, a number of deals and a seed, run it on a pool
// of engine workers and watch the plots fill in.  Python solves and counts
// (bridge "explore_chunk"); this module only adds the workers' counts up
// (aggregate.js) and draws them (plots.js).  A click on a bar asks the bridge
// for that bucket's first deal ("explore_deal") and hands it to the player.
import { emptyAggregate, merge, resultJson, toCsv } from "./aggregate.js";
import { PH, PW, drawPlot, highlight } from "./plots.js";
import { MAX_WORKERS, Pool, defaultWorkers } from "./pool.js";
import { shortcut } from "../page/shortcuts.js";

const MAX_DEALS = 1_000_000;
const DEFAULT_DEALS = 1000;

function node(tag, props = {}, ...children) {
  const el = document.createElement(tag);
  for (const [key, value] of Object.entries(props)) {
    if (key === "testid") el.dataset.testid = value;
    else if (key in el) el[key] = value;
    else el.setAttribute(key, value);
  }
  el.append(...children);
  return el;
}

function numberInput(testid, min, max, value, label) {
  return node("input", { type: "number", testid, min: String(min), max: String(max), step: "1", value: String(value), ariaLabel: label });
}

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
      study: node("select", { testid: "explore-study", ariaLabel: "Study" }),
      deals: numberInput("explore-deals", 1, MAX_DEALS, DEFAULT_DEALS, "Number of deals"),
      seed: numberInput("explore-seed", 0, 2 ** 31, 1, "Seed of deal 0"),
      workers: numberInput("explore-workers", 1, MAX_WORKERS, defaultWorkers(), "Workers"),
      options: node("div", { className: "row explore-options" }),
      start: node("button", { type: "button", className: "primary", testid: "explore-start", textContent: "Start" }),
      stop: node("button", { type: "button", testid: "explore-stop", textContent: "Stop", disabled: true }),
      csv: node("button", { type: "button", testid: "explore-csv", textContent: "CSV", disabled: true, title: "Download the counts as CSV" }),
      json: node("button", { type: "button", testid: "explore-json", textContent: "JSON", disabled: true, title: "Download the result as JSON" }),
      bar: node("progress", { testid: "explore-progress", max: 1, value: 0, ariaLabel: "Deals done" }),
      status: node("span", { className: "status", testid: "explore-status", role: "status" }),
      error: node("div", { className: "error", testid: "explore-error", role: "alert", hidden: true }),
      plots: node("div", { className: "explore-plots" }),
    };
    const e = this.el;
    container.replaceChildren(
      node("div", { className: "panel-head" }, node("h2", { textContent: "Explore" }), e.title),
      e.counts,
      node("div", { className: "row explore-settings" },
        node("label", {}, "study ", e.study), node("label", {}, "deals ", e.deals),
        node("label", {}, "seed ", e.seed), node("label", {}, "workers ", e.workers)),
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
    this.el.study.replaceChildren(...info.studies.map((s) => node("option", { value: s.name, textContent: s.title })));
    this.chooseStudy(info.studies[0].name);
  }

  chooseStudy(name) {
    const study = this.game.studies.find((s) => s.name === name) || this.game.studies[0];
    this.study = study;
    this.el.study.value = study.name;
    this.el.counts.textContent = `Counts ${study.counts}.`;
    this.el.options.replaceChildren(...study.options.map((opt) => node("label", {}, `${opt.label} `,
      Object.assign(numberInput(`explore-opt-${opt.name}`, opt.min, opt.max, opt.default, opt.label), { name: opt.name }))));
    this.el.options.hidden = study.options.length === 0;
    this.aggregate = emptyAggregate();
    this.result = null;
    this.el.csv.disabled = true;
    this.el.json.disabled = true;
    this.el.bar.value = 0;
    this.el.status.textContent = "";
    this.buildPlots();
  }

  buildPlots() {
    this.plots = this.study.plots.map((plot, k) => {
      const canvas = node("canvas", { width: PW, height: PH, tabIndex: 0, testid: "explore-plot", ariaLabel: `${plot.title}: click a bar to open an example deal` });
      canvas.dataset.plot = String(k);
      const what = { rate_lines: "a point", dist_lines: "a point", heatmap: "a cell", stacked: "a segment" }[plot.kind] || "a bar";
      const caption = node("figcaption", { className: "explore-caption", textContent: `Click ${what} to open an example deal.` });
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
      canvas.style.height = `${Math.floor(PH * scale)}px`;
    }
  }

  readOptions() {
    const options = {};
    for (const input of this.el.options.querySelectorAll("input")) options[input.name] = Number(input.value);
    return options;
  }

  // ------------------------------------------------------------ running

  showError(message) {
    this.el.error.textContent = message;
    this.el.error.hidden = !message;
  }

  // Runs the study set in the controls (or `settings`); resolves to the result JSON
  // (a stopped run's covers the deals done so far).  Rejects with the message of
  // bad settings, which the view shows too.
  async start(settings = {}) {
    if (this.run) throw new Error("a study is already running; stop it first");
    const e = this.el;
    const wanted = settings.game || this.currentGame();
    if (wanted !== this.game.name) {
      const info = this.games().find((g) => g.name === wanted);
      if (!info) return this.refuse(`unknown game '${wanted}'`);
      this.setGame(info);
    }
    if (settings.study !== undefined) {
      if (!this.game.studies.some((s) => s.name === settings.study)) {
        return this.refuse(`unknown study '${settings.study}' for ${this.game.name}; its studies: ${this.game.studies.map((s) => s.name).join(", ")}`);
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
      return this.refuse(`the number of workers must be in 1..${MAX_WORKERS}`);
    }
    const game = this.game.name;
    const study = this.study;
    const base = { game, study: study.name, seed: Number.isInteger(seed) ? seed : e.seed.value, options };
    // Python checks the settings (deals, seed, the study's options) before any deal.
    const checked = await this.client.call({ cmd: "explore_check", ...base, deals: Number.isInteger(deals) ? deals : e.deals.value });
    if (!checked.ok) return this.refuse(checked.error.message);
    this.showError("");
    this.touched = true;
    this.aggregate = emptyAggregate();
    this.result = null;
    const run = { game, study, deals, seed, options: checked.options, started: 0, stopped: false };
    this.run = run;
    this.setRunning(true);
    e.bar.max = deals;
    e.bar.value = 0;
    e.status.textContent = workers > 1 ? `Starting ${workers} workers…` : "Starting…";
    this.redraw();
    let outcome;
    try {
      const members = await this.pool.prepare(workers, (stage) => {
        if (stage !== "ready") e.status.textContent = `Starting ${workers} workers… (${stage})`;
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
      this.showError(`The study stopped: ${outcome.error.message}`);
      throw new Error(outcome.error.message);
    }
    return this.result;
  }

  refuse(message) {
    this.showError(`Cannot start: ${message}.`);
    return Promise.reject(new Error(message));
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
    const tail = `${done.toLocaleString()} / ${total.toLocaleString()} deals · ${rate.toFixed(rate < 10 ? 1 : 0)} deals/s`;
    if (this.run) e.status.textContent = tail;
    else if (done < total) e.status.textContent = `Stopped: ${tail}`;
    else e.status.textContent = `Done: ${tail} · ${seconds.toFixed(1)} s`;
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
    const ctx = canvas.getContext("2d", { alpha: false });
    entry.regions = drawPlot(ctx, plot, data, this.study.classes);
    if (entry.focus >= entry.regions.length) entry.focus = -1;
    if (entry.focus >= 0) highlight(ctx, entry.regions[entry.focus]);
  }

  regionAt(entry, ev) {
    const rect = entry.canvas.getBoundingClientRect();
    const x = ((ev.clientX - rect.left) / rect.width) * PW;
    const y = ((ev.clientY - rect.top) / rect.height) * PH;
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
      this.showError(reply.error.message);
      return;
    }
    entry.caption.textContent = `${region.label} · deal ${index} (seed ${seed + index})`;
    this.openDeal({ game, text: reply.text, note: `Explore: deal ${index} (seed ${seed + index}), ${region.label}` });
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
        const sy = r.height / PH;
        return {
          title: plot.title, kind: plot.kind,
          regions: regions.map((g) => ({ path: g.path, label: g.label, x: r.left + (g.x + g.w / 2) * sx, y: r.top + (g.y + g.h / 2) * sy })),
        };
      }),
    };
  }
}
