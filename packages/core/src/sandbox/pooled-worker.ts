// One sandbox worker thread as the host sees it: started once, kept warm, handed one job at a time,
// and terminated (never reused) when a guest outlives its deadline or its runtime fails to dispose.
import { Worker } from 'node:worker_threads';
import type { WorkerEntry } from './worker-entry.js';
import type { HostToWorker, WorkerInit, WorkerToHost } from './worker-protocol.js';

export type WorkerListener = (message: WorkerToHost) => void;

/** Heap for the worker's own JavaScript; guest memory lives in the separately capped WebAssembly memory. */
const WORKER_HEAP_MB = 128;

export class PooledWorker {
  private readonly worker: Worker;
  private readonly abortSlots: Int32Array;
  private listener: WorkerListener | null = null;
  private exitListener: ((reason: string) => void) | null = null;
  readonly ready: Promise<void>;
  /** Called when the worker asks to be retired between jobs; see WorkerPool. */
  onRetire: (() => void) | null = null;
  dead = false;
  exitReason: string | null = null;

  constructor(entry: WorkerEntry, init: Omit<WorkerInit, 'abortFlag'>) {
    const abortFlag = new SharedArrayBuffer(4);
    this.abortSlots = new Int32Array(abortFlag);
    const workerData: WorkerInit = { ...init, abortFlag };
    this.worker = new Worker(entry.script, {
      eval: entry.eval,
      workerData,
      execArgv: [],
      env: {},
      stdout: false,
      stderr: false,
      resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB },
    });
    this.ready = new Promise<void>((resolve, reject) => {
      const onStartMessage = (message: WorkerToHost) => {
        if (message.t === 'ready') resolve();
        else if (message.t === 'init-error')
          reject(new Error(`The sandbox worker failed to start: ${message.message}`));
        else return;
        this.worker.off('message', onStartMessage);
      };
      this.worker.on('message', onStartMessage);
      this.worker.once('exit', () =>
        reject(new Error(`The sandbox worker failed to start: ${this.exitReason}`)),
      );
    });
    this.ready.catch(() => undefined);
    this.worker.on('message', (message: WorkerToHost) => {
      if (message.t === 'retire') this.onRetire?.();
      else if (message.t !== 'ready' && message.t !== 'init-error') this.listener?.(message);
    });
    this.worker.on('error', (error) => {
      this.exitReason = errorReason(error);
    });
    this.worker.on('exit', (code) => {
      this.dead = true;
      this.exitReason ??= `exited with code ${code}`;
      this.exitListener?.(this.exitReason);
    });
  }

  /** Routes this worker's messages and unexpected exit to the job now using it. */
  attach(listener: WorkerListener, onExit: (reason: string) => void): void {
    this.listener = listener;
    this.exitListener = onExit;
    this.worker.ref();
  }

  detach(): void {
    this.listener = null;
    this.exitListener = null;
    // An idle warm worker must not keep the host process alive.
    this.worker.unref();
  }

  post(message: HostToWorker): void {
    if (!this.dead) this.worker.postMessage(message);
  }

  /** Tells the guest's interrupt handler that job `id` is aborted, then wakes the worker if it waits. */
  abort(id: number): void {
    Atomics.store(this.abortSlots, 0, id);
    this.post({ t: 'abort', id });
  }

  /** Stops the thread; a job still attached hears about it through its exit listener. */
  terminate(reason: string): void {
    if (this.dead) return;
    this.dead = true;
    this.exitReason = reason;
    const exitListener = this.exitListener;
    this.listener = null;
    this.exitListener = null;
    void this.worker.terminate();
    exitListener?.(reason);
  }
}

function errorReason(error: Error): string {
  const code = (error as { code?: unknown }).code;
  if (code === 'ERR_WORKER_OUT_OF_MEMORY') return 'out of memory';
  return error.message;
}
