import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';

/**
 * Worker threads that run the listing index's compiled counting loops (listing-index.ts), so a
 * search process counts facet pages on every core, not one (decision 029).
 *
 * A task is a loop's source, its arguments and the slots to visit. The columns and posting lists are
 * typed arrays over shared memory, so posting them shares them (no copy); the tallies the loop counts
 * into come back. A worker compiles each source once. The pool starts its threads on the first task
 * (a small store never needs them), keeps them unreferenced (they never hold the process open), and
 * replaces one that dies; its task fails, and the caller counts on its own thread instead.
 */

/** What a worker runs: the loop's source (its body), the key it is compiled under, and its inputs. */
export interface LoopTask {
  key: string;
  source: string;
  slots: Int32Array;
  n: number;
  args: readonly unknown[];
  /** The indexes in `args` of the tallies the loop counts into: what comes back, in that order. */
  tallies: readonly number[];
}

/**
 * The worker's code: plain JavaScript evaluated in the thread (nothing to bundle or resolve). The
 * sources it compiles are the index's own templates, every value an argument (listing-index.ts).
 */
const WORKER_SOURCE = `
const { parentPort } = require('node:worker_threads');
const loops = new Map();
parentPort.on('message', (task) => {
  try {
    let loop = loops.get(task.key);
    if (!loop) {
      if (loops.size >= 256) loops.clear();
      loop = new Function('slots', 'n', 'args', task.source);
      loops.set(task.key, loop);
    }
    loop(task.slots, task.n, task.args);
    parentPort.postMessage({ id: task.id, tallies: task.tallies.map((i) => task.args[i]) });
  } catch (err) {
    parentPort.postMessage({ id: task.id, error: String(err && err.message || err) });
  }
});
`;

interface Pending {
  resolve: (tallies: unknown[]) => void;
  reject: (err: Error) => void;
}

class Thread {
  readonly worker: Worker;
  readonly pending = new Map<number, Pending>();
  constructor(onExit: (t: Thread) => void) {
    this.worker = new Worker(WORKER_SOURCE, { eval: true, name: 'listing-index-loops' });
    this.worker.unref();
    this.worker.on('message', (m: { id: number; tallies?: unknown[]; error?: string }) => {
      const p = this.pending.get(m.id);
      if (!p) return;
      this.pending.delete(m.id);
      if (m.error !== undefined) p.reject(new Error(m.error));
      else p.resolve(m.tallies!);
    });
    const fail = (err: Error) => {
      for (const p of this.pending.values()) p.reject(err);
      this.pending.clear();
      onExit(this);
    };
    this.worker.on('error', fail);
    this.worker.on('exit', (code) => fail(new Error(`loop worker exited with ${code}`)));
  }
}

export class LoopWorkers {
  private threads: Thread[] = [];
  private nextId = 0;
  private inFlight = 0;
  private waiting: (() => void)[] = [];

  constructor(readonly size = Math.max(1, availableParallelism())) {}

  /** Runs the loop in the least busy thread; resolves to its tallies. */
  run(task: LoopTask): Promise<unknown[]> {
    while (this.threads.length < this.size) this.threads.push(new Thread((t) => this.replace(t)));
    const thread = this.threads.reduce((a, b) => (b.pending.size < a.pending.size ? b : a));
    const id = this.nextId++;
    this.inFlight++;
    return new Promise<unknown[]>((resolve, reject) => {
      thread.pending.set(id, { resolve, reject });
      thread.worker.postMessage({ id, key: task.key, source: task.source, slots: task.slots, n: task.n, args: task.args, tallies: task.tallies });
    }).finally(() => {
      if (--this.inFlight === 0) for (const w of this.waiting.splice(0)) w();
    });
  }

  /** Tasks posted and not yet answered. */
  get busy(): number {
    return this.inFlight;
  }

  /** Resolves once no task is in flight (at once when none is). */
  idle(): Promise<void> {
    return this.inFlight === 0 ? Promise.resolve() : new Promise((r) => this.waiting.push(r));
  }

  private replace(t: Thread): void {
    this.threads = this.threads.filter((x) => x !== t);
  }

  /** Stops the threads (a later task starts new ones); their tasks fail, and their callers count on their own thread. */
  async close(): Promise<void> {
    const threads = this.threads.splice(0);
    await Promise.all(threads.map((t) => t.worker.terminate()));
  }
}
