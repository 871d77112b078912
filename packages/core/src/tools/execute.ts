import type { HostFunction, Sandbox } from '../sandbox/types.js';
import { describeThrown } from './describe-thrown.js';
import {
  MSG_NATIVE_WITHOUT_FUNCTION,
  MSG_NO_SANDBOX,
  MSG_NO_WEBHOOK_EXECUTOR,
  msgNotAllowed,
  msgToolAborted,
  msgToolApprovalTimeout,
  msgToolDenied,
  msgToolDisabled,
  msgToolFailed,
  msgToolTimeout,
  msgUnknownTool,
} from './messages.js';
import type { NativeToolFunction, RegisteredTool } from './registered-tool.js';
import type { ToolRegistry } from './registry.js';
import { ToolOutput } from './tool-output.js';
import { GLOBAL_SCOPE } from './tool-scopes.js';
import type {
  LogEntry,
  ToolAttachment,
  ToolCall,
  ToolDefinition,
  ToolError,
  ToolErrorCode,
  ToolKind,
  ToolResultEnvelope,
} from './types.js';
import { validateToolArguments } from './validate-arguments.js';

/** Runs a webhook tool; the server supplies the safe one (address checks, pinning, caps). */
export type WebhookExecutor = (
  tool: ToolDefinition,
  args: Record<string, unknown>,
  options: { ctx: unknown; signal?: AbortSignal; timeoutMs?: number },
) => Promise<unknown> | unknown;

/** One finished tool call, as an embedder's logs and metrics see it. */
export interface ToolRunRecord {
  name: string;
  /** undefined when no tool of that name was found */
  kind: ToolKind | undefined;
  durationMs: number;
  ok: boolean;
  /** the error code of a failed call */
  errorCode?: ToolErrorCode;
  simulated: boolean;
  /** for debug logs only: the call's arguments and its result (or error message) */
  args: unknown;
  result: unknown;
}

export interface ToolExecutors {
  webhook?: WebhookExecutor;
  /** told about every finished call (logs, metrics); an observer that throws is ignored */
  observe?: (run: ToolRunRecord) => void;
}

/** The answer to an approval request: allowed, or not (said no, or nobody answered in time). */
export type ToolApproval = { allowed: true } | { allowed: false; reason: 'denied' | 'timeout' };

/** Asked before a call runs, once its arguments are valid; the embedder decides which calls need asking. */
export type ApproveToolCall = (
  /** `id` is the model's call id (tool loops always have one) */
  call: { id?: string; name: string; args: Record<string, unknown> },
  tool: ToolDefinition,
  signal: AbortSignal | undefined,
) => Promise<ToolApproval> | ToolApproval;

export interface ExecuteToolOptions {
  registry: ToolRegistry;
  /** default `global` */
  scope?: string;
  /** the context snapshot handed to script tools as `ctx` and to native tools */
  ctx?: unknown;
  /** async functions script tools may call as `ctx.NAME(...)` */
  hostFunctions?: Record<string, HostFunction>;
  /** read tools run for real; write tools run their simulate body/function or return a placeholder */
  simulate?: boolean;
  signal?: AbortSignal;
  /** executeToolCalls: how many calls run at once (default 4) */
  concurrency?: number;
  /** deadline per call; scripts fall back to the sandbox default (CUSTOM_TOOL_TIMEOUT_MS) */
  timeoutMs?: number;
  /** runs script tools; without one they answer `not_supported` */
  sandbox?: Sandbox;
  executors?: ToolExecutors;
  /** when given, tools outside this list answer `not_allowed` */
  allowedNames?: Iterable<string>;
  /** asked before each call runs (not in simulation); a refusal becomes a `denied` error the model sees */
  approve?: ApproveToolCall;
}

export const DEFAULT_TOOL_CONCURRENCY = 4;

/** What a model sees for a write tool in simulation that has nothing to simulate with (Luker's shape). */
export const SIMULATED_PLACEHOLDER = Object.freeze({ ok: true, simulated: true, unvalidated: true });

const HINTS: Partial<Record<ToolErrorCode, (name: string) => string>> = {
  disabled: () => 'This tool is switched off here; continue without it.',
  not_allowed: () => 'This tool is not available in this chat; continue without it.',
  invalid_arguments: (name) => `Fix the arguments as described and call ${name} again.`,
  not_supported: () => 'This tool cannot run in this environment; continue without it.',
  denied: () => 'Do not call it again for this request; continue without it.',
};

type Outcome =
  | { ok: true; result: unknown; logs?: LogEntry[]; attachments?: ToolAttachment[] }
  | { ok: false; error: ToolError; logs?: LogEntry[] };

/** Runs one tool call. Never throws: every failure becomes an `{ ok: false, error }` envelope. */
export async function executeToolCall(
  call: ToolCall,
  options: ExecuteToolOptions,
): Promise<ToolResultEnvelope> {
  const started = performance.now();
  const flags: { unvalidated?: boolean; stealth?: boolean; kind?: ToolKind } = {};
  let outcome: Outcome;
  try {
    outcome = await runCall(call, options, flags);
  } catch (error) {
    outcome = fail('tool_error', msgToolFailed(safeName(call), describeThrown(error)));
  }
  const durationMs = Math.round((performance.now() - started) * 1000) / 1000;
  const envelope: ToolResultEnvelope = outcome.ok
    ? { ok: true, result: outcome.result, durationMs }
    : { ok: false, error: outcome.error, durationMs };
  if (options.simulate) envelope.simulated = true;
  if (flags.unvalidated) envelope.unvalidated = true;
  if (flags.stealth) envelope.stealth = true;
  if (outcome.logs) envelope.logs = outcome.logs;
  const observe = options.executors?.observe;
  if (observe) {
    try {
      observe({
        name: safeName(call),
        kind: flags.kind,
        durationMs,
        ok: outcome.ok,
        ...(outcome.ok ? {} : { errorCode: outcome.error.code }),
        simulated: options.simulate === true,
        args: call?.args,
        result: outcome.ok ? outcome.result : outcome.error.message,
      });
    } catch {
      // logging must never change a tool's outcome
    }
  }
  if (outcome.ok && outcome.attachments && outcome.attachments.length > 0)
    envelope.attachments = outcome.attachments;
  return envelope;
}

/** Runs calls concurrently (bounded by `concurrency`) and returns the envelopes in the order of the calls. */
export async function executeToolCalls(
  calls: readonly ToolCall[],
  options: ExecuteToolOptions,
): Promise<ToolResultEnvelope[]> {
  const results = new Array<ToolResultEnvelope>(calls.length);
  const limit = Math.max(1, Math.floor(options.concurrency ?? DEFAULT_TOOL_CONCURRENCY));
  let next = 0;
  const worker = async () => {
    while (next < calls.length) {
      const index = next++;
      results[index] = await executeToolCall(calls[index], options);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, calls.length) }, worker));
  return results;
}

async function runCall(
  call: ToolCall,
  options: ExecuteToolOptions,
  flags: { unvalidated?: boolean; stealth?: boolean; kind?: ToolKind },
): Promise<Outcome> {
  const name = safeName(call);
  const scope = options.scope ?? GLOBAL_SCOPE;
  const { registry } = options;
  if (options.signal?.aborted) return fail('aborted', msgToolAborted(name));

  const allowed = options.allowedNames ? new Set(options.allowedNames) : undefined;
  const tool = registry.resolve(call?.name, scope);
  if (!tool) {
    const names = registry
      .enabledTools(scope)
      .map((t) => t.definition.name)
      .filter((n) => !allowed || allowed.has(n));
    const hint =
      names.length > 0 ? `Call one of: ${names.slice(0, 50).join(', ')}.` : 'No tools are available.';
    return fail('unknown_tool', msgUnknownTool(name), hint);
  }
  if (allowed && !allowed.has(tool.definition.name))
    return fail('not_allowed', msgNotAllowed(name), HINTS.not_allowed!(name));
  if (!registry.isEnabled(tool, scope)) return fail('disabled', msgToolDisabled(name), HINTS.disabled!(name));
  if (tool.stealth) flags.stealth = true;
  flags.kind = tool.definition.kind;

  const checked = validateToolArguments(tool.definition, call.args);
  if (!checked.ok) {
    const { code, message, details } = checked.error;
    return { ok: false, error: { code, message, hint: HINTS[code]?.(name), details } };
  }
  const args = checked.args;
  const definition = tool.definition;
  const simulate = options.simulate === true;

  if (options.approve && !simulate) {
    const approval = await options.approve({ id: call.id, name, args }, definition, options.signal);
    if (options.signal?.aborted) return fail('aborted', msgToolAborted(name));
    if (!approval.allowed) {
      const message = approval.reason === 'timeout' ? msgToolApprovalTimeout(name) : msgToolDenied(name);
      return fail('denied', message, HINTS.denied!(name));
    }
  }

  if (simulate && definition.mode === 'write') {
    if (definition.kind === 'script' && definition.simulateBody && definition.simulateBody.trim() !== '') {
      return runScript(tool, definition.simulateBody, args, options);
    }
    if (definition.kind === 'native' && tool.simulate)
      return runNative(tool, tool.simulate, args, call, options);
    flags.unvalidated = true;
    return { ok: true, result: { ...SIMULATED_PLACEHOLDER } };
  }

  switch (definition.kind) {
    case 'static': {
      const text = definition.staticResult ?? '';
      return { ok: true, result: text.trim() === '' ? 'OK' : text };
    }
    case 'native':
      if (!tool.run) return fail('not_supported', msgToolFailed(name, MSG_NATIVE_WITHOUT_FUNCTION));
      return runNative(tool, tool.run, args, call, options);
    case 'script':
      return runScript(tool, definition.body ?? '', args, options);
    case 'webhook':
      return runWebhook(tool, args, options);
    default:
      return fail('not_supported', `Tool ${name} has an unknown kind: ${String(definition.kind)}`);
  }
}

async function runNative(
  tool: RegisteredTool,
  fn: NativeToolFunction,
  args: Record<string, unknown>,
  call: ToolCall,
  options: ExecuteToolOptions,
): Promise<Outcome> {
  const name = tool.definition.name;
  const work = Promise.resolve().then(() =>
    fn(args, {
      toolName: name,
      callId: call.id,
      ctx: options.ctx,
      hostFunctions: options.hostFunctions,
      simulate: options.simulate === true,
      signal: options.signal,
    }),
  );
  return settle(name, work, options);
}

async function runWebhook(
  tool: RegisteredTool,
  args: Record<string, unknown>,
  options: ExecuteToolOptions,
): Promise<Outcome> {
  const name = tool.definition.name;
  const webhook = options.executors?.webhook;
  if (!webhook)
    return fail('not_supported', msgToolFailed(name, MSG_NO_WEBHOOK_EXECUTOR), HINTS.not_supported!(name));
  const work = Promise.resolve().then(() =>
    webhook(tool.definition, args, {
      ctx: options.ctx,
      signal: options.signal,
      timeoutMs: options.timeoutMs,
    }),
  );
  return settle(name, work, options);
}

async function runScript(
  tool: RegisteredTool,
  body: string,
  args: Record<string, unknown>,
  options: ExecuteToolOptions,
): Promise<Outcome> {
  const name = tool.definition.name;
  if (!options.sandbox)
    return fail('not_supported', msgToolFailed(name, MSG_NO_SANDBOX), HINTS.not_supported!(name));
  const run = await options.sandbox.run({
    body,
    args,
    ctx: options.ctx,
    hostFunctions: options.hostFunctions,
    timeoutMs: options.timeoutMs,
    signal: options.signal,
  });
  if (run.ok) return { ok: true, result: run.result, logs: run.logs };
  if (run.errorCode === 'timeout')
    return {
      ok: false,
      error: { code: 'timeout', message: msgToolTimeout(name, options.timeoutMs) },
      logs: run.logs,
    };
  if (run.errorCode === 'aborted')
    return { ok: false, error: { code: 'aborted', message: msgToolAborted(name) }, logs: run.logs };
  return {
    ok: false,
    error: { code: 'tool_error', message: msgToolFailed(name, run.error) },
    logs: run.logs,
  };
}

/** Waits for a tool's promise, but stops waiting on abort or at the deadline (the work itself cannot be killed). */
async function settle(name: string, work: Promise<unknown>, options: ExecuteToolOptions): Promise<Outcome> {
  const { signal, timeoutMs } = options;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let onAbort: (() => void) | undefined;
  const stops = new Promise<Outcome>((resolve) => {
    if (timeoutMs !== undefined && timeoutMs > 0) {
      timer = setTimeout(() => resolve(fail('timeout', msgToolTimeout(name, timeoutMs))), timeoutMs);
    }
    if (signal) {
      onAbort = () => resolve(fail('aborted', msgToolAborted(name)));
      signal.addEventListener('abort', onAbort, { once: true });
    }
  });
  const done = work.then(
    (result): Outcome =>
      result instanceof ToolOutput
        ? {
            ok: true,
            result: result.result === undefined ? null : result.result,
            attachments: [...result.attachments],
          }
        : { ok: true, result: result === undefined ? null : result },
    (error): Outcome => {
      if (signal?.aborted) return fail('aborted', msgToolAborted(name));
      if (isNamedError(error, 'TimeoutError')) return fail('timeout', msgToolTimeout(name, timeoutMs));
      return fail('tool_error', msgToolFailed(name, describeThrown(error)));
    },
  );
  try {
    return await Promise.race([done, stops]);
  } finally {
    if (timer) clearTimeout(timer);
    if (onAbort) signal?.removeEventListener('abort', onAbort);
  }
}

function isNamedError(error: unknown, name: string): boolean {
  try {
    return error instanceof Error && error.name === name;
  } catch {
    return false;
  }
}

function fail(code: ToolErrorCode, message: string, hint?: string): Outcome {
  return { ok: false, error: hint === undefined ? { code, message } : { code, message, hint } };
}

function safeName(call: ToolCall): string {
  try {
    return typeof call?.name === 'string' ? call.name : String(call?.name);
  } catch {
    return '(unnamed)';
  }
}
