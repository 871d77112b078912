import { createEmulator, type Emulator, openaiCompletion, openaiErrors } from '@toolsmith/emulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type EmulatedServer, startEmulatedServer } from '../test-support/emulated-server.js';
import type { TestServer } from '../test-support/test-server.js';

describe('POST /api/connections/:id/test', () => {
  let setup: EmulatedServer;
  let server: TestServer;
  let emulator: Emulator;
  beforeAll(async () => {
    setup = await startEmulatedServer({ connection: false });
    ({ server, emulator } = setup);
  });
  afterAll(() => setup.close());

  const connection = async (name: string, extra: Record<string, unknown> = {}) =>
    (
      await server.request('POST', '/api/connections', {
        name,
        api: 'openai',
        baseUrl: `${emulator.url}/v1`,
        model: 'emulated-model',
        apiKey: 'sk-emulated',
        // the text round only; the tool-calling probe is covered in connection-setup.test.ts
        functionCalling: { enabled: false, mode: 'auto' },
        ...extra,
      })
    ).body;

  it('sends one tiny request with the stored key and reports the text', async () => {
    emulator.reset();
    emulator.enqueue('/v1/chat/completions', { json: openaiCompletion({ content: 'OK' }) });
    const c = await connection('emu-ok');
    const res = await server.request('POST', `/api/connections/${c.id}/test`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true, text: 'OK' });
    expect(emulator.requests).toHaveLength(1);
    expect(emulator.requests[0].headers.authorization).toBe('Bearer sk-emulated');
    expect((emulator.requests[0].body as any).model).toBe('emulated-model');
  });

  it('a reasoning model that spends the test’s few tokens reasoning still passes, saying so', async () => {
    // a server that separates the reasoning (vLLM --reasoning-parser, DeepSeek's API), and one that passes
    // it on as content after a template that opened <think> (the connection says so)
    emulator.reset();
    emulator.enqueue('/v1/chat/completions', {
      json: openaiCompletion(
        { content: null, reasoning_content: 'Okay, the user wants me to reply with the single word' },
        { finishReason: 'length' },
      ),
    });
    emulator.enqueue('/v1/chat/completions', {
      json: openaiCompletion(
        { content: 'Okay, the user wants me to reply with' },
        { finishReason: 'length' },
      ),
    });
    for (const c of [
      await connection('emu-reasoner'),
      await connection('emu-qwq', { model: 'QwQ-32B', replyStartsInReasoning: true }),
    ]) {
      const res = await server.request('POST', `/api/connections/${c.id}/test`);
      expect([c.name, res.body]).toEqual([c.name, { ok: true, text: '', reasoned: true }]);
    }
  });

  it('reports the error code from the provider status', async () => {
    emulator.reset();
    emulator.enqueue('/v1/chat/completions', openaiErrors.invalidKey());
    const c = await connection('emu-bad-key');
    const res = await server.request('POST', `/api/connections/${c.id}/test`);
    expect(res.body).toMatchObject({ ok: false, code: 'auth_missing' });
    expect(typeof res.body.message).toBe('string');
  });

  it('reports a network error when nothing listens', async () => {
    const closed = await createEmulator();
    const url = closed.url;
    await closed.close();
    const c = await connection('emu-down', { baseUrl: `${url}/v1` });
    const res = await server.request('POST', `/api/connections/${c.id}/test`);
    expect(res.body).toMatchObject({ ok: false, code: 'network' });
  });

  it('404s an unknown connection and asks for a base URL where there is no default', async () => {
    expect((await server.request('POST', '/api/connections/c_missing/test')).status).toBe(404);
    const local = (
      await server.request('POST', '/api/connections', { name: 'kobold', api: 'text-completion' })
    ).body;
    const res = await server.request('POST', `/api/connections/${local.id}/test`);
    expect(res.body).toMatchObject({ ok: false, code: 'invalid_input' });
    expect(res.body.message).toContain('baseUrl');
  });
});
