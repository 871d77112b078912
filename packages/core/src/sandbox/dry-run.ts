// Luker's dry-run envelope: run a body once with a short wall (3 s) and report everything the editor shows.

import { DRY_RUN_TIMEOUT_MS } from './limits.js';
import type { LogEntry, Sandbox, SandboxErrorCode, SandboxRunJob } from './types.js';

export interface DryRunResult {
  ok: boolean;
  /** the result when ok, else null */
  result: unknown;
  /** the error message when not ok, else null */
  error: string | null;
  errorCode: SandboxErrorCode | null;
  logs: LogEntry[];
  durationMs: number;
}

/** Runs `job` with a wall of at most 3 s (a shorter `timeoutMs` is kept). */
export async function dryRun(sandbox: Sandbox, job: SandboxRunJob): Promise<DryRunResult> {
  const timeoutMs = Math.min(job.timeoutMs ?? DRY_RUN_TIMEOUT_MS, DRY_RUN_TIMEOUT_MS);
  const r = await sandbox.run({ ...job, timeoutMs });
  return r.ok
    ? { ok: true, result: r.result, error: null, errorCode: null, logs: r.logs, durationMs: r.durationMs }
    : {
        ok: false,
        result: null,
        error: r.error,
        errorCode: r.errorCode,
        logs: r.logs,
        durationMs: r.durationMs,
      };
}
