// A small pool of warm sandbox workers: started lazily, one job per worker at a time, and a worker
// that is terminated or retired is replaced in the background so the next call stays warm.
import { PooledWorker } from './pooled-worker.js';
import { loadQuickJsWasm } from './wasm-module.js';
import type { WorkerEntry } from './worker-entry.js';

export interface PoolConfig {
  size: number;
  entry: WorkerEntry;
  memoryLimitBytes: number;
  stackSizeBytes: number;
}

export interface PoolStats {
  /** workers alive now (starting, idle or busy) */
  workers: number;
  idle: number;
  busy: number;
  /** jobs waiting for a worker */
  queued: number;
  started: number;
  /** workers stopped by the host (deadline, abort, crash) */
  terminated: number;
  /** workers retired because their runtime failed to dispose */
  retired: number;
}

interface Waiter {
  resolve(worker: PooledWorker): void;
  reject(error: Error): void;
}

export class PoolClosedError extends Error {
  constructor() {
    super('The sandbox is closed.');
  }
}

export class WorkerPool {
  private readonly all = new Set<PooledWorker>();
  private readonly idle: PooledWorker[] = [];
  private readonly waiters: Waiter[] = [];
  private starting = 0;
  private closed = false;
  private counts = { started: 0, terminated: 0, retired: 0 };

  constructor(private readonly config: PoolConfig) {}

  /** A warm worker for one job; waits when all are busy. Cancel a wait by aborting `signal`. */
  acquire(signal?: AbortSignal): Promise<PooledWorker> {
    if (this.closed) return Promise.reject(new PoolClosedError());
    // Least recently used first: it has had the longest time to prepare its next context.
    for (let worker = this.idle.shift(); worker; worker = this.idle.shift()) {
      if (!worker.dead) return Promise.resolve(worker);
      this.all.delete(worker);
    }
    return new Promise<PooledWorker>((resolve, reject) => {
      const waiter: Waiter = {
        resolve: (w) => {
          signal?.removeEventListener('abort', onAbort);
          resolve(w);
        },
        reject: (e) => {
          signal?.removeEventListener('abort', onAbort);
          reject(e);
        },
      };
      const onAbort = () => {
        const i = this.waiters.indexOf(waiter);
        if (i >= 0) this.waiters.splice(i, 1);
        reject(signal?.reason instanceof Error ? signal.reason : new Error('aborted'));
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.waiters.push(waiter);
      this.grow();
    });
  }

  /** Returns a worker after a job that ended cleanly. */
  release(worker: PooledWorker): void {
    worker.detach();
    if (worker.dead || !this.all.has(worker)) return;
    if (this.closed) {
      this.remove(worker, 'closed');
      return;
    }
    this.hand(worker);
  }

  /** Stops a worker for good (deadline passed, aborted guest, failed dispose, crash) and replaces it. */
  discard(worker: PooledWorker, why: 'terminated' | 'retired'): void {
    worker.detach();
    this.counts[why]++;
    this.remove(worker, why);
    if (!this.closed) this.grow(true);
  }

  stats(): PoolStats {
    const idle = this.idle.length;
    return {
      workers: this.all.size + this.starting,
      idle,
      busy: this.all.size - idle,
      queued: this.waiters.length,
      ...this.counts,
    };
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const waiter of this.waiters.splice(0)) waiter.reject(new PoolClosedError());
    for (const worker of [...this.all]) this.remove(worker, 'closed');
    this.idle.length = 0;
  }

  private hand(worker: PooledWorker): void {
    const waiter = this.waiters.shift();
    if (waiter) waiter.resolve(worker);
    else {
      worker.detach();
      this.idle.push(worker);
    }
  }

  private remove(worker: PooledWorker, reason: string): void {
    this.all.delete(worker);
    const i = this.idle.indexOf(worker);
    if (i >= 0) this.idle.splice(i, 1);
    worker.terminate(reason);
  }

  /** Starts workers while jobs wait (or, after a discard, to keep the pool warm) up to the pool size. */
  private grow(warm = false): void {
    const wanted = warm ? this.config.size : this.waiters.length + (this.all.size - this.idle.length);
    while (!this.closed && this.all.size + this.starting < Math.min(this.config.size, Math.max(wanted, 1))) {
      this.starting++;
      void this.start();
    }
  }

  private async start(): Promise<void> {
    let worker: PooledWorker | null = null;
    try {
      const wasmModule = await loadQuickJsWasm();
      if (this.closed) return;
      worker = new PooledWorker(this.config.entry, {
        wasmModule,
        memoryLimitBytes: this.config.memoryLimitBytes,
        stackSizeBytes: this.config.stackSizeBytes,
      });
      this.counts.started++;
      const started = worker;
      // Busy workers report retirement with their reply instead; only an idle one is stopped here.
      started.onRetire = () => {
        if (this.idle.includes(started)) this.discard(started, 'retired');
      };
      // Referenced while starting (a job may be waiting for it); unreferenced once idle.
      await worker.ready;
    } catch (error) {
      this.starting--;
      worker?.terminate('failed to start');
      // With no worker left to serve it, a waiting job learns why; otherwise a live worker will.
      if (this.all.size === 0 && this.starting === 0) {
        this.waiters.shift()?.reject(error instanceof Error ? error : new Error(String(error)));
        if (this.waiters.length) this.grow();
      }
      return;
    }
    this.starting--;
    if (this.closed || worker.dead) {
      worker.terminate('closed');
      return;
    }
    this.all.add(worker);
    this.hand(worker);
  }
}
