import { describe, expect, it } from 'vitest';
import {
  applyStreamEvent,
  describeError,
  endTurn,
  formatValue,
  type LiveTurn,
  liveAssistant,
  startTurn,
} from './chat-stream';

function run(events: Array<[string, unknown]>, turn: LiveTurn = startTurn('hi')): LiveTurn {
  return events.reduce((t, [event, data]) => applyStreamEvent(t, event, data), turn);
}

describe('chat stream', () => {
  it('shows the optimistic user message until the stored one arrives', () => {
    const turn = startTurn('What are the hours?');
    expect(turn.user.content).toBe('What are the hours?');
    const echoed = applyStreamEvent(turn, 'user-message', {
      message: {
        id: 'm1',
        role: 'user',
        content: 'What are the hours?',
        createdAt: 'now',
        toolInvocations: [],
      },
    });
    expect(echoed.user.id).toBe('m1');
  });

  it('appends text and reasoning deltas in order', () => {
    const turn = run([
      ['reasoning-delta', { text: 'Think ' }],
      ['text-delta', { text: 'Hel' }],
      ['reasoning-delta', { text: 'more' }],
      ['text-delta', { text: 'lo' }],
      ['text-delta', { nothing: true }],
    ]);
    expect(turn.content).toBe('Hello');
    expect(turn.reasoning).toBe('Think more');
    expect(turn.status).toBe('streaming');
  });

  it('opens a pending card per tool call and fills it from its result by id', () => {
    const turn = run([
      ['tool-call', { id: 'a', name: 'store_hours', args: {} }],
      ['tool-call', { id: 'b', name: 'weather', args: { city: 'Oslo' } }],
    ]);
    expect(turn.calls.map((c) => [c.name, c.pending])).toEqual([
      ['store_hours', true],
      ['weather', true],
    ]);
    const done = run(
      [
        [
          'tool-result',
          {
            id: 'b',
            name: 'weather',
            ok: false,
            error: 'Webhook answered 500',
            durationMs: 12,
            simulated: false,
          },
        ],
        [
          'tool-result',
          { id: 'a', name: 'store_hours', ok: true, result: 'Open 9–5', durationMs: 1, simulated: true },
        ],
      ],
      turn,
    );
    expect(done.calls).toEqual([
      {
        id: 'a',
        name: 'store_hours',
        args: {},
        ok: true,
        result: 'Open 9–5',
        error: undefined,
        durationMs: 1,
        simulated: true,
        pending: false,
      },
      {
        id: 'b',
        name: 'weather',
        args: { city: 'Oslo' },
        ok: false,
        result: undefined,
        error: 'Webhook answered 500',
        durationMs: 12,
        simulated: false,
        pending: false,
      },
    ]);
  });

  it('matches a result without an id to the oldest pending call of that name', () => {
    const turn = run([
      ['tool-call', { id: 'x', name: 'roll', args: { n: 1 } }],
      ['tool-call', { id: 'y', name: 'roll', args: { n: 2 } }],
      ['tool-result', { name: 'roll', ok: true, result: 4 }],
    ]);
    expect(turn.calls.map((c) => [c.id, c.pending, c.result])).toEqual([
      ['x', false, 4],
      ['y', true, undefined],
    ]);
  });

  it('ignores a repeated tool-call and unknown events', () => {
    const turn = run([
      ['tool-call', { id: 'a', name: 't', args: {} }],
      ['tool-call', { id: 'a', name: 't', args: {} }],
      ['something-new', { text: 'x' }],
    ]);
    expect(turn.calls).toHaveLength(1);
    expect(turn.content).toBe('');
  });

  it('finishes, or fails with the code and message from an error event', () => {
    expect(run([['finish', { reason: 'stop', messageId: 'm2' }]])).toMatchObject({
      status: 'finished',
      finishReason: 'stop',
    });
    expect(run([['error', { code: 'rate_limit', message: 'Slow down.' }]])).toMatchObject({
      status: 'failed',
      error: { code: 'rate_limit', message: 'Slow down.' },
    });
    expect(run([['error', {}]]).error).toEqual({ code: 'unknown', message: 'The generation failed.' });
  });

  it('marks calls still running when the user stops as stopped', () => {
    const turn = endTurn(run([['tool-call', { id: 'a', name: 't', args: {} }]]), 'stopped');
    expect(turn.status).toBe('stopped');
    expect(turn.calls[0]).toMatchObject({ pending: false, ok: false, error: 'Stopped before it finished.' });
  });

  it('renders the live turn as an assistant message with its calls', () => {
    const turn = run([
      ['tool-call', { id: 'a', name: 't', args: {} }],
      ['text-delta', { text: 'Done.' }],
    ]);
    expect(liveAssistant(turn)).toMatchObject({
      role: 'assistant',
      content: 'Done.',
      toolInvocations: [{ id: 'a' }],
    });
  });

  it('formats values and errors for the cards', () => {
    expect(formatValue('plain')).toBe('plain');
    expect(formatValue({ open: true })).toBe('{\n  "open": true\n}');
    expect(formatValue(null)).toBe('');
    expect(describeError('boom')).toEqual({ message: 'boom' });
    expect(describeError({ message: 'Bad args', code: 'invalid_arguments', hint: 'Send a city.' })).toEqual({
      message: 'Bad args',
      code: 'invalid_arguments',
      hint: 'Send a city.',
    });
    expect(describeError({ status: 500 })).toEqual({ message: '{\n  "status": 500\n}' });
  });
});
