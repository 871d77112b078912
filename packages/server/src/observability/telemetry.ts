import type { ToolRunRecord } from '@toolsmith/core';
import type { FastifyBaseLogger } from 'fastify';
import { createMetrics, type Metrics, type SandboxPoolFigures } from './metrics.js';

/** A failed provider request, as logs and metrics see it: never a key, a full URL or a body. */
export interface UpstreamFailure {
  /** http_<status>, network, timeout_first_byte or timeout_idle */
  code: string;
  status?: number;
  /** scheme, host and port of the provider */
  origin: string;
  /** the connection's name when the caller knows it */
  connection?: string;
}

export type GenerationSurface = 'chat' | 'gateway' | 'orchestration';
export type GenerationOutcome = 'ok' | 'error' | 'aborted';

/** Structured logs and metrics in one place, so every path reports the same fields. */
export interface Telemetry {
  metrics: Metrics;
  toolRun(run: ToolRunRecord): void;
  upstreamFailure(failure: UpstreamFailure): void;
  generation(surface: GenerationSurface, outcome: GenerationOutcome): void;
  /** counts an open event stream; call the returned function once when it closes */
  sseOpened(): () => void;
}

export function createTelemetry(log: FastifyBaseLogger, sandboxPool: () => SandboxPoolFigures): Telemetry {
  const metrics = createMetrics(sandboxPool);
  const toolLog = log.child({ area: 'tools' });
  const upstreamLog = log.child({ area: 'upstream' });
  return {
    metrics,
    toolRun(run) {
      const kind = run.kind ?? 'unknown';
      const outcome = run.ok ? 'ok' : (run.errorCode ?? 'error');
      metrics.toolCalls.inc({ kind, outcome });
      metrics.toolDuration.observe({ kind }, run.durationMs / 1000);
      const fields = {
        tool: run.name,
        kind,
        durationMs: run.durationMs,
        ok: run.ok,
        ...(run.errorCode ? { code: run.errorCode } : {}),
        ...(run.simulated ? { simulated: true } : {}),
      };
      // arguments and results can hold anything a user typed: only at debug level
      if (toolLog.level === 'debug' || toolLog.level === 'trace')
        toolLog.debug({ ...fields, args: run.args, result: run.result }, 'tool run');
      else toolLog.info(fields, 'tool run');
    },
    upstreamFailure(failure) {
      metrics.upstreamErrors.inc({ code: failure.code });
      upstreamLog.warn(failure, 'upstream request failed');
    },
    generation(surface, outcome) {
      metrics.generations.inc({ surface, outcome });
    },
    sseOpened() {
      metrics.sseStreamsOpen.inc();
      let open = true;
      return () => {
        if (!open) return;
        open = false;
        metrics.sseStreamsOpen.dec();
      };
    },
  };
}
