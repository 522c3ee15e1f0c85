// A pool of engine workers for Explore, each its own Pyodide.  The page's own
// engine client is the first member (it is booted already); more clients boot
// on demand and stay for the next run.  The pool hands out chunks of deals to
// idle members and reports each chunk's aggregate as it arrives.
import { EngineClient } from "../engine/client.js";

/** The most engine workers a study uses. */
export const MAX_WORKERS = 8;
const TARGET_MS = 120;       // a chunk's aimed length: Stop and progress stay prompt
const FIRST_CHUNK = 4;
const MAX_CHUNK = 200;

/**
 * The workers a study uses by default (the machine's cores, within MAX_WORKERS).
 * @returns {number}
 */
export function defaultWorkers() {
  return Math.max(1, Math.min(4, navigator.hardwareConcurrency || 1));
}

/** A pool of engine workers that run a study's chunks. */
export class Pool {
  constructor(mainClient) {
    this.clients = [mainClient];
    this.run = null;
  }

  // Boots (or reuses) `n` clients; resolves when all of them can take work.
  async prepare(n, onStage = () => {}) {
    while (this.clients.length < n) this.clients.push(new EngineClient({ onStage }));
    const members = this.clients.slice(0, n);
    await Promise.all(members.map((c) => c.ready));
    return members;
  }

  // Solves deals 0..deals-1 in chunks on `members`.  `request(start, count)` builds a
  // chunk's bridge request; `onChunk(aggregate)` gets each result; resolves with
  // {stopped, error} once every chunk is in, after an error, or after stop().
  start(members, deals, request, onChunk) {
    const run = { stopped: false, error: null, next: 0, busy: new Set(), retry: [] };
    this.run = run;
    const take = (size) => {
      if (run.retry.length) return run.retry.shift();
      const start = run.next;
      run.next += Math.min(size, deals - start);
      return [start, run.next - start];
    };
    const worker = async (client) => {
      let size = FIRST_CHUNK;
      while (!run.stopped && !run.error && (run.retry.length || run.next < deals)) {
        const [start, count] = take(size);
        run.busy.add(client);
        const t0 = performance.now();
        const reply = await client.call(request(start, count));
        run.busy.delete(client);
        if (run.stopped) return;
        if (!reply.ok && reply.error.type === "Cancelled") {
          // The page's Cancel (meant for a solve) hit this chunk: do it again.
          run.retry.push([start, count]);
          continue;
        }
        if (!reply.ok) {
          run.error = reply.error;
          return;
        }
        onChunk(reply.aggregate);
        const perDeal = Math.max(0.05, (performance.now() - t0) / count);
        size = Math.max(1, Math.min(MAX_CHUNK, Math.round(TARGET_MS / perDeal)));
      }
    };
    run.done = Promise.all(members.map(worker)).then(() => ({ stopped: run.stopped, error: run.error }));
    return run.done;
  }

  // Stops handing out chunks; chunks in flight on Explore's own workers are
  // interrupted, and a reply that still arrives is dropped (the page's main
  // engine is never interrupted: it may be solving the user's input).
  stop() {
    const run = this.run;
    if (!run || run.stopped) return;
    run.stopped = true;
    for (const client of run.busy) if (client !== this.clients[0]) client.cancel();
  }
}
