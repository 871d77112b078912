import type { Sandbox, SandboxRunJob } from '@toolsmith/core';
import { describe, expect, it } from 'vitest';
import type { StoredMessage } from '../storage/types.js';
import {
  buildHiddenContext,
  buildToolCtx,
  SNAPSHOT_MESSAGE_LIMIT,
  sandboxWithHiddenContextGate,
} from './hidden-context.js';

function recordingSandbox(): Sandbox & { jobs: SandboxRunJob[] } {
  const jobs: SandboxRunJob[] = [];
  return {
    jobs,
    async run(job) {
      jobs.push(job);
      return { ok: true, result: null, logs: [], durationMs: 0 };
    },
    async compile() {
      return { ok: true };
    },
    async close() {},
  };
}

describe('buildHiddenContext', () => {
  it('holds the chat id, mode, last user message, date and time, and nothing about connections', () => {
    const now = new Date(2026, 2, 4, 5, 6, 7);
    const context = buildHiddenContext({ chat: { id: 'c_9' }, lastUserMessage: 'hello', now });
    expect(context).toEqual({
      chatId: 'c_9',
      mode: 'chat',
      persona: null,
      characters: [],
      variables: {},
      lastUserMessage: 'hello',
      now: now.toISOString(),
      date: '2026-03-04',
      time: '05:06',
      timeZone: expect.any(String),
    });
  });

  it('passes persona, characters and variables through when a chat has them', () => {
    const context = buildHiddenContext({
      chat: { id: 'c_1' },
      lastUserMessage: null,
      persona: 'Ada',
      characters: [{ id: 'ch_1', name: 'Bob' }],
      variables: { mood: 'calm' },
    });
    expect(context).toMatchObject({
      persona: 'Ada',
      characters: [{ id: 'ch_1', name: 'Bob' }],
      variables: { mood: 'calm' },
    });
  });
});

describe('buildToolCtx', () => {
  it('snapshots only the latest messages of this chat', () => {
    const messages = Array.from(
      { length: SNAPSHOT_MESSAGE_LIMIT + 5 },
      (_, i): StoredMessage => ({
        id: `m_${i}`,
        chatId: 'c_1',
        role: i % 2 ? 'assistant' : 'user',
        content: `#${i}`,
        reasoning: '',
        createdAt: '',
        toolInvocations: [],
        editedAt: null,
        interrupted: null,
        images: [],
        replyId: null,
        swipe: null,
        characterId: null,
        personaId: null,
        name: '',
      }),
    );
    const ctx = buildToolCtx(
      { id: 'c_1', title: 'T' },
      messages,
      buildHiddenContext({ chat: { id: 'c_1' }, lastUserMessage: null }),
    );
    expect(ctx.chat).toHaveLength(SNAPSHOT_MESSAGE_LIMIT);
    expect(ctx.chat[0]).toEqual({ role: 'assistant', content: '#5' });
    expect(ctx).toMatchObject({ chatId: 'c_1', chatTitle: 'T' });
  });

  const message = (role: 'user' | 'assistant', content: string): StoredMessage => ({
    id: `m_${content}`,
    chatId: 'c_1',
    role,
    content,
    reasoning: '',
    createdAt: '',
    toolInvocations: [],
    editedAt: null,
    interrupted: null,
    images: [],
    replyId: null,
    swipe: null,
    characterId: null,
    personaId: null,
    name: '',
  });
  const character = (id: string, name: string) => ({
    id,
    name,
    description: '',
    personality: '',
    scenario: '',
    first_mes: '',
    mes_example: '',
    creator_notes: '',
    system_prompt: '',
    post_history_instructions: '',
    alternate_greetings: [],
    tags: [],
  });

  it("adds Luker's fields when the chat's people are known: one character", () => {
    const run = { aborted: false, activatedEntryKeys: [], traceId: 'tr_1' };
    const ctx = buildToolCtx(
      { id: 'c_1', title: 'T' },
      [message('user', 'hi'), message('assistant', 'hello')],
      buildHiddenContext({ chat: { id: 'c_1' }, lastUserMessage: 'hi' }),
      { characters: [character('chr_a', 'Ayla')], persona: 'Kit', run },
    );
    expect(ctx.chat).toEqual([
      { role: 'user', content: 'hi', name: 'Kit', is_user: true, mes: 'hi' },
      { role: 'assistant', content: 'hello', name: 'Ayla', is_user: false, mes: 'hello' },
    ]);
    expect(ctx).toMatchObject({ characterId: 0, groups: [], groupId: null, name1: 'Kit', name2: 'Ayla' });
    // the run state is shared, not copied: later changes reach scripts called later
    expect(ctx.__run).toBe(run);
  });

  it('a group is the chat: one group whose id is the chat id; no persona means "User"', () => {
    const ctx = buildToolCtx(
      { id: 'c_1', title: 'Harbour' },
      [],
      buildHiddenContext({ chat: { id: 'c_1' }, lastUserMessage: null }),
      {
        characters: [character('chr_a', 'Ayla'), character('chr_b', 'Bram')],
        persona: null,
        run: { aborted: false, activatedEntryKeys: [], traceId: 'tr_2' },
      },
    );
    expect(ctx.groups).toEqual([{ id: 'c_1', name: 'Harbour', members: ['chr_a', 'chr_b'] }]);
    expect(ctx).toMatchObject({ groupId: 'c_1', name1: 'User', name2: 'Ayla', characterId: 0 });
  });
});

describe('sandboxWithHiddenContextGate', () => {
  const ctx = { chat: { id: 'c_1' }, context: { chatId: 'c_1' } };

  it('keeps ctx.context only for bodies of tools that asked for it', async () => {
    const inner = recordingSandbox();
    const gated = sandboxWithHiddenContextGate(inner, [
      { body: 'return 1', simulateBody: 'return "sim"', includeHiddenContext: true },
      { body: 'return 2', includeHiddenContext: false },
    ]);
    await gated.run({ body: 'return 1', args: {}, ctx });
    await gated.run({ body: 'return "sim"', args: {}, ctx });
    await gated.run({ body: 'return 2', args: {}, ctx });
    await gated.run({ body: 'return 3', args: {}, ctx });
    expect(inner.jobs.map((j) => j.ctx)).toEqual([
      ctx,
      ctx,
      { chat: { id: 'c_1' } },
      { chat: { id: 'c_1' } },
    ]);
  });

  it('withholds the context when two tools share a body and only one asks', async () => {
    const inner = recordingSandbox();
    const gated = sandboxWithHiddenContextGate(inner, [
      { body: 'return 1', includeHiddenContext: true },
      { body: 'return 1', includeHiddenContext: false },
    ]);
    await gated.run({ body: 'return 1', args: {}, ctx });
    expect(inner.jobs[0].ctx).toEqual({ chat: { id: 'c_1' } });
  });
});
