// Messages between the host and a sandbox worker. Guest values cross only as JSON strings.
import type { LogEntry, SandboxErrorCode } from './types.js';
import type { CompiledWasm } from './wasm-module.js';

export interface WorkerInit {
  wasmModule: CompiledWasm;
  memoryLimitBytes: number;
  stackSizeBytes: number;
  /** Int32 slot 0 holds the id of a job the host aborted; the guest's interrupt handler watches it. */
  abortFlag: SharedArrayBuffer;
}

export type HostToWorker =
  | {
      t: 'run';
      id: number;
      body: string;
      argsJson: string;
      ctxJson: string;
      hostFunctionNames: string[];
      /** absolute time (Date.now()) when the guest is interrupted */
      deadline: number;
      timeoutMs: number;
    }
  | { t: 'compile'; id: number; body: string; deadline: number }
  | { t: 'host-result'; id: number; callId: number; ok: true; json: string }
  | { t: 'host-result'; id: number; callId: number; ok: false; message: string }
  | { t: 'abort'; id: number };

export type WorkerToHost =
  | { t: 'ready' }
  | { t: 'init-error'; message: string }
  | { t: 'log'; id: number; entry: LogEntry }
  | { t: 'log-cut'; id: number }
  | { t: 'host-call'; id: number; callId: number; name: string; argsJson: string }
  | {
      t: 'done';
      id: number;
      ok: boolean;
      /** the result as JSON text when ok */
      json?: string;
      error?: string;
      errorCode?: SandboxErrorCode;
      droppedLogs: number;
      /** the worker must not be reused (its module reached the memory cap or failed); no 'idle' follows */
      retire?: boolean;
    }
  | {
      t: 'compiled';
      id: number;
      ok: boolean;
      error?: string;
      line?: number;
      column?: number;
    }
  /**
   * Sent after 'done' / 'compiled' once the job's runtime is freed and the next context is ready.
   * `retire`: a runtime failed to dispose or the module reached its memory cap; stop using this worker.
   */
  | { t: 'idle'; id: number; retire: boolean }
  /** An idle worker could not prepare a context in the background: stop using it. */
  | { t: 'retire' };
