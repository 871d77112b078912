// One fresh QuickJS runtime + context, prepared ahead of the job that will use it (creating the context
// and evaluating the prelude cost ~0.5-1 ms) and disposed right after. Runs inside a sandbox worker,
// never on the host's main thread.
import type {
  QuickJSContext,
  QuickJSDeferredPromise,
  QuickJSHandle,
  QuickJSRuntime,
  QuickJSWASMModule,
} from 'quickjs-emscripten-core';
import { classify, decodeEnvelope, readSyntaxError } from './guest-errors.js';
import { GUEST_PARTS, GUEST_PRELUDE } from './guest-prelude.js';
import type { CompileOutcome, RunOutcome, RunRequest, SessionIo, SessionLimits } from './guest-session-io.js';
import {
  ABORT_WIND_DOWN_MS,
  MAX_HOST_CALL_ARGS_CHARS,
  MAX_HOST_CALLS_PER_JOB,
  MAX_PENDING_HOST_CALLS,
  MAX_PENDING_TIMERS,
} from './limits.js';
import { LogLimiter } from './log-limiter.js';
import type { LogEntry } from './types.js';

export type { CompileOutcome, RunOutcome, RunRequest, SessionIo, SessionLimits };

const LEVELS = new Set(['log', 'info', 'warn', 'error', 'debug']);

export class GuestSession {
  private readonly runtime: QuickJSRuntime;
  private readonly context: QuickJSContext;
  private runFn!: QuickJSHandle;
  private readonly handles: QuickJSHandle[] = [];
  private readonly pendingCalls = new Map<number, QuickJSDeferredPromise>();
  /** setTimeout waits of the guest: its id → the promise settled when the delay passes */
  private readonly timers = new Map<number, { deferred: QuickJSDeferredPromise; timer: NodeJS.Timeout }>();
  /** set once the host aborted a job that was waiting: its abort listeners get ABORT_WIND_DOWN_MS */
  private windingDown = false;
  private nextCallId = 1;
  private hostCallCount = 0;
  private deadline = Number.POSITIVE_INFINITY;
  private interruptedBy: 'timeout' | 'aborted' | null = null;
  private io: SessionIo | null = null;
  private logs = new LogLimiter();
  /** resumes a job that waits for host calls; see poke() */
  private wake: (() => void) | null = null;
  private used = false;
  private failure: string | null = null;

  constructor(module: QuickJSWASMModule, limits: SessionLimits) {
    this.runtime = module.newRuntime();
    this.runtime.setMemoryLimit(limits.memoryLimitBytes);
    this.runtime.setMaxStackSize(limits.stackSizeBytes);
    this.runtime.setInterruptHandler(() => this.shouldInterrupt());
    this.context = this.runtime.newContext();
    try {
      this.install();
    } catch (error) {
      this.dispose();
      throw error;
    }
  }

  private install(): void {
    const vm = this.context;
    const hostLog = vm.newFunction('hostLog', (levelHandle, messageHandle) => {
      if (vm.typeof(levelHandle) !== 'string' || vm.typeof(messageHandle) !== 'string') return;
      const level = vm.getString(levelHandle);
      if (!LEVELS.has(level) || !this.io) return;
      const entry: LogEntry = { level: level as LogEntry['level'], message: vm.getString(messageHandle) };
      const verdict = this.logs.offer(entry);
      if (verdict === 'accepted') this.io.log(entry);
      else if (verdict === 'first-cut') this.io.logCut();
    });
    const hostCall = vm.newFunction('hostCall', (nameHandle, argsHandle) => {
      if (!this.io || vm.typeof(nameHandle) !== 'string' || vm.typeof(argsHandle) !== 'string') {
        return { error: vm.newError('Host call refused.') };
      }
      // A guest calling in a loop without awaiting must not flood the host with work.
      if (this.pendingCalls.size >= MAX_PENDING_HOST_CALLS) {
        return {
          error: vm.newError(
            `Too many host calls at once (limit ${MAX_PENDING_HOST_CALLS}); await some first.`,
          ),
        };
      }
      if (this.hostCallCount >= MAX_HOST_CALLS_PER_JOB) {
        return { error: vm.newError(`Too many host calls (limit ${MAX_HOST_CALLS_PER_JOB} per run).`) };
      }
      const argsJson = vm.getString(argsHandle);
      if (argsJson.length > MAX_HOST_CALL_ARGS_CHARS) {
        return {
          error: vm.newError(
            `Host call arguments are too large (limit ${MAX_HOST_CALL_ARGS_CHARS} characters).`,
          ),
        };
      }
      this.hostCallCount++;
      const deferred = vm.newPromise();
      const callId = this.nextCallId++;
      this.pendingCalls.set(callId, deferred);
      this.io.hostCall(callId, vm.getString(nameHandle), argsJson);
      return deferred.handle;
    });
    // Sources of the helpers a job compiles on first use (see guest-prelude.ts).
    const hostPart = vm.newFunction('hostPart', (nameHandle) => {
      const name = vm.typeof(nameHandle) === 'string' ? vm.getString(nameHandle) : '';
      return vm.newString(Object.hasOwn(GUEST_PARTS, name) ? GUEST_PARTS[name] : '');
    });
    // setTimeout: the guest keeps the callback; the worker only waits (never past the job's deadline).
    const hostTimer = vm.newFunction('hostTimer', (idHandle, msHandle) => {
      if (!this.io || vm.typeof(idHandle) !== 'number' || vm.typeof(msHandle) !== 'number') {
        return { error: vm.newError('Timer refused.') };
      }
      if (this.timers.size >= MAX_PENDING_TIMERS) {
        return { error: vm.newError(`Too many timers at once (limit ${MAX_PENDING_TIMERS}).`) };
      }
      const id = vm.getNumber(idHandle);
      const ms = Math.min(Math.max(0, vm.getNumber(msHandle)), 2_147_483_647);
      const deferred = vm.newPromise();
      const timer = setTimeout(() => {
        const entry = this.timers.get(id);
        if (!entry) return;
        this.timers.delete(id);
        entry.deferred.resolve(vm.undefined);
        entry.deferred.dispose();
        this.poke();
      }, ms);
      this.timers.set(id, { deferred, timer });
      return deferred.handle;
    });
    const hostClearTimer = vm.newFunction('hostClearTimer', (idHandle) => {
      if (vm.typeof(idHandle) !== 'number') return;
      this.dropTimer(vm.getNumber(idHandle));
    });
    this.handles.push(hostLog, hostCall, hostPart, hostTimer, hostClearTimer);
    const factory = vm.unwrapResult(vm.evalCode(GUEST_PRELUDE, 'prelude.js'));
    this.handles.push(factory);
    this.runFn = vm.unwrapResult(
      vm.callFunction(factory, vm.undefined, hostLog, hostCall, hostPart, hostTimer, hostClearTimer),
    );
    this.handles.push(this.runFn);
  }

  private dropTimer(id: number): void {
    const entry = this.timers.get(id);
    if (!entry) return;
    this.timers.delete(id);
    clearTimeout(entry.timer);
    entry.deferred.dispose();
  }

  private shouldInterrupt(): boolean {
    if (this.interruptedBy) return true;
    // winding down after an abort: only the (shortened) deadline stops the listeners
    if (this.windingDown) {
      if (Date.now() > this.deadline) this.interruptedBy = 'aborted';
    } else if (this.io?.aborted()) this.interruptedBy = 'aborted';
    else if (Date.now() > this.deadline) this.interruptedBy = 'timeout';
    return this.interruptedBy !== null;
  }

  /**
   * The host aborted a job that is waiting (on a host call or a timer): its abort signal fires inside the
   * guest (Luker's `signal.addEventListener('abort')`, `eventTypes.GENERATION_STOPPED`), and the job gets
   * ABORT_WIND_DOWN_MS to finish what the listeners started. The outcome is 'aborted' whatever it returns.
   */
  private startWindDown(): void {
    this.windingDown = true;
    this.deadline = Math.min(this.deadline, Date.now() + ABORT_WIND_DOWN_MS);
    const vm = this.context;
    const abort = vm.getProp(this.runFn, 'abort');
    try {
      const called = vm.callFunction(abort, vm.undefined);
      if (called.error) called.error.dispose();
      else called.value.dispose();
    } finally {
      abort.dispose();
    }
  }

  /** Settles a guest promise returned by `ctx.NAME(...)`. */
  settleHostCall(callId: number, ok: boolean, payload: string): void {
    const deferred = this.pendingCalls.get(callId);
    if (!deferred) return;
    this.pendingCalls.delete(callId);
    const vm = this.context;
    const value = ok ? vm.newString(payload) : vm.newError(payload);
    if (ok) deferred.resolve(value);
    else deferred.reject(value);
    value.dispose();
    deferred.dispose();
    this.poke();
  }

  /** Ends the running job with `message` the next time it checks (it is waiting for host calls). */
  fail(message: string): void {
    this.failure = message;
    this.poke();
  }

  /** Wakes a job that waits for host calls (after an answer or an abort). */
  poke(): void {
    const wake = this.wake;
    this.wake = null;
    wake?.();
  }

  async run(request: RunRequest, io: SessionIo): Promise<RunOutcome> {
    if (this.used) throw new Error('A guest session runs one job only.');
    this.used = true;
    this.io = io;
    this.deadline = request.deadline;
    const vm = this.context;
    const outcome = (o: Omit<RunOutcome, 'droppedLogs'>): RunOutcome => ({
      ...o,
      droppedLogs: this.logs.dropped,
    });
    const interrupted = (): RunOutcome =>
      this.interruptedBy === 'aborted'
        ? outcome({ ok: false, error: 'The script was aborted.', errorCode: 'aborted' })
        : outcome({
            ok: false,
            error: `The script did not finish within ${request.timeoutMs} ms and was stopped.`,
            errorCode: 'timeout',
          });

    const aborted = (): RunOutcome =>
      outcome({ ok: false, error: 'The script was aborted.', errorCode: 'aborted' });

    const inputs = [
      request.body,
      request.argsJson,
      request.ctxJson,
      JSON.stringify(request.hostFunctionNames),
    ].map((s) => vm.newString(s));
    const called = vm.callFunction(this.runFn, vm.undefined, ...inputs);
    for (const h of inputs) h.dispose();
    if (called.error) {
      const message = this.readFailure(called.error);
      called.error.dispose();
      return this.interruptedBy ? interrupted() : outcome(classify(message));
    }
    const promise = called.value;
    if (vm.typeof(promise) === 'string') {
      // The body did not compile: `run` answered with an error envelope at once.
      const text = vm.getString(promise);
      promise.dispose();
      this.io = null;
      return this.interruptedBy ? interrupted() : outcome(decodeEnvelope(text));
    }
    try {
      for (;;) {
        const jobs = this.runtime.executePendingJobs();
        if (jobs.error) {
          const message = this.readFailure(jobs.error);
          jobs.error.dispose();
          if (this.interruptedBy) return interrupted();
          return outcome(classify(message));
        }
        const state = vm.getPromiseState(promise);
        if (state.type === 'fulfilled') {
          const text = vm.typeof(state.value) === 'string' ? vm.getString(state.value) : '';
          state.value.dispose();
          if (this.interruptedBy || this.windingDown) return this.windingDown ? aborted() : interrupted();
          return outcome(decodeEnvelope(text));
        }
        if (state.type === 'rejected') {
          const message = this.readFailure(state.error);
          state.error.dispose();
          if (this.interruptedBy || this.windingDown) return this.windingDown ? aborted() : interrupted();
          return outcome(classify(message));
        }
        if (this.interruptedBy) return interrupted();
        if (this.pendingCalls.size === 0 && this.timers.size === 0 && !this.runtime.hasPendingJob()) {
          if (this.windingDown) return aborted();
          return outcome({
            ok: false,
            error:
              'The script is waiting on a promise that can never settle (nothing is left for it to wait on).',
            errorCode: 'error',
          });
        }
        await this.waitForWake();
        if (this.failure) return outcome({ ok: false, error: this.failure, errorCode: 'out_of_memory' });
        if (this.windingDown) {
          if (Date.now() > this.deadline) return aborted();
        } else if (io.aborted()) this.startWindDown();
        else if (Date.now() > this.deadline) this.interruptedBy = 'timeout';
        if (this.interruptedBy) return interrupted();
      }
    } finally {
      promise.dispose();
      this.io = null;
    }
  }

  private waitForWake(): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => this.poke(), Math.max(0, this.deadline - Date.now() + 1));
      this.wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  }

  /**
   * Parses `body` as a function body without running anything (`compileOnly`). The statement form
   * catches a body that closes its function early: QuickJS's Function constructor would run such
   * code while merely building the function.
   */
  compile(body: string, deadline: number): CompileOutcome {
    this.used = true;
    this.deadline = deadline;
    for (const wrapped of [
      `(async function (args, ctx) {\n${body}\n})`,
      `async function body(args, ctx) {\n${body}\n}`,
    ]) {
      const result = this.context.evalCode(wrapped, 'body.js', { compileOnly: true });
      if (result.error) {
        const error = readSyntaxError(this.context, result.error);
        result.error.dispose();
        return error;
      }
      result.value.dispose();
    }
    return { ok: true };
  }

  /**
   * The message of an error that escaped the prelude's own handling (interrupts, out of memory while
   * reporting). Lifts the guest's memory limit first so reading it cannot fail for lack of memory;
   * the WebAssembly cap still holds.
   */
  private readFailure(handle: QuickJSHandle): string {
    this.runtime.setMemoryLimit(-1);
    try {
      const vm = this.context;
      if (vm.typeof(handle) === 'string') return vm.getString(handle);
      if (vm.typeof(handle) !== 'object') return 'The script failed.';
      const name = vm.getProp(handle, 'name');
      const message = vm.getProp(handle, 'message');
      const n = vm.typeof(name) === 'string' ? vm.getString(name) : 'Error';
      const m = vm.typeof(message) === 'string' ? vm.getString(message) : '';
      name.dispose();
      message.dispose();
      return m ? `${n}: ${m}` : n;
    } catch {
      return 'The script failed in a way that could not be reported.';
    }
  }

  /** Frees everything; false when QuickJS could not dispose cleanly (the worker must then retire). */
  dispose(): boolean {
    let clean = true;
    try {
      for (const deferred of this.pendingCalls.values()) deferred.dispose();
      this.pendingCalls.clear();
      for (const id of [...this.timers.keys()]) this.dropTimer(id);
      for (const h of this.handles.reverse()) if (h.alive) h.dispose();
      this.handles.length = 0;
      this.context.dispose();
    } catch {
      clean = false;
    }
    try {
      this.runtime.dispose();
    } catch {
      clean = false;
    }
    return clean;
  }
}
