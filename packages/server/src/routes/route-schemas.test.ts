// The route schemas of presets, web-search settings, variables, lorebooks, connections and chats
// (@toolsmith/core/api-schema): each group's paths are in /api/openapi.json with their request and response
// schemas, a refused body names the field in the API's words, and answers keep what the UI reads and never a
// secret. (openapi.test.ts holds the document to the route table and covers tools and personas.)

import { describe, expect, it } from 'vitest';
import { jsonSchemaOf as json, serverWithOpenApiForFile } from '../test-support/openapi-doc.js';

const app = serverWithOpenApiForFile();

describe('presets', () => {
  it('are in the OpenAPI document with their request and response schemas', () => {
    const create = app.doc.paths['/api/presets'].post;
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
    expect(json(app.doc.paths['/api/presets'].get.responses['200']).properties.presets.type).toBe('array');
    expect(app.doc.paths['/api/presets/{id}'].patch.parameters[0]).toMatchObject({ in: 'path', name: 'id' });
  });

  it('refuses a bad body naming the field, and answers every field the UI reads', async () => {
    const bad = await app.server.request('PATCH', '/api/presets/any', { topK: 'high' });
    expect(bad.status).toBe(400);
    expect(bad.body.details).toEqual([
      { field: 'topK', message: 'topK must be a whole number from 0 to 100000, or null.' },
    ]);
    const thinking = await app.server.request('POST', '/api/presets', {
      name: 'T',
      thinking: { effort: 'max' },
    });
    expect(thinking.body.details).toEqual([
      {
        field: 'thinking.effort',
        message:
          'thinking.effort must be one of "none", "minimal", "low", "medium", "high", "xhigh", or null.',
      },
    ]);
    const created = await app.server.request('POST', '/api/presets', {
      name: 'Warm',
      temperature: 1.2,
      stop: ['###'],
      extraBody: { seed: 7, nested: { a: [1, 2] } },
      thinking: { effort: 'low' },
    });
    expect(created.status).toBe(201);
    const fetched = (await app.server.request('GET', `/api/presets/${created.body.id}`)).body;
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
    const back = await app.server.request('PATCH', `/api/presets/${fetched.id}`, {
      ...fetched,
      name: 'Warmer',
    });
    expect(back.status).toBe(200);
    expect(back.body.name).toBe('Warmer');
  });
});

describe('web-search settings', () => {
  it('are in the OpenAPI document; the answer has no field for the key', () => {
    const put = app.doc.paths['/api/settings/web-search'].put;
    const body = json(put.requestBody);
    expect(body.required).toEqual(['provider']);
    expect(body.properties.provider.enum).toEqual(['searxng', 'brave', 'tavily', 'custom']);
    const view = json(put.responses['200']);
    expect(Object.keys(view.properties).sort()).toEqual(
      ['baseUrl', 'configured', 'hasApiKey', 'maxResults', 'provider'].sort(),
    );
    expect(json(app.doc.paths['/api/settings/web-search'].get.responses['200'])).toEqual(view);
  });

  it('refuses a bad body naming the field', async () => {
    const bad = await app.server.request('PUT', '/api/settings/web-search', {
      provider: 'tavily',
      apiKey: 5,
    });
    expect(bad.status).toBe(400);
    expect(bad.body.details).toEqual([
      { field: 'apiKey', message: 'apiKey must be text of at most 1024 characters, or null.' },
    ]);
    const missing = await app.server.request('PUT', '/api/settings/web-search', {});
    expect(missing.body.details).toEqual([
      { field: 'provider', message: 'provider is required: one of "searxng", "brave", "tavily", "custom".' },
    ]);
  });
});

describe('connections', () => {
  it('are in the OpenAPI document; no answer has a field for the key', () => {
    const create = app.doc.paths['/api/connections'].post;
    const body = json(create.requestBody);
    expect(body.required).toEqual(['name', 'api']);
    expect(body.properties.apiKey).toBeDefined();
    const connection = json(create.responses['201']);
    expect(connection.properties.hasApiKey.type).toBe('boolean');
    expect(connection.properties).not.toHaveProperty('apiKey');
    expect(app.doc.paths['/api/connections/{id}'].patch.requestBody).toBeDefined();
    expect(json(app.doc.paths['/api/connections/models'].post.requestBody).required).toEqual(['api']);
    expect(json(app.doc.paths['/api/connections/instruct-preview'].post.responses['200']).required).toEqual([
      'prompt',
      'stop',
    ]);
    expect(app.doc.paths['/api/connections/{id}/test'].post.responses['200']).toBeDefined();
    expect(app.doc.paths['/api/connections/{id}/tool-modes'].delete.parameters).toContainEqual(
      expect.objectContaining({ in: 'query', name: 'model' }),
    );
  });

  it('refuses a bad body naming the field; answers every field the UI reads and never the key', async () => {
    const bad = await app.server.request('POST', '/api/connections', { name: 'x', api: 'openai', apiKey: 7 });
    expect(bad.status).toBe(400);
    expect(bad.body.details).toEqual([
      { field: 'apiKey', message: 'apiKey must be text (sets the key) or null (clears it).' },
    ]);
    const format = await app.server.request('POST', '/api/connections', {
      name: 'x',
      api: 'openai',
      toolCallFormat: 'klingon',
    });
    expect(format.body.details[0].field).toBe('toolCallFormat');
    expect(format.body.details[0].message).toMatch(/^toolCallFormat must be "auto" .* or one family: /);
    const created = await app.server.request('POST', '/api/connections', {
      name: 'keyed',
      api: 'anthropic',
      baseUrl: 'https://user:pw-secret@llm.example.com/v1',
      apiKey: 'sk-very-secret',
      thinking: { budgetTokens: 2048 },
      promptCaching: { tools: true },
      extraBody: { metadata: { user_id: 'u1' } },
    });
    expect(created.status).toBe(201);
    const fetched = (await app.server.request('GET', `/api/connections/${created.body.id}`)).body;
    expect(fetched).toEqual(created.body);
    expect(Object.keys(fetched).sort()).toEqual(
      [
        'api',
        'baseUrl',
        'createdAt',
        'extraBody',
        'functionCalling',
        'hasApiKey',
        'id',
        'instructTemplate',
        'model',
        'name',
        'promptCaching',
        'quirks',
        'textBackend',
        'thinking',
        'toolCallFormat',
        'updatedAt',
        'vision',
        'replyStartsInReasoning',
        'reasoningTags',
      ].sort(),
    );
    expect(fetched).toMatchObject({
      hasApiKey: true,
      thinking: { effort: null, budgetTokens: 2048, includeThoughts: null },
      promptCaching: { tools: true, system: false, history: false, ttl: '5m' },
      extraBody: { metadata: { user_id: 'u1' } },
    });
    const list = JSON.stringify((await app.server.request('GET', '/api/connections')).body);
    for (const text of [list, JSON.stringify(fetched)]) {
      expect(text).not.toContain('sk-very-secret');
      expect(text).not.toContain('pw-secret');
    }
    const modes = await app.server.request('DELETE', `/api/connections/${fetched.id}/tool-modes?model=m`);
    expect(modes.status).toBe(204);
  });
});

describe('variables', () => {
  it('are in the OpenAPI document with their request and response schemas', () => {
    const put = app.doc.paths['/api/chats/{id}/variables'].put;
    expect(json(put.requestBody).required).toEqual(['variables']);
    expect(json(put.responses['200']).properties.variables.type).toBe('object');
    expect(app.doc.paths['/api/variables'].get.responses['200']).toBeDefined();
  });

  it('refuses a bad body naming the field, and keeps nested values whole', async () => {
    const bad = await app.server.request('PUT', '/api/variables', { variables: [1, 2] });
    expect(bad.status).toBe(400);
    expect(bad.body.details).toEqual([
      { field: 'variables', message: 'Send { variables: { name: value, ... } } (values are any JSON).' },
    ]);
    const ok = await app.server.request('PUT', '/api/variables', {
      variables: { inv: { gold: 3, items: ['a'] } },
    });
    expect(ok.body).toEqual({ variables: { inv: { gold: 3, items: ['a'] } } });
  });
});

describe('chat messages', () => {
  it('are in the OpenAPI document with their request and response schemas', () => {
    const patch = app.doc.paths['/api/chats/{id}/messages/{messageId}'].patch;
    expect(json(patch.requestBody).required).toEqual(['content']);
    expect(json(patch.responses['200']).properties.toolInvocations.type).toBe('array');
    const swipe = app.doc.paths['/api/chats/{id}/messages/{messageId}/swipe'].put;
    expect(json(swipe.requestBody).properties.index).toMatchObject({ type: 'integer', minimum: 0 });
    expect(
      json(app.doc.paths['/api/chats/{id}/messages'].get.responses['200']).properties.messages.type,
    ).toBe('array');
  });

  it('refuses a bad body naming the field, and answers every field the UI reads', async () => {
    const chat = (await app.server.request('POST', '/api/chats', { title: 'Schemas' })).body;
    const storage = app.server.app.toolsmith.storage;
    await storage.messages.append(chat.id, { role: 'user', content: 'Roll for me.' });
    await storage.messages.append(chat.id, {
      role: 'assistant',
      content: 'Rolled.',
      reasoning: 'A d20.',
      replyId: 'r1',
      swipe: 0,
      toolInvocations: [
        {
          callId: 'c1',
          name: 'roll_dice',
          args: { sides: 20, nested: { keep: [1] } },
          ok: true,
          result: { total: 17 },
          error: null,
          durationMs: 3,
          simulated: false,
        },
      ],
    });
    const { messages } = (await app.server.request('GET', `/api/chats/${chat.id}/messages`)).body;
    const answer = messages[1];
    expect(Object.keys(answer).sort()).toEqual(
      [
        'characterId',
        'content',
        'createdAt',
        'editedAt',
        'id',
        'images',
        'interrupted',
        'name',
        'personaId',
        'reasoning',
        'replyId',
        'role',
        'swipe',
        'toolInvocations',
      ].sort(),
    );
    expect(answer.toolInvocations[0]).toMatchObject({
      callId: 'c1',
      args: { sides: 20, nested: { keep: [1] } },
      result: { total: 17 },
      ok: true,
    });
    const bad = await app.server.request('PATCH', `/api/chats/${chat.id}/messages/${answer.id}`, {
      content: 5,
    });
    expect(bad.status).toBe(400);
    expect(bad.body.details).toEqual([
      { field: 'content', message: 'content must be text of at most 200000 characters.' },
    ]);
    const swipe = await app.server.request('PUT', `/api/chats/${chat.id}/messages/${answer.id}/swipe`, {
      index: -1,
    });
    expect(swipe.body.details).toEqual([
      { field: 'index', message: 'index must be a swipe number from 0 (the first).' },
    ]);
    const range = await app.server.request('PUT', `/api/chats/${chat.id}/messages/${answer.id}/swipe`, {
      index: 3,
    });
    expect(range.body.details).toEqual([
      { field: 'index', message: 'index must be a swipe number from 0 to 0.' },
    ]);
  });
});
