// Worker-thread entry: owns one QuickJS WebAssembly module with its own capped memory and runs one job
// at a time. The host terminates this thread when a guest outlives its deadline, so nothing here has
// to be able to stop a runaway built-in call.
import { parentPort, workerData } from 'node:worker_threads';
import variantExport from '@jitl/quickjs-wasmfile-release-sync';
import {
  newQuickJSWASMModuleFromVariant,
  newVariant,
  type QuickJSSyncVariant,
  type QuickJSWASMModule,
} from 'quickjs-emscripten-core';
import { GuestSession, type SessionLimits } from './guest-session.js';
import { wasmMemoryPages } from './limits.js';
import { wasmApi } from './wasm-module.js';
import type { HostToWorker, WorkerInit, WorkerToHost } from './worker-protocol.js';

// The package's typings describe its CommonJS shape; under ESM the default export is the variant itself.
const variantValue = variantExport as unknown as QuickJSSyncVariant | { default: QuickJSSyncVariant };
const variant = 'type' in variantValue ? variantValue : variantValue.default;

const port = parentPort;
if (!port) throw new Error('sandbox-worker must run in a worker thread');
const init = workerData as WorkerInit;
const abortFlag = new Int32Array(init.abortFlag);
const limits: SessionLimits = {
  memoryLimitBytes: init.memoryLimitBytes,
  stackSizeBytes: init.stackSizeBytes,
};

const pages = wasmMemoryPages(init.memoryLimitBytes);
const memory = new wasmApi.Memory(pages);
const NEAR_CAP_BYTES = 2 * 1024 * 1024;

/** The module's memory grew to (nearly) its hard cap: a guest exhausted it. */
function nearMemoryCap(): boolean {
  const size = memory.buffer.byteLength;
  return size > pages.initial * 65536 && size >= pages.maximum * 65536 - NEAR_CAP_BYTES;
}

const quietOutput: object = { print: () => {}, printErr: () => {} };

let module: QuickJSWASMModule;
/**
 * Contexts prepared ahead, each in its own runtime that no job has touched. Two, so a job that arrives
 * right after the previous one finds a context ready while the worker prepares the next in the
 * background (preparing costs ~0.5-1 ms of QuickJS work; see guest-prelude.ts). Spares live in separate runtimes
 * of the same module; a module that reached its memory cap or failed is retired with all of them.
 */
const SPARE_CONTEXTS = 2;
const spares: GuestSession[] = [];
let refilling = false;
let current: { id: number; session: GuestSession } | null = null;
/** Set when a runtime failed to dispose: the worker finishes its reply and takes no further jobs. */
let retiring = false;

function send(message: WorkerToHost): void {
  port?.postMessage(message);
}

function takeSession(): GuestSession {
  return spares.shift() ?? new GuestSession(module, limits);
}

/** Prepares one more spare context; a failure retires the worker. */
function prepareSpare(): void {
  try {
    spares.push(new GuestSession(module, limits));
  } catch {
    retiring = true;
  }
}

/**
 * Tops the spares up, one context per turn of the event loop, so a job that arrives meanwhile waits
 * for at most one preparation. Stops while a job runs (its host answers should not wait either).
 */
function refill(): void {
  if (refilling) return;
  refilling = true;
  const step = () => {
    if (retiring || current || spares.length >= SPARE_CONTEXTS) {
      refilling = false;
      return;
    }
    prepareSpare();
    if (retiring) {
      // Idle in the pool, so no reply will carry the news: say it now (a job already on its way
      // still gets an answer, marked retire).
      refilling = false;
      send({ t: 'retire' });
      return;
    }
    setImmediate(step);
  };
  setImmediate(step);
}

/**
 * After a reply: frees the job's runtime, makes sure a prepared context is ready, then tells the host
 * this worker is idle (or must retire) and prepares further spares in the background. The caller
 * already has its answer, so none of this delays it.
 */
function recycle(session: GuestSession | null, id: number): void {
  if (session && !session.dispose()) retiring = true;
  if (!retiring && spares.length === 0) prepareSpare();
  send({ t: 'idle', id, retire: retiring });
  if (!retiring) refill();
}

async function handleRun(message: Extract<HostToWorker, { t: 'run' }>): Promise<void> {
  let session: GuestSession;
  try {
    session = takeSession();
  } catch (error) {
    retiring = true;
    send({
      t: 'done',
      id: message.id,
      ok: false,
      error: errorText(error),
      errorCode: 'error',
      droppedLogs: 0,
    });
    recycle(null, message.id);
    return;
  }
  current = { id: message.id, session };
  const id = message.id;
  let outcome: Awaited<ReturnType<GuestSession['run']>>;
  try {
    outcome = await session.run(message, {
      log: (entry) => send({ t: 'log', id, entry }),
      logCut: () => send({ t: 'log-cut', id }),
      hostCall: (callId, name, argsJson) => send({ t: 'host-call', id, callId, name, argsJson }),
      aborted: () => Atomics.load(abortFlag, 0) === id,
    });
  } catch (error) {
    // Only the interpreter itself failing lands here (for example a WebAssembly trap): retire.
    retiring = true;
    const text = errorText(error);
    outcome = {
      ok: false,
      error: `The sandbox failed: ${text}`,
      errorCode: /out of memory|memory access out of bounds/i.test(text) ? 'out_of_memory' : 'error',
      droppedLogs: 0,
    };
  }
  current = null;
  // QuickJS undercounts many small allocations, so the WebAssembly cap is often what stops a guest; a
  // module that reached it can be left corrupted, and an error raised there (often a bare `null`,
  // when even the error object could not be allocated) is really out of memory.
  if (nearMemoryCap()) {
    retiring = true;
    if (!outcome.ok && outcome.errorCode === 'error') {
      outcome = {
        ...outcome,
        errorCode: 'out_of_memory',
        error: `The script ran out of memory (${outcome.error}).`,
      };
    }
  }
  if (retiring) {
    // Known before replying: the host stops this worker at once, nothing here needs freeing.
    send({ t: 'done', id, ...outcome, retire: true });
    return;
  }
  send({ t: 'done', id, ...outcome });
  recycle(session, id);
}

function handleCompile(message: Extract<HostToWorker, { t: 'compile' }>): void {
  let session: GuestSession | null = null;
  try {
    session = takeSession();
    send({ t: 'compiled', id: message.id, ...session.compile(message.body, message.deadline) });
  } catch (error) {
    retiring = true;
    send({ t: 'compiled', id: message.id, ok: false, error: errorText(error), line: 1, column: 1 });
  }
  recycle(session, message.id);
}

function errorText(error: unknown): string {
  try {
    return error instanceof Error ? error.message : String(error);
  } catch {
    return 'unknown failure';
  }
}

port.on('message', (message: HostToWorker) => {
  switch (message.t) {
    case 'run':
      void handleRun(message);
      break;
    case 'compile':
      handleCompile(message);
      break;
    case 'host-result':
      if (current?.id === message.id) {
        try {
          current.session.settleHostCall(
            message.callId,
            message.ok,
            message.ok ? message.json : message.message,
          );
        } catch {
          // The answer could not even be handed to the guest (its memory is exhausted): end the job.
          retiring = true;
          current.session.fail(
            'The answer of a host call could not be delivered to the script (out of memory).',
          );
        }
      }
      break;
    case 'abort':
      if (current?.id === message.id) current.session.poke();
      break;
  }
});

try {
  module = await newQuickJSWASMModuleFromVariant(
    newVariant(variant, {
      wasmModule: init.wasmModule,
      wasmMemory: memory,
      // QuickJS prints failed assertions of a runtime it could not dispose; the worker retires instead.
      // (Emscripten reads print/printErr; the variant's typings do not list them.)
      emscriptenModule: quietOutput,
    }),
  );
  spares.push(new GuestSession(module, limits));
  send({ t: 'ready' });
  refill();
} catch (error) {
  send({ t: 'init-error', message: errorText(error) });
}
