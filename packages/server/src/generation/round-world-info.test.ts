import type { ActivatedWorldInfoEntry, ChatMessage } from '@toolsmith/core';
import { describe, expect, it } from 'vitest';
import { placeAtDepth } from './round-world-info.js';

const atDepth = (
  depth: number,
  content: string,
  role: 'system' | 'user' = 'system',
): ActivatedWorldInfoEntry => ({
  entry: { keys: [], content, position: 'depth', depth, role },
  position: 'depth',
  reason: { kind: 'constant' },
  depth,
  role,
});

const history: ChatMessage[] = [
  { role: 'user', content: 'u1' },
  {
    role: 'assistant',
    content: '',
    toolCalls: [
      { id: 'a', name: 't', args: {} },
      { id: 'b', name: 't', args: {} },
    ],
  },
  { role: 'tool', toolCallId: 'a', name: 't', content: 'ra' },
  { role: 'tool', toolCallId: 'b', name: 't', content: 'rb' },
];
const label = (m: ChatMessage) => (m.role === 'tool' ? `tool:${m.content}` : `${m.role}:${m.content}`);

describe('placeAtDepth', () => {
  it('never separates tool calls from their results', () => {
    expect(placeAtDepth(history, [atDepth(1, 'D1')]).map(label)).toEqual([
      'user:u1',
      'system:D1',
      'assistant:',
      'tool:ra',
      'tool:rb',
    ]);
    expect(placeAtDepth(history, [atDepth(0, 'D0', 'user')]).map(label)).toEqual([
      'user:u1',
      'assistant:',
      'tool:ra',
      'tool:rb',
      'user:D0',
    ]);
  });

  it('puts depths past the start first, joins entries of one depth and role, and leaves lists without entries alone', () => {
    expect(placeAtDepth(history, [atDepth(9, 'far'), atDepth(9, 'also far')]).map(label)).toEqual([
      'system:far\nalso far',
      'user:u1',
      'assistant:',
      'tool:ra',
      'tool:rb',
    ]);
    expect(placeAtDepth(history, [])).toBe(history);
  });
});
