// POST /api/connections/:id/test for the non-OpenAI families, over real HTTP against the emulator
// (the OpenAI family is covered in connection-test.test.ts).
import {
  anthropicErrors,
  anthropicMessage,
  type Emulator,
  geminiErrors,
  geminiResponse,
} from '@toolsmith/emulator';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type EmulatedServer, startEmulatedServer } from '../test-support/emulated-server.js';
import type { TestServer } from '../test-support/test-server.js';

describe('connection test across families', () => {
  let setup: EmulatedServer;
  let server: TestServer;
  let emulator: Emulator;
  let count = 0;
  beforeAll(async () => {
    setup = await startEmulatedServer({ connection: false });
    ({ server, emulator } = setup);
  });
  afterAll(() => setup.close());
  beforeEach(() => emulator.reset());

  const test = async (api: string, baseUrl: string) => {
    const created = await server.request('POST', '/api/connections', {
      name: `emu-${api}-${++count}`,
      api,
      baseUrl,
      model: 'emu-model',
      apiKey: 'secret-key',
      // the text round only; the tool-calling probe is covered in connection-setup.test.ts
      functionCalling: { enabled: false, mode: 'auto' },
    });
    return server.request('POST', `/api/connections/${created.body.id}/test`);
  };

  it('Anthropic: ok with the text, a small max_tokens and the key header', async () => {
    emulator.enqueue('/v1/messages', { json: anthropicMessage([{ type: 'text', text: 'OK' }]) });
    const res = await test('anthropic', `${emulator.url}/v1`);
    expect(res.body).toEqual({ ok: true, text: 'OK' });
    const sent = emulator.requests[0];
    expect(sent.headers['x-api-key']).toBe('secret-key');
    expect((sent.body as any).max_tokens).toBeLessThanOrEqual(16);
  });

  it('Anthropic: 401 and 529 map to auth_missing and network', async () => {
    emulator.enqueue('/v1/messages', anthropicErrors.invalidKey(), anthropicErrors.overloaded());
    expect((await test('anthropic', `${emulator.url}/v1`)).body).toMatchObject({
      ok: false,
      code: 'auth_missing',
    });
    expect((await test('anthropic', `${emulator.url}/v1`)).body).toMatchObject({
      ok: false,
      code: 'network',
    });
  });

  it('Gemini: ok with the text; 429 maps to rate_limit with its message', async () => {
    const path = /\/v1beta\/models\/emu-model:(stream)?[gG]enerateContent$/;
    emulator.enqueue(path, { json: geminiResponse([{ text: 'OK' }]) }, geminiErrors.rateLimited());
    expect((await test('google', `${emulator.url}/v1beta`)).body).toEqual({ ok: true, text: 'OK' });
    const limited = (await test('google', `${emulator.url}/v1beta`)).body;
    expect(limited).toMatchObject({ ok: false, code: 'rate_limit' });
    expect(limited.message.length).toBeGreaterThan(0);
  });
});
