import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test-support/test-server.js';

describe('presets API', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it('creates with nulls for unset numbers, patches only sent fields, deletes', async () => {
    const created = await server.request('POST', '/api/presets', {
      name: 'Creative',
      temperature: 1.1,
      stop: ['###'],
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      name: 'Creative',
      temperature: 1.1,
      topP: null,
      topK: null,
      maxTokens: null,
      stop: ['###'],
      frequencyPenalty: null,
      presencePenalty: null,
    });
    const patched = await server.request('PATCH', `/api/presets/${created.body.id}`, {
      maxTokens: 512,
      temperature: null,
    });
    expect(patched.body).toMatchObject({
      maxTokens: 512,
      temperature: null,
      stop: ['###'],
      name: 'Creative',
    });
    expect((await server.request('GET', '/api/presets')).body.presets).toHaveLength(1);
    expect((await server.request('GET', `/api/presets/${created.body.id}`)).body.maxTokens).toBe(512);
    expect((await server.request('DELETE', `/api/presets/${created.body.id}`)).status).toBe(204);
    expect((await server.request('GET', `/api/presets/${created.body.id}`)).status).toBe(404);
  });

  it('validates ranges and names', async () => {
    const res = await server.request('POST', '/api/presets', {
      name: '',
      temperature: 9,
      topP: 2,
      topK: 1.5,
      maxTokens: 0,
      stop: [1],
      presencePenalty: 'hot',
    });
    expect(res.status).toBe(400);
    expect(res.body.details.map((d: any) => d.field).sort()).toEqual(
      ['maxTokens', 'name', 'presencePenalty', 'stop', 'temperature', 'topK', 'topP'].sort(),
    );
    await server.request('POST', '/api/presets', { name: 'Same' });
    const dup = await server.request('POST', '/api/presets', { name: 'Same' });
    expect(dup.status).toBe(409);
    expect(dup.body.error).toBe('A preset named "Same" already exists.');
  });
});
