// A connection's `vision` setting through the real server: stored, shown, changed, cleared and checked; a
// text-only connection's chat-completions request carries a note instead of the image (issue 11 item 8).
import { type Emulator, openaiCompletion, TINY_PNG_DATA_URL } from '@toolsmith/emulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createEmulatorConnection,
  type EmulatedServer,
  startEmulatedServer,
} from '../test-support/emulated-server.js';
import type { TestServer } from '../test-support/test-server.js';

let setup: EmulatedServer;
let server: TestServer;
let emulator: Emulator;
beforeAll(async () => {
  setup = await startEmulatedServer({ connection: false });
  ({ server, emulator } = setup);
});
afterAll(() => setup.close());

describe('connection vision', () => {
  it('is null until set, then true/false, cleared with null; anything else is a 400 naming it', async () => {
    const created = await server.request('POST', '/api/connections', {
      name: 'eyes',
      api: 'openai',
      baseUrl: `${emulator.url}/v1`,
      model: 'm',
    });
    expect(created.status).toBe(201);
    expect(created.body.vision).toBeNull();
    const id = created.body.id as string;

    const off = await server.request('PATCH', `/api/connections/${id}`, { vision: false });
    expect(off.status).toBe(200);
    expect((await server.request('GET', `/api/connections/${id}`)).body.vision).toBe(false);
    // another change leaves it as it is
    await server.request('PATCH', `/api/connections/${id}`, { model: 'm2' });
    expect((await server.request('GET', `/api/connections/${id}`)).body.vision).toBe(false);

    const bad = await server.request('PATCH', `/api/connections/${id}`, { vision: 'yes' });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('vision');
    expect((await server.request('GET', `/api/connections/${id}`)).body.vision).toBe(false);

    await server.request('PATCH', `/api/connections/${id}`, { vision: null });
    expect((await server.request('GET', `/api/connections/${id}`)).body.vision).toBeNull();
  });

  it('a text-only connection sends the gateway’s image as a note', async () => {
    await createEmulatorConnection(server, emulator, { name: 'blind', vision: false });
    emulator.enqueue('/v1/chat/completions', { json: openaiCompletion({ content: 'ok' }) });
    const res = await server.request('POST', '/v1/chat/completions', {
      model: 'blind',
      messages: [{ role: 'user', content: [{ type: 'image_url', image_url: { url: TINY_PNG_DATA_URL } }] }],
    });
    expect(res.status).toBe(200);
    expect((emulator.requests.at(-1)!.body as any).messages).toEqual([
      {
        role: 'user',
        content:
          '[An image (image/png, 70 bytes) was attached here but not shown: this model takes text only.]',
      },
    ]);
  });

  it('a user-defined instruct template is checked when saved: a broken one is a 400 naming the field', async () => {
    const bad = await server.request('POST', '/api/connections', {
      name: 'custom-bad',
      api: 'text-completion',
      baseUrl: emulator.url,
      model: 'm',
      instructTemplate: '{"userPrefix":"Q: "}',
    });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('needs userPrefix and assistantPrefix');
    expect(JSON.stringify(bad.body)).toContain('instructTemplate');
    const good = await server.request('POST', '/api/connections', {
      name: 'custom-good',
      api: 'text-completion',
      baseUrl: emulator.url,
      model: 'm',
      instructTemplate: '{"userPrefix":"Q: ","assistantPrefix":"A: "}',
    });
    expect(good.status).toBe(201);
  });
});
