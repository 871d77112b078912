// The shapes a guest session exchanges with the sandbox worker around it.
import type { LogEntry, SandboxErrorCode } from './types.js';

export interface SessionLimits {
  memoryLimitBytes: number;
  stackSizeBytes: number;
}

export interface RunRequest {
  id: number;
  body: string;
  argsJson: string;
  ctxJson: string;
  hostFunctionNames: string[];
  deadline: number;
  timeoutMs: number;
}

/** What a running job needs from the worker around it. */
export interface SessionIo {
  log(entry: LogEntry): void;
  logCut(): void;
  hostCall(callId: number, name: string, argsJson: string): void;
  /** true once the host aborted this job */
  aborted(): boolean;
}

export interface RunOutcome {
  ok: boolean;
  json?: string;
  error?: string;
  errorCode?: SandboxErrorCode;
  droppedLogs: number;
}

export interface CompileOutcome {
  ok: boolean;
  error?: string;
  line?: number;
  column?: number;
}
