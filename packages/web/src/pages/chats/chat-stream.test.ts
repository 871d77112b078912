import { describe, expect, it } from 'vitest';
import {
  allCalls,
  applyStreamEvent,
  continueFrom,
  describeError,
  endTurn,
  finishNotice,
  formatValue,
  type LiveTurn,
  liveAssistantMessages,
  startTurn,
  storedTurnComplete,
} from './chat-stream';

function run(events: Array<[string, unknown]>, turn: LiveTurn = startTurn('hi')): LiveTurn {
  return events.reduce((t, [event, data]) => applyStreamEvent(t, event, data), turn);
}

describe('chat stream', () => {
  it('shows the optimistic user message until the stored one arrives', () => {
    const turn = startTurn('What are the hours?');
    expect(turn.user?.content).toBe('What are the hours?');
    const echoed = applyStreamEvent(turn, 'user-message', {
      message: {
        id: 'm1',
        role: 'user',
        content: 'What are the hours?',
        createdAt: 'now',
        toolInvocations: [],
      },
    });
    expect(echoed.user?.id).toBe('m1');
  });

  it('a reply-notice about a lone closing reasoning tag is kept for the notice; other kinds are ignored', () => {
    const turn = run([
      ['text-delta', { text: 'Thinking. Hello!' }],
      ['reply-notice', { kind: 'lone-reasoning-close', tag: '</think>', messageId: 'm2' }],
      ['reply-notice', { kind: 'something-new' }],
    ]);
    expect(turn.loneReasoningClose).toBe('</think>');
    expect(run([['reply-notice', { kind: 'something-new' }]]).loneReasoningClose).toBeNull();
  });

  it('appends text and reasoning deltas in order within a round', () => {
    const turn = run([
      ['reasoning-delta', { text: 'Think ' }],
      ['text-delta', { text: 'Hel' }],
      ['reasoning-delta', { text: 'more' }],
      ['text-delta', { text: 'lo' }],
      ['text-delta', { nothing: true }],
    ]);
    expect(turn.rounds).toEqual([{ content: 'Hello', reasoning: 'Think more', calls: [] }]);
    expect(turn.status).toBe('streaming');
  });

  it('opens a pending card per tool call and fills it from its result by id', () => {
    const turn = run([
      ['tool-call', { id: 'a', name: 'store_hours', args: {} }],
      ['tool-call', { id: 'b', name: 'weather', args: { city: 'Oslo' } }],
    ]);
    expect(allCalls(turn).map((c) => [c.name, c.pending])).toEqual([
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
            error: { code: 'tool_error', message: 'Webhook answered 500' },
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
    expect(allCalls(done)).toEqual([
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
        error: { code: 'tool_error', message: 'Webhook answered 500' },
        durationMs: 12,
        simulated: false,
        pending: false,
      },
    ]);
  });

  it('starts a new round for text that follows tool calls, as the server stores one message per round', () => {
    const turn = run([
      ['text-delta', { text: 'Let me check.' }],
      ['tool-call', { id: 'a', name: 'store_hours', args: {} }],
      ['tool-result', { id: 'a', name: 'store_hours', ok: true, result: 'Open 9–5' }],
      ['text-delta', { text: 'We are open ' }],
      ['text-delta', { text: '9–5.' }],
    ]);
    expect(turn.rounds.map((r) => [r.content, r.calls.map((c) => c.id)])).toEqual([
      ['Let me check.', ['a']],
      ['We are open 9–5.', []],
    ]);
    const messages = liveAssistantMessages(turn);
    expect(messages.map((m) => [m.role, m.content, m.toolInvocations.length])).toEqual([
      ['assistant', 'Let me check.', 1],
      ['assistant', 'We are open 9–5.', 0],
    ]);
  });

  it('shows one empty assistant message before anything streamed', () => {
    expect(liveAssistantMessages(startTurn('x'))).toMatchObject([
      { role: 'assistant', content: '', toolInvocations: [] },
    ]);
  });

  it('matches a result without an id to the oldest pending call of that name', () => {
    const turn = run([
      ['tool-call', { id: 'x', name: 'roll', args: { n: 1 } }],
      ['tool-call', { id: 'y', name: 'roll', args: { n: 2 } }],
      ['tool-result', { name: 'roll', ok: true, result: 4 }],
    ]);
    expect(allCalls(turn).map((c) => [c.id, c.pending, c.result])).toEqual([
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
    expect(allCalls(turn)).toHaveLength(1);
    expect(turn.rounds).toHaveLength(1);
  });

  it('finishes, or fails with the code and message from an error event', () => {
    expect(run([['finish', { reason: 'completed', messageId: 'm2' }]])).toMatchObject({
      status: 'finished',
      finishReason: 'completed',
    });
    expect(run([['error', { code: 'rate_limit', message: 'Slow down.' }]])).toMatchObject({
      status: 'failed',
      error: { code: 'rate_limit', message: 'Slow down.' },
    });
    expect(run([['error', {}]]).error).toEqual({ code: 'unknown', message: 'The generation failed.' });
  });

  it('explains loop endings other than a normal answer', () => {
    expect(finishNotice('completed')).toBeNull();
    expect(finishNotice(null)).toBeNull();
    expect(finishNotice('max_rounds')).toContain('MAX_TOOL_ROUNDS');
    expect(finishNotice('repeated_call')).toContain('repeated');
  });

  it('marks calls still running when the user stops as stopped', () => {
    const turn = endTurn(run([['tool-call', { id: 'a', name: 't', args: {} }]]), 'stopped');
    expect(turn.status).toBe('stopped');
    expect(allCalls(turn)[0]).toMatchObject({
      pending: false,
      ok: false,
      error: 'Stopped before it finished.',
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

  it('knows when stored history holds a stopped turn', () => {
    const echoed = run([
      ['user-message', { message: { id: 'u1', role: 'user', content: 'hi', toolInvocations: [] } }],
      ['text-delta', { text: 'Part' }],
    ]);
    const user = { id: 'u1', role: 'user' as const, content: 'hi', toolInvocations: [] };
    const answer = { id: 'a1', role: 'assistant' as const, content: 'Part', toolInvocations: [] };
    const older = { id: 'a0', role: 'assistant' as const, content: 'old', toolInvocations: [] };
    expect(storedTurnComplete([older, user], echoed)).toBe(false);
    expect(storedTurnComplete([older, user, answer], echoed)).toBe(true);
    expect(storedTurnComplete([older], echoed)).toBe(false);
    // nothing streamed: nothing to wait for
    expect(storedTurnComplete([], startTurn('x'))).toBe(true);
  });

  it('takes the run from generation-start and marks a call waiting for approval until it is decided', () => {
    const turn = run(
      [
        [
          'generation-start',
          { mode: 'regenerate', replyId: 'r1', swipe: 1, continues: null, characterId: 'c1', name: 'Ayla' },
        ],
        ['text-delta', { text: 'Let me save it.' }],
        ['tool-call', { id: 'k1', name: 'save_note', args: { text: 'x' } }],
        [
          'tool-approval',
          { id: 'k1', name: 'save_note', args: { text: 'x' }, expiresAt: '2030-01-01T00:00:00Z' },
        ],
      ],
      startTurn(null, 'regenerate'),
    );
    expect(turn).toMatchObject({
      mode: 'regenerate',
      replyId: 'r1',
      swipe: 1,
      user: null,
      speaker: { name: 'Ayla' },
    });
    expect(allCalls(turn)[0]).toMatchObject({
      pending: true,
      approval: { expiresAt: '2030-01-01T00:00:00Z' },
    });
    expect(liveAssistantMessages(turn)[0]).toMatchObject({ name: 'Ayla', characterId: 'c1' });
    const decided = applyStreamEvent(turn, 'tool-approval-end', { id: 'k1', decision: 'denied' });
    expect(allCalls(decided)[0].approval).toBeUndefined();
    const denied = applyStreamEvent(decided, 'tool-result', {
      id: 'k1',
      name: 'save_note',
      ok: false,
      error: { code: 'denied', message: 'The user did not allow save_note to run.' },
    });
    expect(allCalls(denied)[0]).toMatchObject({ pending: false, ok: false, error: { code: 'denied' } });
  });

  it('a failed run ends its running tools at once, in their final state', () => {
    const turn = run([
      ['tool-call', { id: 'k1', name: 'slow', args: {} }],
      ['error', { code: 'network', message: 'cut' }],
    ]);
    const ended = endTurn(turn, 'failed');
    expect(ended.status).toBe('failed');
    expect(allCalls(ended)[0]).toMatchObject({
      pending: false,
      ok: false,
      error: 'The generation failed before this tool finished.',
    });
  });

  it('a continuation starts from the text of the message it extends', () => {
    const turn = continueFrom(startTurn(null, 'continue'), {
      id: 'm2',
      role: 'assistant',
      content: 'The storm',
      toolInvocations: [],
    });
    const grown = applyStreamEvent(turn, 'text-delta', { text: ' rolled in.' });
    expect(liveAssistantMessages(grown).map((m) => m.content)).toEqual(['The storm rolled in.']);
  });
});
