import { describe, expect, it } from 'vitest';
import { activateLorebooks } from './activate-lorebooks.js';
import { insertWorldInfoAtDepth } from './depth-insert.js';
import type { WorldInfoEntry } from './types.js';

const chat = [
  { role: 'user', content: 'u1' },
  { role: 'assistant', content: 'a1' },
  { role: 'user', content: 'u2 x' },
];

describe('insertWorldInfoAtDepth', () => {
  it('inserts at depth from the end, joins entries sharing depth and role, orders roles', () => {
    const entries: WorldInfoEntry[] = [
      { uid: 1, keys: ['x'], content: 'end', position: 'depth', depth: 0 },
      { uid: 2, keys: ['x'], content: 'one-user', position: 'depth', depth: 1, role: 'user' },
      { uid: 3, keys: ['x'], content: 'one-sys', position: 'depth', depth: 1, order: 200 },
      { uid: 4, keys: ['x'], content: 'one-sys-first', position: 'depth', depth: 1, order: 50 },
      { uid: 5, keys: ['x'], content: 'far', position: 'depth', depth: 99 },
      { uid: 6, keys: ['x'], content: 'before card' },
      { uid: 7, keys: ['x'], content: '   ', position: 'depth', depth: 0 },
    ];
    const { atDepth } = activateLorebooks({ entries, messages: chat });
    expect(insertWorldInfoAtDepth(chat, atDepth)).toEqual([
      { role: 'system', content: 'far' },
      chat[0],
      chat[1],
      { role: 'system', content: 'one-sys-first\none-sys' },
      { role: 'user', content: 'one-user' },
      chat[2],
      { role: 'system', content: 'end' },
    ]);
  });

  it('uses the default depth 4 and leaves the chat alone when nothing is at depth', () => {
    const { atDepth } = activateLorebooks({
      entries: [{ keys: ['x'], content: 'deep', position: 'depth' }],
      messages: chat,
    });
    expect(insertWorldInfoAtDepth(chat, atDepth)[0]).toEqual({ role: 'system', content: 'deep' });
    const longer = [...chat, ...chat];
    expect(insertWorldInfoAtDepth(longer, atDepth).map((m) => m.content)).toEqual([
      'u1',
      'a1',
      'deep',
      'u2 x',
      'u1',
      'a1',
      'u2 x',
    ]);
    expect(insertWorldInfoAtDepth(chat, [])).toEqual(chat);
  });
});
