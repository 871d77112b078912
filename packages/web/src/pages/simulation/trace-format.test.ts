import { describe, expect, it } from 'vitest';
import type { OrchestrationTraceNode } from '../../api/types';
import { barPosition, countTrace, formatMs, formatValue, stopText } from './trace-format';

const node = (
  agent: string,
  calls: OrchestrationTraceNode['rounds'][number]['calls'],
): OrchestrationTraceNode => ({
  agent,
  role: 'director',
  scope: 's',
  offeredTools: [],
  startedAtMs: 100,
  durationMs: 300,
  rounds: [{ round: 1, final: false, text: '', reasoning: '', calls }],
  finalText: '',
});
const call = (
  name: string,
  extra: Partial<OrchestrationTraceNode['rounds'][number]['calls'][number]> = {},
) => ({
  id: name,
  name,
  args: {},
  ok: true,
  durationMs: 1,
  simulated: true,
  unvalidated: false,
  ...extra,
});

describe('simulation trace formatting', () => {
  it('counts calls, failures and unvalidated writes through nested delegations', () => {
    const inner = node('scout', [call('open_gate', { unvalidated: true }), call('look', { ok: false })]);
    const root = node('boss', [call('delegate', { delegation: inner }), call('gate_status')]);
    expect(countTrace(root)).toEqual({ agents: 2, rounds: 2, calls: 4, failed: 1, unvalidated: 1 });
  });

  it("counts a spec's nodes but not the spec itself, nor skipped nodes", () => {
    const spec: OrchestrationTraceNode = {
      ...node('spec', []),
      role: 'spec',
      rounds: [],
      children: [
        { ...node('scout', [call('look')]), role: 'node' },
        { ...node('plan', [call('open_gate', { unvalidated: true })]), role: 'node' },
        { ...node('late', []), role: 'node', rounds: [], skipped: 'its input "plan" did not finish' },
      ],
    };
    expect(countTrace(spec)).toEqual({ agents: 2, rounds: 2, calls: 2, failed: 0, unvalidated: 1 });
  });

  it('formats durations, values and stop reasons', () => {
    expect(formatMs(12.4)).toBe('12 ms');
    expect(formatMs(1530)).toBe('1.53 s');
    expect(formatValue('closed')).toBe('closed');
    expect(formatValue({ a: 1 })).toBe('{\n  "a": 1\n}');
    expect(stopText('max_rounds')).toBe('stopped at the round limit');
    expect(stopText('something_new')).toBe('something_new');
    expect(stopText('constructor')).toBe('constructor');
  });

  it('places a node on the time axis within bounds', () => {
    expect(barPosition(node('a', []), 400)).toEqual({ left: 25, width: 75 });
    expect(barPosition({ ...node('a', []), startedAtMs: 0, durationMs: 0 }, 400)).toEqual({
      left: 0,
      width: 1,
    });
    expect(barPosition(node('a', []), 0)).toEqual({ left: 0, width: 100 });
  });
});
