// The route schemas of presets, web-search settings, variables, lorebooks, connections and chats
// (@toolsmith/core/api-schema): each group's paths are in /api/openapi.json with their request and response
// schemas, a refused body names the field in the API's words, and answers keep what the UI reads and never a
// secret. (openapi.test.ts holds the document to the route table and covers tools and personas.)

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test-support/test-server.js';

let server: TestServer;
let doc: any;
beforeAll(async () => {
  server = await startTestServer();
  doc = (await server.request('GET', '/api/openapi.json')).body;
});
afterAll(() => server.close());

const json = (part: any) => part.content['application/json'].schema;

describe('presets', () => {
  it('are in the OpenAPI document with their request and response schemas', () => {
    const create = doc.paths['/api/presets'].post;
    const body = json(create.requestBody);
    expect(body.required).toEqual(['name']);
    expect(body.additionalProperties).toBe(false);
    expect(body.properties.temperature.anyOf).toEqual([
      { type: 'number', minimum: 0, maximum: 5 },
      { type: 'null' },
    ]);
    expect(Object.keys(create.responses)).toEqual(expect.arrayContaining(['201', '400']));
    expect(Object.keys(json(create.responses['201']).properties)).toEqual(
      expect.arrayContaining(['id', 'name', 'stop', 'extraBody', 'thinking', 'repetitionPenalty']),
    );
    expect(json(doc.paths['/api/presets'].get.responses['200']).properties.presets.type).toBe('array');
    expect(doc.paths['/api/presets/{id}'].patch.parameters[0]).toMatchObject({ in: 'path', name: 'id' });
  });

  it('refuses a bad body naming the field, and answers every field the UI reads', async () => {
    const bad = await server.request('PATCH', '/api/presets/any', { topK: 'high' });
    expect(bad.status).toBe(400);
    expect(bad.body.details).toEqual([
      { field: 'topK', message: 'topK must be a whole number from 0 to 100000, or null.' },
    ]);
    const thinking = await server.request('POST', '/api/presets', { name: 'T', thinking: { effort: 'max' } });
    expect(thinking.body.details).toEqual([
      {
        field: 'thinking.effort',
        message:
          'thinking.effort must be one of "none", "minimal", "low", "medium", "high", "xhigh", or null.',
      },
    ]);
    const created = await server.request('POST', '/api/presets', {
      name: 'Warm',
      temperature: 1.2,
      stop: ['###'],
      extraBody: { seed: 7, nested: { a: [1, 2] } },
      thinking: { effort: 'low' },
    });
    expect(created.status).toBe(201);
    const fetched = (await server.request('GET', `/api/presets/${created.body.id}`)).body;
    expect(fetched).toEqual(created.body);
    expect(Object.keys(fetched).sort()).toEqual(
      [
        'contextLength',
        'createdAt',
        'extraBody',
        'frequencyPenalty',
        'id',
        'maxTokens',
        'minP',
        'name',
        'presencePenalty',
        'repetitionPenalty',
        'stop',
        'temperature',
        'thinking',
        'topK',
        'topP',
        'updatedAt',
      ].sort(),
    );
    expect(fetched).toMatchObject({
      temperature: 1.2,
      stop: ['###'],
      extraBody: { seed: 7, nested: { a: [1, 2] } },
      thinking: { effort: 'low', budgetTokens: null, includeThoughts: null },
    });
    // a preset read and sent back whole is accepted (read-only fields ignored)
    const back = await server.request('PATCH', `/api/presets/${fetched.id}`, { ...fetched, name: 'Warmer' });
    expect(back.status).toBe(200);
    expect(back.body.name).toBe('Warmer');
  });
});

describe('web-search settings', () => {
  it('are in the OpenAPI document; the answer has no field for the key', () => {
    const put = doc.paths['/api/settings/web-search'].put;
    const body = json(put.requestBody);
    expect(body.required).toEqual(['provider']);
    expect(body.properties.provider.enum).toEqual(['searxng', 'brave', 'tavily', 'custom']);
    const view = json(put.responses['200']);
    expect(Object.keys(view.properties).sort()).toEqual(
      ['baseUrl', 'configured', 'hasApiKey', 'maxResults', 'provider'].sort(),
    );
    expect(json(doc.paths['/api/settings/web-search'].get.responses['200'])).toEqual(view);
  });

  it('refuses a bad body naming the field', async () => {
    const bad = await server.request('PUT', '/api/settings/web-search', { provider: 'tavily', apiKey: 5 });
    expect(bad.status).toBe(400);
    expect(bad.body.details).toEqual([
      { field: 'apiKey', message: 'apiKey must be text of at most 1024 characters, or null.' },
    ]);
    const missing = await server.request('PUT', '/api/settings/web-search', {});
    expect(missing.body.details).toEqual([
      { field: 'provider', message: 'provider is required: one of "searxng", "brave", "tavily", "custom".' },
    ]);
  });
});
