/** One line of console output captured from guest code. */
export interface LogEntry {
  level: 'log' | 'info' | 'warn' | 'error' | 'debug';
  message: string;
}

/** An async function the host exposes to guest code as `ctx.NAME(...)`: JSON in, JSON out. */
export type HostFunction = (...args: unknown[]) => Promise<unknown> | unknown;

export interface SandboxRunJob {
  /** the inside of an `async (args, ctx) => { ... }` function */
  body: string;
  args: unknown;
  /** a JSON snapshot handed to the guest as `ctx` */
  ctx?: unknown;
  hostFunctions?: Record<string, HostFunction>;
  timeoutMs?: number;
  signal?: AbortSignal;
}

export type SandboxErrorCode = 'timeout' | 'aborted' | 'out_of_memory' | 'error';

export type SandboxRunResult =
  | { ok: true; result: unknown; logs: LogEntry[]; durationMs: number }
  | { ok: false; error: string; errorCode: SandboxErrorCode; logs: LogEntry[]; durationMs: number };

export type CompileResult = { ok: true } | { ok: false; error: string; line: number; column: number };

export interface SandboxOptions {
  poolSize?: number;
  memoryLimitBytes?: number;
  stackSizeBytes?: number;
  /** default deadline per run; falls back to CUSTOM_TOOL_TIMEOUT_MS, then 60 000 ms */
  defaultTimeoutMs?: number;
  /** largest result (as UTF-8 JSON) a run may return; default 512 KiB, as a webhook's answer */
  maxResultBytes?: number;
}

export interface Sandbox {
  run(job: SandboxRunJob): Promise<SandboxRunResult>;
  compile(body: string): Promise<CompileResult>;
  close(): Promise<void>;
}
