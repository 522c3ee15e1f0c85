// The main thread's share of a study: adding up the workers' aggregates, and the
// result JSON.  Mirrors py_engines/explore/study.py (merge, canonical,
// result_json): counts add up and each bucket keeps its first deal, so the result
// is the same whatever the number of workers or the order the parts arrive in.

/** A study's counts before any deal. */
export function emptyAggregate() {
  return { deals: 0, outcomes: {}, metrics: {}, examples: {} };
}

function add(a, b) {
  const out = { ...a };
  for (const [key, value] of Object.entries(b)) {
    out[key] = value !== null && typeof value === "object" ? add(out[key] || {}, value) : (out[key] || 0) + value;
  }
  return out;
}

/**
 * `b`'s counts added into `a` (returned).
 * @param {any} a
 * @param {any} b
 */
export function merge(a, b) {
  const examples = { ...a.examples };
  for (const [path, k] of Object.entries(b.examples)) {
    examples[path] = path in examples ? Math.min(examples[path], k) : k;
  }
  return {
    deals: a.deals + b.deals, outcomes: add(a.outcomes, b.outcomes),
    metrics: add(a.metrics, b.metrics), examples,
  };
}

/**
 * Keys in one fixed order: the study's classes, then integers, then names.
 * @param {string[]} [classes]
 * @returns {(a: string, b: string) => number}
 */
export function keyOrder(classes = []) {
  const rank = new Map(classes.map((c, i) => [c, i]));
  const sortKey = (key) => {
    if (rank.has(key)) return [0, rank.get(key), ""];
    if (/^-?\d+$/.test(key)) return [1, Number(key), ""];
    return [2, 0, key];
  };
  return (a, b) => {
    const x = sortKey(a);
    const y = sortKey(b);
    return x[0] - y[0] || x[1] - y[1] || (x[2] < y[2] ? -1 : x[2] > y[2] ? 1 : 0);
  };
}

/**
 * The keys of `obj` in keyOrder's order.
 * @param {Record<string, unknown>} obj
 * @param {string[]} [classes]
 * @returns {string[]}
 */
export function sortedKeys(obj, classes = []) {
  return Object.keys(obj).sort(keyOrder(classes));
}

function canonical(tally, classes) {
  const out = {};
  for (const key of sortedKeys(tally, classes)) {
    const value = tally[key];
    out[key] = value !== null && typeof value === "object" ? canonical(value, classes) : value;
  }
  return out;
}

/**
 * The same JSON as `python3 -m py_engines explore ... --json`.
 * @param {string} game
 * @param {{ name: string, classes?: string[], metrics: string[] }} study
 * @param {number} seed
 * @param {any} aggregate
 * @param {number} seconds
 */
export function resultJson(game, study, seed, aggregate, seconds) {
  const metrics = canonical(aggregate.metrics, study.classes);
  const ordered = {};
  for (const name of study.metrics) if (name in metrics) ordered[name] = metrics[name];
  for (const [name, value] of Object.entries(metrics)) if (!(name in ordered)) ordered[name] = value;
  return {
    game, study: study.name, deals: aggregate.deals, seed,
    outcomes: canonical(aggregate.outcomes, study.classes), metrics: ordered,
    deals_per_s: seconds > 0 ? Math.round((aggregate.deals / seconds) * 10) / 10 : 0,
  };
}

/**
 * One row per counted bucket: where it is, and how many deals reached it.
 * @param {any} result
 * @returns {string}
 */
export function toCsv(result) {
  const rows = [["game", "study", "seed", "table", "group", "bucket", "count"]];
  const quote = (v) => (/[",\n]/.test(String(v)) ? `"${String(v).replace(/"/g, '""')}"` : String(v));
  for (const [bucket, count] of Object.entries(result.outcomes)) {
    rows.push([result.game, result.study, result.seed, "outcomes", "", bucket, count]);
  }
  for (const [name, table] of Object.entries(result.metrics)) {
    for (const [key, value] of Object.entries(table)) {
      if (value !== null && typeof value === "object") {
        for (const [bucket, count] of Object.entries(value)) rows.push([result.game, result.study, result.seed, name, key, bucket, count]);
      } else {
        rows.push([result.game, result.study, result.seed, name, "", key, value]);
      }
    }
  }
  return rows.map((r) => r.map(quote).join(",")).join("\n") + "\n";
}
