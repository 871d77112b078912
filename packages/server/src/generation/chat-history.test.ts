import { describe, expect, it } from 'vitest';
import type { StoredMessage, StoredToolInvocation } from '../storage/types.js';
import { historyFromMessages, invocationEnvelope } from './chat-history.js';

let seq = 0;
const message = (
  role: StoredMessage['role'],
  content: string,
  toolInvocations: StoredToolInvocation[] = [],
): StoredMessage => ({
  id: `m_${++seq}`,
  chatId: 'c_1',
  role,
  content,
  reasoning: '',
  createdAt: '2026-01-01T00:00:00.000Z',
  toolInvocations,
  editedAt: null,
  interrupted: null,
  images: [],
  replyId: null,
  swipe: null,
  characterId: null,
  personaId: null,
  name: '',
});
const invocation = (over: Partial<StoredToolInvocation>): StoredToolInvocation => ({
  id: `ti_${++seq}`,
  callId: 'call_1',
  name: 'lookup',
  args: { q: 'x' },
  ok: true,
  result: { answer: 42 },
  error: null,
  durationMs: 3,
  simulated: false,
  ...over,
});

describe('historyFromMessages', () => {
  it('rebuilds assistant tool calls followed by their results, as the tool loop first sent them', () => {
    const history = historyFromMessages([
      message('user', 'Question'),
      message('assistant', 'Looking.', [
        invocation({ callId: 'a', result: 'plain text' }),
        invocation({
          callId: 'b',
          name: 'other',
          args: {},
          ok: false,
          result: null,
          error: { code: 'not_allowed', message: 'Tool not allowed in this chat: other', hint: 'Continue.' },
        }),
      ]),
      message('assistant', 'Answer.'),
    ]);
    expect(history).toEqual([
      { role: 'user', content: 'Question' },
      {
        role: 'assistant',
        content: 'Looking.',
        toolCalls: [
          { id: 'a', name: 'lookup', args: { q: 'x' } },
          { id: 'b', name: 'other', args: {} },
        ],
      },
      { role: 'tool', toolCallId: 'a', name: 'lookup', content: 'plain text', isError: false },
      {
        role: 'tool',
        toolCallId: 'b',
        name: 'other',
        content: JSON.stringify({
          ok: false,
          error: 'Tool not allowed in this chat: other',
          code: 'not_allowed',
          hint: 'Continue.',
        }),
        isError: true,
      },
      { role: 'assistant', content: 'Answer.' },
    ]);
  });

  it('drops empty assistant messages and joins user messages left back to back by an aborted run', () => {
    const history = historyFromMessages([
      message('user', 'First try'),
      message('assistant', ''),
      message('user', 'Second try'),
    ]);
    expect(history).toEqual([{ role: 'user', content: 'First try\n\nSecond try' }]);
  });

  it('serialises object results as JSON and tolerates odd stored errors', () => {
    expect(invocationEnvelope(invocation({}))).toEqual({ ok: true, result: { answer: 42 }, durationMs: 3 });
    expect(invocationEnvelope(invocation({ ok: false, error: 'boom' }))).toEqual({
      ok: false,
      error: { code: 'tool_error', message: 'boom' },
      durationMs: 3,
    });
    const [, call, result] = historyFromMessages([
      message('user', 'q'),
      message('assistant', '', [invocation({ args: 'not an object' })]),
    ]);
    expect(call).toMatchObject({ toolCalls: [{ args: {} }] });
    expect(result).toMatchObject({ content: '{"answer":42}' });
  });

  it('keeps the reasoning of tool-calling turns (DeepSeek wants it back in later turns)', () => {
    const thinking = { ...message('assistant', '', [invocation({ callId: 'r' })]), reasoning: 'Plan.' };
    const plain = { ...message('assistant', 'Done.'), reasoning: 'Not needed again.' };
    expect(historyFromMessages([message('user', 'Q'), thinking, plain])).toEqual([
      { role: 'user', content: 'Q' },
      {
        role: 'assistant',
        content: '',
        toolCalls: [{ id: 'r', name: 'lookup', args: { q: 'x' } }],
        reasoning: [{ text: 'Plan.' }],
      },
      { role: 'tool', toolCallId: 'r', name: 'lookup', content: '{"answer":42}', isError: false },
      { role: 'assistant', content: 'Done.' },
    ]);
  });
});
