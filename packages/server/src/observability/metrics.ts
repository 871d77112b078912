import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';

/** Pool figures of the script sandbox when it has been started (it starts on first use). */
export type SandboxPoolFigures = { workers: number; idle: number; busy: number; queued: number } | undefined;

/**
 * The server's Prometheus metrics, in a registry of its own (several apps in one process — tests — must not
 * share counters). Labels are small closed sets: never tool arguments, chat ids or connection URLs.
 */
export interface Metrics {
  registry: Registry;
  generations: Counter<'surface' | 'outcome'>;
  toolCalls: Counter<'kind' | 'outcome'>;
  toolDuration: Histogram<'kind'>;
  upstreamErrors: Counter<'code'>;
  sseStreamsOpen: Gauge;
}

export function createMetrics(sandboxPool: () => SandboxPoolFigures): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'toolsmith_process_' });
  const metrics: Metrics = {
    registry,
    generations: new Counter({
      name: 'toolsmith_generations_total',
      help: 'Model generations by surface (chat, gateway, orchestration) and outcome (ok, error, aborted).',
      labelNames: ['surface', 'outcome'],
      registers: [registry],
    }),
    toolCalls: new Counter({
      name: 'toolsmith_tool_calls_total',
      help: 'Finished tool calls by tool kind and outcome (ok, or the error code).',
      labelNames: ['kind', 'outcome'],
      registers: [registry],
    }),
    toolDuration: new Histogram({
      name: 'toolsmith_tool_call_duration_seconds',
      help: 'How long tool calls took, by tool kind.',
      labelNames: ['kind'],
      buckets: [0.001, 0.005, 0.025, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
      registers: [registry],
    }),
    upstreamErrors: new Counter({
      name: 'toolsmith_upstream_errors_total',
      help: 'Failed provider requests by code (http_<status>, network, timeout_first_byte, timeout_idle).',
      labelNames: ['code'],
      registers: [registry],
    }),
    sseStreamsOpen: new Gauge({
      name: 'toolsmith_sse_streams_open',
      help: 'Server-Sent Event streams open now (chat generations and gateway streams).',
      registers: [registry],
    }),
  };
  new Gauge({
    name: 'toolsmith_sandbox_queue_depth',
    help: 'Script runs waiting for a sandbox worker (0 before the sandbox starts).',
    registers: [registry],
    collect() {
      this.set(sandboxPool()?.queued ?? 0);
    },
  });
  new Gauge({
    name: 'toolsmith_sandbox_workers_busy',
    help: 'Sandbox workers running a script now.',
    registers: [registry],
    collect() {
      this.set(sandboxPool()?.busy ?? 0);
    },
  });
  return metrics;
}
