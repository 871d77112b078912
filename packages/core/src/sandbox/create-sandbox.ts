// The sandbox for user-written script tools: QuickJS (sync WebAssembly build) in a pool of worker
// threads, hardened as docs/design.md ("Sandbox") explains. The host never runs guest code; it
// sends JSON text to a worker, answers its host calls, and terminates it when the deadline passes.

import { jsonTextTooDeep, MAX_JSON_DEPTH } from '../base/json-depth.js';
import { callHostFunction, messageOf } from './host-call.js';
import {
  COMPILE_TIMEOUT_MS,
  DEFAULT_MAX_RESULT_BYTES,
  DEFAULT_MEMORY_LIMIT_BYTES,
  DEFAULT_POOL_SIZE,
  DEFAULT_STACK_SIZE_BYTES,
  defaultTimeoutFromEnv,
  HARD_STOP_GRACE_MS,
} from './limits.js';
import { logCutNote } from './log-limiter.js';
import type { PooledWorker } from './pooled-worker.js';
import type {
  CompileResult,
  LogEntry,
  Sandbox,
  SandboxErrorCode,
  SandboxOptions,
  SandboxRunJob,
  SandboxRunResult,
} from './types.js';
import { sandboxWorkerEntry } from './worker-entry.js';
import { type PoolStats, WorkerPool } from './worker-pool.js';
import type { WorkerToHost } from './worker-protocol.js';

export interface QuickJsSandbox extends Sandbox {
  /** Pool figures, for diagnostics and tests. */
  stats(): PoolStats;
}

type Outcome = { ok: true; result: unknown } | { ok: false; error: string; errorCode: SandboxErrorCode };

/** A worker that has replied but not reported idle within this long is replaced. */
const IDLE_TIMEOUT_MS = 5_000;

let nextJobId = 1;

export function createSandbox(options: SandboxOptions = {}): QuickJsSandbox {
  const poolSize = positiveInt(options.poolSize, DEFAULT_POOL_SIZE);
  const memoryLimitBytes = positiveInt(options.memoryLimitBytes, DEFAULT_MEMORY_LIMIT_BYTES);
  const stackSizeBytes = positiveInt(options.stackSizeBytes, DEFAULT_STACK_SIZE_BYTES);
  const defaultTimeoutMs = positiveInt(options.defaultTimeoutMs, defaultTimeoutFromEnv());
  const maxResultBytes = positiveInt(options.maxResultBytes, DEFAULT_MAX_RESULT_BYTES);
  const pool = new WorkerPool({
    size: poolSize,
    entry: sandboxWorkerEntry(),
    memoryLimitBytes,
    stackSizeBytes,
  });

  // After its reply a worker frees the job's runtime and prepares the next context, then says it is
  // idle; only then does it go back to the pool.
  function returnWhenIdle(worker: PooledWorker, id: number): void {
    const timer = setTimeout(() => pool.discard(worker, 'terminated'), IDLE_TIMEOUT_MS);
    timer.unref();
    worker.attach(
      (message) => {
        if (message.t !== 'idle' || message.id !== id) return;
        clearTimeout(timer);
        if (message.retire) pool.discard(worker, 'retired');
        else pool.release(worker);
      },
      () => {
        clearTimeout(timer);
        pool.discard(worker, 'terminated');
      },
    );
  }

  async function run(job: SandboxRunJob): Promise<SandboxRunResult> {
    const started = performance.now();
    const fail = (error: string, errorCode: SandboxErrorCode, logs: LogEntry[] = []): SandboxRunResult => ({
      ok: false,
      error,
      errorCode,
      logs,
      durationMs: elapsed(started),
    });
    if (job.signal?.aborted) return fail('The script was aborted before it started.', 'aborted');
    if (typeof job.body !== 'string') return fail('The script body must be a string.', 'error');
    const timeoutMs = positiveInt(job.timeoutMs, defaultTimeoutMs);
    const argsJson = toJsonText(job.args === undefined ? {} : job.args, 'args');
    if (!argsJson.ok) return fail(argsJson.error, 'error');
    if (
      job.ctx !== undefined &&
      (typeof job.ctx !== 'object' || job.ctx === null || Array.isArray(job.ctx))
    ) {
      return fail('ctx must be a JSON object.', 'error');
    }
    const ctxJson = toJsonText(job.ctx ?? {}, 'ctx');
    if (!ctxJson.ok) return fail(ctxJson.error, 'error');
    const functions = job.hostFunctions ?? {};
    const names = Object.keys(functions).filter((name) => typeof functions[name] === 'function');

    let worker: PooledWorker;
    try {
      worker = await pool.acquire(job.signal);
    } catch (error) {
      if (job.signal?.aborted) return fail('The script was aborted before it started.', 'aborted');
      return fail(messageOf(error), 'error');
    }

    return new Promise<SandboxRunResult>((resolve) => {
      const id = nextJobId++;
      const logs: LogEntry[] = [];
      let logsCut = false;
      let settled = false;
      let workerDone = false;
      let graceTimer: NodeJS.Timeout | undefined;

      const settle = (result: Outcome, dropped: number | null) => {
        if (settled) return;
        settled = true;
        const finalLogs = logsCut ? [...logs, logCutNote(dropped)] : [...logs];
        resolve({ ...result, logs: finalLogs, durationMs: elapsed(started) } as SandboxRunResult);
      };
      const cleanup = () => {
        workerDone = true;
        clearTimeout(hardTimer);
        clearTimeout(graceTimer);
        job.signal?.removeEventListener('abort', onAbort);
      };
      // The guest ignored its interrupt (a long built-in call) or the worker hung: stop the thread.
      const hardStop = (result: Outcome) => {
        if (workerDone) return;
        cleanup();
        pool.discard(worker, 'terminated');
        settle(result, null);
      };
      const timeoutResult: Outcome = {
        ok: false,
        error: `The script did not finish within ${timeoutMs} ms and was stopped.`,
        errorCode: 'timeout',
      };
      const abortedResult: Outcome = { ok: false, error: 'The script was aborted.', errorCode: 'aborted' };

      // The worker fires the guest's abort signal and answers within ABORT_WIND_DOWN_MS (the listeners'
      // logs come with it); a guest that does not is stopped outright after the grace.
      let aborting = false;
      const onAbort = () => {
        if (workerDone) return;
        aborting = true;
        worker.abort(id);
        graceTimer = setTimeout(() => hardStop(abortedResult), HARD_STOP_GRACE_MS);
      };
      const hardTimer = setTimeout(() => hardStop(timeoutResult), timeoutMs + HARD_STOP_GRACE_MS);

      const onMessage = (message: WorkerToHost) => {
        if (!('id' in message) || message.id !== id) return;
        switch (message.t) {
          case 'log':
            if (!settled) logs.push(message.entry);
            break;
          case 'log-cut':
            logsCut = true;
            break;
          case 'host-call':
            // An aborted job's caller has moved on: its guest may not start new host work.
            if (settled) break;
            if (aborting) {
              worker.post({
                t: 'host-result',
                id,
                callId: message.callId,
                ok: false,
                message: 'The run was aborted.',
              });
              break;
            }
            void callHostFunction(functions, message.name, message.argsJson).then((reply) => {
              if (!workerDone) worker.post({ t: 'host-result', id, callId: message.callId, ...reply });
            });
            break;
          case 'done': {
            cleanup();
            if (message.retire) pool.discard(worker, 'retired');
            else returnWhenIdle(worker, id);
            if (aborting) settle(abortedResult, message.droppedLogs);
            else if (message.ok) {
              const parsed = parseResult(message.json, maxResultBytes);
              settle(
                parsed.ok
                  ? { ok: true, result: parsed.value }
                  : { ok: false, error: parsed.error, errorCode: 'error' },
                message.droppedLogs,
              );
            } else {
              settle(
                {
                  ok: false,
                  error: message.error ?? 'The script failed.',
                  errorCode: message.errorCode ?? 'error',
                },
                message.droppedLogs,
              );
            }
            break;
          }
        }
      };
      const onExit = (reason: string) => {
        if (workerDone) return;
        cleanup();
        pool.discard(worker, 'terminated');
        if (reason === 'closed') {
          settle(
            { ok: false, error: 'The sandbox was closed while the script ran.', errorCode: 'aborted' },
            null,
          );
          return;
        }
        const oom = reason === 'out of memory';
        settle(
          {
            ok: false,
            error: oom
              ? 'The script ran the sandbox out of memory.'
              : `The sandbox worker stopped unexpectedly (${reason}).`,
            errorCode: oom ? 'out_of_memory' : 'error',
          },
          null,
        );
      };

      worker.attach(onMessage, onExit);
      job.signal?.addEventListener('abort', onAbort, { once: true });
      worker.post({
        t: 'run',
        id,
        body: job.body,
        argsJson: argsJson.text,
        ctxJson: ctxJson.text,
        hostFunctionNames: names,
        deadline: Date.now() + timeoutMs,
        timeoutMs,
      });
    });
  }

  async function compile(body: string): Promise<CompileResult> {
    if (typeof body !== 'string')
      return { ok: false, error: 'The script body must be a string.', line: 1, column: 1 };
    let worker: PooledWorker;
    try {
      worker = await pool.acquire();
    } catch (error) {
      return { ok: false, error: messageOf(error), line: 1, column: 1 };
    }
    return new Promise<CompileResult>((resolve) => {
      const id = nextJobId++;
      let done = false;
      const finish = (result: CompileResult) => {
        if (done) return;
        done = true;
        clearTimeout(timer);
        resolve(result.ok ? result : { ...result, ...clampPosition(body, result.line, result.column) });
      };
      const timer = setTimeout(() => {
        pool.discard(worker, 'terminated');
        finish({ ok: false, error: 'Compiling the script took too long.', line: 1, column: 1 });
      }, COMPILE_TIMEOUT_MS + HARD_STOP_GRACE_MS);
      worker.attach(
        (message) => {
          if (message.t !== 'compiled' || message.id !== id) return;
          returnWhenIdle(worker, id);
          finish(
            message.ok
              ? { ok: true }
              : {
                  ok: false,
                  error: message.error ?? 'SyntaxError',
                  line: message.line ?? 1,
                  column: message.column ?? 1,
                },
          );
        },
        (reason) => {
          pool.discard(worker, 'terminated');
          finish({
            ok: false,
            error: `The sandbox worker stopped unexpectedly (${reason}).`,
            line: 1,
            column: 1,
          });
        },
      );
      worker.post({ t: 'compile', id, body, deadline: Date.now() + COMPILE_TIMEOUT_MS });
    });
  }

  return {
    run,
    compile,
    close: () => pool.close(),
    stats: () => pool.stats(),
  };
}

function positiveInt(value: number | undefined, fallback: number): number {
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? Math.floor(value) : fallback;
}

function elapsed(started: number): number {
  return Math.round((performance.now() - started) * 100) / 100;
}

function toJsonText(
  value: unknown,
  label: string,
): { ok: true; text: string } | { ok: false; error: string } {
  try {
    const text = JSON.stringify(value);
    if (text === undefined) return { ok: false, error: `${label} is not JSON-serialisable.` };
    return { ok: true, text };
  } catch (error) {
    return { ok: false, error: `${label} is not JSON-serialisable: ${messageOf(error)}` };
  }
}

const sizeText = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${(bytes / (1024 * 1024)).toFixed(1)} MiB` : `${Math.ceil(bytes / 1024)} KiB`;

function parseResult(
  json: string | undefined,
  maxBytes: number,
): { ok: true; value: unknown } | { ok: false; error: string } {
  // a cheap bound first (a UTF-8 byte is at most one UTF-16 unit), the exact count only near the cap
  const bytes = json === undefined ? 0 : json.length * 3 <= maxBytes ? json.length : Buffer.byteLength(json);
  if (bytes > maxBytes) {
    return {
      ok: false,
      error: `The result is ${sizeText(bytes)} of JSON; script results are capped at ${sizeText(maxBytes)} (as webhook answers are). Return less — a summary, or the first items.`,
    };
  }
  // deeper data would overflow the host's own JSON.stringify when the result is stored or sent on
  if (json !== undefined && jsonTextTooDeep(json)) {
    return {
      ok: false,
      error: `The result nests more than ${MAX_JSON_DEPTH} levels deep; at most ${MAX_JSON_DEPTH} levels are accepted. Return flatter data.`,
    };
  }
  try {
    return { ok: true, value: JSON.parse(json ?? 'null') };
  } catch {
    return { ok: false, error: 'The script produced a result that is not valid JSON.' };
  }
}

/** Keeps a reported position inside the user's body (errors at end of input point past it). */
function clampPosition(body: string, line: number, column: number): { line: number; column: number } {
  const lines = body.split('\n');
  if (line < 1) return { line: 1, column: 1 };
  if (line > lines.length) return { line: lines.length, column: lines[lines.length - 1].length + 1 };
  return { line, column: Math.max(1, column) };
}
