// Provider settings on connections and presets (docs/providers.md): stored, served, checked with errors that
// name the field, and sent to the provider in its own terms — through the real server to the emulator.
import { anthropicMessage, type Emulator, openaiChunk, openaiStream } from '@toolsmith/emulator';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { collect, postSse } from '../generation/__fixtures__/sse-client.js';
import { type EmulatedServer, startEmulatedServer } from '../test-support/emulated-server.js';
import type { TestServer } from '../test-support/test-server.js';

describe('provider settings', () => {
  let setup: EmulatedServer;
  let server: TestServer;
  let emulator: Emulator;
  beforeAll(async () => {
    setup = await startEmulatedServer({ connection: false });
    ({ server, emulator } = setup);
  });
  afterAll(() => setup.close());
  beforeEach(() => emulator.reset());

  const create = (body: Record<string, unknown>) => server.request('POST', '/api/connections', body);

  it('a new connection has every setting unset; what is sent is stored and served back', async () => {
    const plain = await create({ name: 'plain', api: 'openai' });
    expect(plain.status).toBe(201);
    expect(plain.body).toMatchObject({
      extraBody: {},
      thinking: { effort: null, budgetTokens: null, includeThoughts: null },
      promptCaching: { tools: false, system: false, history: false, ttl: '5m' },
      quirks: { profile: 'auto', omit: [] },
    });
    const claude = await create({
      name: 'claude',
      api: 'anthropic',
      thinking: { budgetTokens: 2048 },
      promptCaching: { system: true, history: true, ttl: '1h' },
      extraBody: { metadata: { user_id: 'u1' } },
    });
    expect(claude.status).toBe(201);
    const read = await server.request('GET', `/api/connections/${claude.body.id}`);
    expect(read.body).toMatchObject({
      thinking: { effort: null, budgetTokens: 2048, includeThoughts: null },
      promptCaching: { tools: false, system: true, history: true, ttl: '1h' },
      extraBody: { metadata: { user_id: 'u1' } },
    });
    // PATCH replaces only the settings sent; null clears one
    const patched = await server.request('PATCH', `/api/connections/${claude.body.id}`, { extraBody: null });
    expect(patched.body.extraBody).toEqual({});
    expect(patched.body.thinking.budgetTokens).toBe(2048);
    expect(patched.body.promptCaching.history).toBe(true);
  });

  it('refuses bad settings with one error per field, naming it and the fix; nothing is stored', async () => {
    const res = await create({
      name: 'bad',
      api: 'anthropic',
      thinking: { budgetTokens: 500, effort: 'extreme', mood: 1 },
      promptCaching: { tools: 'yes', ttl: '2h' },
      quirks: { profile: 'mistral' },
      extraBody: { messages: [] },
    });
    expect(res.status).toBe(400);
    const byField = Object.fromEntries(res.body.details.map((d: any) => [d.field, d.message]));
    expect(byField).toEqual({
      'thinking.mood': 'Unknown field "mood". Known: effort, budgetTokens, includeThoughts.',
      'thinking.budgetTokens':
        "thinking.budgetTokens must be at least 1024 for Anthropic (the API's minimum), or null to turn thinking off.",
      'thinking.effort':
        'thinking.effort must be one of "none", "minimal", "low", "medium", "high", "xhigh", or null.',
      'promptCaching.tools': 'promptCaching.tools must be true or false.',
      'promptCaching.ttl': 'promptCaching.ttl must be "5m" or "1h".',
      quirks: 'quirks applies to OpenAI-compatible (Chat Completions) connections only.',
      'extraBody.messages':
        'extraBody cannot set "messages": Toolsmith builds that itself. Use the connection\'s own fields.',
    });
    const anthropicBudget = await create({ name: 'bad2', api: 'anthropic', thinking: { budgetTokens: 500 } });
    expect(anthropicBudget.body.details).toEqual([
      {
        field: 'thinking.budgetTokens',
        message:
          "thinking.budgetTokens must be at least 1024 for Anthropic (the API's minimum), or null to turn thinking off.",
      },
    ]);
    const gemini = await create({
      name: 'bad3',
      api: 'google',
      thinking: { effort: 'low', budgetTokens: 100 },
    });
    expect(gemini.body.details[0]).toMatchObject({ field: 'thinking.budgetTokens' });
    expect(gemini.body.details[0].message).toContain('not both');
    const text = await create({ name: 'bad4', api: 'text-completion', thinking: { effort: 'low' } });
    expect(text.body.details[0].message).toContain('has no effect on text-completion connections');
    const caching = await create({ name: 'bad5', api: 'openai', promptCaching: { system: true } });
    expect(caching.body.details[0].message).toBe(
      'promptCaching applies to Anthropic connections only (cache_control breakpoints).',
    );
    const names = (await server.request('GET', '/api/connections')).body.connections.map((c: any) => c.name);
    expect(names.filter((n: string) => n.startsWith('bad'))).toEqual([]);
  });

  it('PATCH checks the settings against the stored family', async () => {
    const openai = await create({ name: 'oa', api: 'openai' });
    const res = await server.request('PATCH', `/api/connections/${openai.body.id}`, {
      promptCaching: { history: true },
    });
    expect(res.status).toBe(400);
    expect(res.body.details[0].field).toBe('promptCaching');
    const ok = await server.request('PATCH', `/api/connections/${openai.body.id}`, {
      quirks: { profile: 'mistral', omit: ['parallel_tool_calls'] },
    });
    expect(ok.body.quirks).toEqual({ profile: 'mistral', omit: ['parallel_tool_calls'] });
  });

  it('presets store thinking and extraBody; only shared ranges are checked', async () => {
    const res = await server.request('POST', '/api/presets', {
      name: 'deep',
      thinking: { effort: 'high', budgetTokens: 4096, includeThoughts: true },
      extraBody: { top_a: 0.1 },
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      thinking: { effort: 'high', budgetTokens: 4096, includeThoughts: true },
      extraBody: { top_a: 0.1 },
    });
    const bad = await server.request('POST', '/api/presets', { name: 'x', thinking: { budgetTokens: -5 } });
    expect(bad.body.details).toEqual([
      {
        field: 'thinking.budgetTokens',
        message: 'thinking.budgetTokens must be a whole number from -1 to 1000000, or null.',
      },
    ]);
  });

  it("a chat's request carries the connection's and the preset's settings in the provider's terms", async () => {
    const connection = await create({
      name: 'o-series',
      api: 'openai',
      baseUrl: `${emulator.url}/v1`,
      model: 'o3-mini',
      thinking: { effort: 'low' },
      quirks: { omit: ['stream_options'] },
      extraBody: { user: 'toolsmith', metadata: { a: '1' } },
    });
    const preset = await server.request('POST', '/api/presets', {
      name: 'hard',
      temperature: 0.4,
      maxTokens: 300,
      thinking: { effort: 'high' },
      extraBody: { metadata: { b: '2' } },
    });
    const chat = await server.request('POST', '/api/chats', {
      title: 't',
      connectionId: connection.body.id,
      presetId: preset.body.id,
    });
    emulator.enqueue(
      '/v1/chat/completions',
      openaiStream([openaiChunk({ content: 'ok' }, { finishReason: 'stop' })]),
    );
    const call = await postSse(`${server.url}/api/chats/${chat.body.id}/generate`, { content: 'Hi' });
    const events = await collect(call);
    expect(events.at(-1)?.event).toBe('finish');
    const body = emulator.requests[0].body as Record<string, unknown>;
    expect(body).toMatchObject({
      model: 'o3-mini',
      max_completion_tokens: 300,
      reasoning_effort: 'high',
      user: 'toolsmith',
      metadata: { a: '1', b: '2' },
      stream: true,
    });
    expect(body).not.toHaveProperty('temperature');
    expect(body).not.toHaveProperty('stream_options');
  });

  it('an Anthropic connection sends thinking and cache breakpoints', async () => {
    const connection = await create({
      name: 'claude-chat',
      api: 'anthropic',
      baseUrl: `${emulator.url}/v1`,
      model: 'claude-test',
      thinking: { budgetTokens: 1024 },
      promptCaching: { history: true },
    });
    const chat = await server.request('POST', '/api/chats', { title: 't', connectionId: connection.body.id });
    emulator.enqueue('/v1/messages', { json: anthropicMessage([{ type: 'text', text: 'ok' }]) });
    await collect(await postSse(`${server.url}/api/chats/${chat.body.id}/generate`, { content: 'Hi' }));
    const body = emulator.requests[0].body as Record<string, any>;
    expect(body.thinking).toEqual({ type: 'enabled', budget_tokens: 1024 });
    expect(body.max_tokens).toBe(1024 + 4096);
    expect(body.messages.at(-1).content.at(-1).cache_control).toEqual({ type: 'ephemeral' });
  });
});
