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

  it('round-trips contextLength, minP and repetitionPenalty, null when unset', async () => {
    const created = await server.request('POST', '/api/presets', {
      name: 'Local',
      contextLength: 8192,
      minP: 0.05,
      repetitionPenalty: 1.1,
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ contextLength: 8192, minP: 0.05, repetitionPenalty: 1.1 });
    const patched = await server.request('PATCH', `/api/presets/${created.body.id}`, {
      contextLength: 32_768,
      minP: null,
    });
    expect(patched.body).toMatchObject({ contextLength: 32_768, minP: null, repetitionPenalty: 1.1 });
    expect((await server.request('GET', `/api/presets/${created.body.id}`)).body).toMatchObject({
      contextLength: 32_768,
      minP: null,
      repetitionPenalty: 1.1,
    });
    const plain = await server.request('POST', '/api/presets', { name: 'Plain' });
    expect(plain.body).toMatchObject({ contextLength: null, minP: null, repetitionPenalty: null });
    await server.request('DELETE', `/api/presets/${created.body.id}`);
    await server.request('DELETE', `/api/presets/${plain.body.id}`);
  });

  it('names the field and its range for a bad contextLength, minP or repetitionPenalty, and stores nothing', async () => {
    const res = await server.request('POST', '/api/presets', {
      name: 'Broken',
      contextLength: 8192.5,
      minP: 1.5,
      repetitionPenalty: -1,
    });
    expect(res.status).toBe(400);
    expect(res.body.details).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          field: 'contextLength',
          message: 'contextLength must be a whole number from 256 to 10000000, or null.',
        }),
        expect.objectContaining({ field: 'minP', message: 'minP must be a number from 0 to 1, or null.' }),
        expect.objectContaining({
          field: 'repetitionPenalty',
          message: 'repetitionPenalty must be a number from 0 to 10, or null.',
        }),
      ]),
    );
    expect(res.body.details).toHaveLength(3);
    const presets = (await server.request('GET', '/api/presets')).body.presets;
    expect(presets.map((p: any) => p.name)).not.toContain('Broken');
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
      ['maxTokens', 'name', 'presencePenalty', 'stop[0]', 'temperature', 'topK', 'topP'].sort(),
    );
    await server.request('POST', '/api/presets', { name: 'Same' });
    const dup = await server.request('POST', '/api/presets', { name: 'Same' });
    expect(dup.status).toBe(409);
    expect(dup.body.error).toBe('A preset named "Same" already exists.');
  });
});
