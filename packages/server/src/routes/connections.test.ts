import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_FILE_NAME } from '../storage/sqlite/database.js';
import { startTestServer, type TestServer } from '../test-support/test-server.js';

const API_KEY = 'sk-live-abcdefghijklmnopqrstuvwxyz-0123';

describe('connections API', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it('creates a connection with defaults and never returns the key', async () => {
    const res = await server.request('POST', '/api/connections', {
      name: 'local-llm',
      api: 'openai',
      baseUrl: 'http://127.0.0.1:5001/v1',
      model: 'qwen',
      apiKey: API_KEY,
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      name: 'local-llm',
      api: 'openai',
      baseUrl: 'http://127.0.0.1:5001/v1',
      model: 'qwen',
      hasApiKey: true,
      functionCalling: { enabled: true, mode: 'auto' },
      instructTemplate: '',
      textBackend: '',
    });
    expect(res.body.id).toMatch(/^c_/);
    const all = [
      res,
      await server.request('GET', `/api/connections/${res.body.id}`),
      await server.request('GET', '/api/connections'),
    ];
    for (const r of all) {
      expect(JSON.stringify(r.body)).not.toContain(API_KEY);
      expect(JSON.stringify(r.body)).not.toContain('apiKey');
    }
    expect(all[2].body.connections).toHaveLength(1);
    // Encrypted at rest: the key is in neither the database nor its WAL.
    for (const file of [DATABASE_FILE_NAME, `${DATABASE_FILE_NAME}-wal`]) {
      let bytes: Buffer;
      try {
        bytes = readFileSync(join(server.dataDir, file));
      } catch {
        continue;
      }
      expect(bytes.includes(Buffer.from(API_KEY))).toBe(false);
    }
    expect(await server.app.toolsmith.storage.connections.getApiKey(res.body.id)).toBe(API_KEY);
  });

  it('PATCH changes only sent fields; apiKey null clears, a string replaces, absent keeps', async () => {
    const created = await server.request('POST', '/api/connections', {
      name: 'claude',
      api: 'anthropic',
      apiKey: 'k1-secret',
      functionCalling: { enabled: true, mode: 'native' },
    });
    const id = created.body.id;
    const renamed = await server.request('PATCH', `/api/connections/${id}`, { model: 'claude-x' });
    expect(renamed.body).toMatchObject({
      model: 'claude-x',
      hasApiKey: true,
      functionCalling: { enabled: true, mode: 'native' },
    });
    const fc = await server.request('PATCH', `/api/connections/${id}`, {
      functionCalling: { enabled: false },
    });
    expect(fc.body.functionCalling).toEqual({ enabled: false, mode: 'native' });
    const replaced = await server.request('PATCH', `/api/connections/${id}`, { apiKey: 'k2-secret' });
    expect(replaced.body.hasApiKey).toBe(true);
    expect(await server.app.toolsmith.storage.connections.getApiKey(id)).toBe('k2-secret');
    const cleared = await server.request('PATCH', `/api/connections/${id}`, { apiKey: null });
    expect(cleared.body.hasApiKey).toBe(false);
    // Echoing the resource (with hasApiKey) back is accepted.
    expect((await server.request('PATCH', `/api/connections/${id}`, cleared.body)).status).toBe(200);
  });

  it('validates fields and names', async () => {
    const res = await server.request('POST', '/api/connections', {
      name: 'a/b',
      api: 'cohere',
      baseUrl: 'ftp://x',
      functionCalling: { mode: 'smoke' },
    });
    expect(res.status).toBe(400);
    // the shapes first (route schema), then the rules between fields
    expect(res.body.details).toEqual([
      {
        field: 'api',
        message: 'api must be one of "openai", "openai-responses", "anthropic", "google", "text-completion".',
      },
      {
        field: 'functionCalling.mode',
        message: 'functionCalling.mode must be one of "auto", "native", "prompt_xml", "prompt_json".',
      },
    ]);
    const rules = await server.request('POST', '/api/connections', {
      name: 'a/b',
      api: 'openai',
      baseUrl: 'ftp://x',
    });
    expect(rules.body.details).toEqual([
      { field: 'name', message: 'name must not contain "/".' },
      {
        field: 'baseUrl',
        message: 'baseUrl must be an http:// or https:// URL, or empty for the provider default.',
      },
    ]);
    const missing = await server.request('POST', '/api/connections', {});
    expect(missing.body.details.map((d: any) => d.field).sort()).toEqual(['api', 'name']);
    await server.request('POST', '/api/connections', { name: 'twin', api: 'google' });
    const dup = await server.request('POST', '/api/connections', { name: 'twin', api: 'google' });
    expect(dup.status).toBe(409);
    expect(dup.body.error).toBe('A connection named "twin" already exists.');
  });

  it('deletes and 404s', async () => {
    const created = await server.request('POST', '/api/connections', {
      name: 'temp',
      api: 'text-completion',
    });
    expect((await server.request('DELETE', `/api/connections/${created.body.id}`)).status).toBe(204);
    for (const method of ['GET', 'PATCH', 'DELETE']) {
      const res = await server.request(
        method,
        `/api/connections/${created.body.id}`,
        method === 'PATCH' ? {} : undefined,
      );
      expect(res.status).toBe(404);
    }
  });
});
