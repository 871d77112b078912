// Small formatting helpers for the simulation timeline: durations, JSON values, stop reasons, counts.
import type { OrchestrationTraceNode } from '../../api/types';

export function formatMs(ms: number): string {
  if (ms < 1000) return `${Math.round(ms)} ms`;
  return `${(ms / 1000).toFixed(ms < 10_000 ? 2 : 1)} s`;
}

/** A value as the user reads it: strings as they are, everything else as indented JSON. */
export function formatValue(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === undefined) return '(nothing)';
  try {
    return JSON.stringify(value, null, 2);
  } catch {
    return String(value);
  }
}

const STOPS: Record<string, string> = {
  completed: 'answered without calling a tool',
  max_rounds: 'stopped at the round limit',
  aborted: 'aborted',
  repeated_call: 'stopped: the same call repeated',
  finish_reason: 'stopped by the provider’s finish reason',
  budget: 'stopped: wall-clock budget used up',
  stealth: 'stopped by a stealth tool',
};

/** The stop reasons the UI has words for (others are shown as they come). */
export const STOP_REASONS: ReadonlySet<string> = new Set(Object.keys(STOPS));

export function stopText(reason: string | undefined): string {
  return reason ? (STOP_REASONS.has(reason) ? STOPS[reason] : reason) : '';
}

export interface TraceCounts {
  agents: number;
  rounds: number;
  calls: number;
  failed: number;
  unvalidated: number;
}

function addCounts(counts: TraceCounts, inner: TraceCounts): void {
  counts.agents += inner.agents;
  counts.rounds += inner.rounds;
  counts.calls += inner.calls;
  counts.failed += inner.failed;
  counts.unvalidated += inner.unvalidated;
}

/** Totals over a node, every delegation under it and a spec's nodes (the spec itself is no agent). */
export function countTrace(node: OrchestrationTraceNode): TraceCounts {
  const counts: TraceCounts = {
    agents: node.role === 'spec' || node.skipped ? 0 : 1,
    rounds: node.rounds.length,
    calls: 0,
    failed: 0,
    unvalidated: 0,
  };
  for (const child of node.children ?? []) addCounts(counts, countTrace(child));
  for (const round of node.rounds) {
    for (const call of round.calls) {
      counts.calls++;
      if (!call.ok) counts.failed++;
      if (call.unvalidated) counts.unvalidated++;
      if (call.delegation) addCounts(counts, countTrace(call.delegation));
    }
  }
  return counts;
}

/** Where a node sits on the run's time axis, as percentages (for the bar beside each agent). */
export function barPosition(node: OrchestrationTraceNode, totalMs: number): { left: number; width: number } {
  if (totalMs <= 0) return { left: 0, width: 100 };
  const left = Math.min(100, Math.max(0, (node.startedAtMs / totalMs) * 100));
  const width = Math.max(1, Math.min(100 - left, (node.durationMs / totalMs) * 100));
  return { left, width };
}
