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
      }),
    );
    const ctx = buildToolCtx(
      { id: 'c_1', title: 'T' },
      messages,
      buildHiddenContext({ chat: { id: 'c_1' }, lastUserMessage: null }),
    );
    expect(ctx.chat.messages).toHaveLength(SNAPSHOT_MESSAGE_LIMIT);
    expect(ctx.chat.messages[0]).toEqual({ role: 'assistant', content: '#5' });
    expect(ctx.chat).toMatchObject({ id: 'c_1', title: 'T' });
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
