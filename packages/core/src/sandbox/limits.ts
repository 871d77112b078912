// Default limits for guest code. docs/design.md ("Sandbox") says why each value was chosen.

export const DEFAULT_TIMEOUT_MS = 60_000;
export const DEFAULT_MEMORY_LIMIT_BYTES = 32 * 1024 * 1024;
/** Larger stacks let deep recursion overflow the host stack and leave a runtime that cannot be disposed. */
export const DEFAULT_STACK_SIZE_BYTES = 256 * 1024;
export const DEFAULT_POOL_SIZE = 2;
export const DRY_RUN_TIMEOUT_MS = 3_000;
/** How long past the deadline (or an abort) the host waits before it terminates the worker outright. */
export const HARD_STOP_GRACE_MS = 200;
export const COMPILE_TIMEOUT_MS = 5_000;

/** Host calls one run may make, have waiting at once, and the size of one call's JSON arguments. */
export const MAX_HOST_CALLS_PER_JOB = 10_000;
export const MAX_PENDING_HOST_CALLS = 100;
export const MAX_HOST_CALL_ARGS_CHARS = 4 * 1024 * 1024;
/** setTimeout waits one run may have pending at once. */
export const MAX_PENDING_TIMERS = 100;
/** After an abort, how long a waiting job's abort listeners may run (below HARD_STOP_GRACE_MS). */
export const ABORT_WIND_DOWN_MS = 100;

/** A script's result as JSON, at most (the same cap as a webhook's answer). */
export const DEFAULT_MAX_RESULT_BYTES = 512 * 1024;

export const MAX_LOG_ENTRIES = 200;
export const MAX_LOG_BYTES = 64 * 1024;
/** One console call is cut to this many characters before it is counted. */
export const MAX_LOG_ENTRY_CHARS = 8 * 1024;

const WASM_PAGE = 64 * 1024;
/** The module's own initial memory (16 MiB); the cap may not be below it. */
const MIN_WASM_PAGES = 256;

/**
 * The hard cap of a module's WebAssembly memory: twice the guest limit (64 MiB for the default 32 MiB),
 * which leaves the interpreter room for its own bookkeeping. `setMemoryLimit` alone does not hold
 * (QuickJS undercounts many small allocations); this cap does.
 */
export function wasmMemoryPages(memoryLimitBytes: number): { initial: number; maximum: number } {
  // At least 8 MiB above the initial size, so reaching the cap is always a sign of growth.
  const maximum = Math.max(MIN_WASM_PAGES + 128, Math.ceil((2 * memoryLimitBytes) / WASM_PAGE));
  return { initial: MIN_WASM_PAGES, maximum: Math.min(maximum, 32_768) };
}

/** `CUSTOM_TOOL_TIMEOUT_MS` when it is a positive integer, else 60 000 ms. */
export function defaultTimeoutFromEnv(env: NodeJS.ProcessEnv = process.env): number {
  const raw = env.CUSTOM_TOOL_TIMEOUT_MS?.trim();
  if (!raw || !/^\d+$/.test(raw)) return DEFAULT_TIMEOUT_MS;
  const n = Number(raw);
  return n > 0 ? n : DEFAULT_TIMEOUT_MS;
}
