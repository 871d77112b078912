// Issue 9 item 1: a page whose name was re-pointed at 127.0.0.1 talks to the server with same-origin fetches,
// so its requests carry the page's own name in Host. Simulated on loopback by sending that Host header.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, parseConfig } from '../config/config.js';
import { rawRequest } from '../test-support/raw-request.js';
import { startTestServer, type TestServer } from '../test-support/test-server.js';

const csrf = { 'x-toolsmith-request': '1' };

describe('Host allowlist with the default configuration', () => {
  let server: TestServer;
  let port: string;
  let connectionId: string;
  beforeAll(async () => {
    server = await startTestServer();
    port = new URL(server.url).port;
    connectionId = (
      await server.request('POST', '/api/connections', {
        name: 'victim',
        api: 'openai',
        baseUrl: 'http://127.0.0.1:9/v1',
        apiKey: 'sk-victim-key',
      })
    ).body.id;
  });
  afterAll(() => server.close());

  it('refuses the rebinding page: reads, writes, the UI and health, with 421 naming ALLOWED_HOSTS', async () => {
    const host = `rebind.attacker.test:${port}`;
    const attempts: [string, string, unknown?][] = [
      ['GET', '/api/chats'],
      ['GET', '/api/connections'],
      ['POST', '/api/tools', { name: 'planted', description: 'x', kind: 'static' }],
      ['PATCH', `/api/connections/${connectionId}`, { baseUrl: 'http://rebind.attacker.test/v1' }],
      ['POST', `/api/connections/${connectionId}/test`, {}],
      ['GET', '/api/health'],
      ['GET', '/'],
      ['GET', '/v1/models'],
    ];
    for (const [method, path, body] of attempts) {
      const res = await rawRequest(server.url, method, path, body, { ...csrf, host });
      expect([method, path, res.status]).toEqual([method, path, 421]);
      const message = typeof res.body.error === 'string' ? res.body.error : res.body.error.message;
      expect(message).toContain('ALLOWED_HOSTS');
      expect(message).toContain('rebind.attacker.test');
    }
    const tools = await server.request('GET', '/api/tools');
    expect(tools.body.tools).toEqual([]);
    const stored = await server.request('GET', `/api/connections/${connectionId}`);
    expect(stored.body.baseUrl).toBe('http://127.0.0.1:9/v1');
  });

  it('accepts loopback names and addresses on the bound port only', async () => {
    for (const host of [`127.0.0.1:${port}`, `localhost:${port}`, `LOCALHOST:${port}`, `127.0.0.5:${port}`]) {
      const res = await rawRequest(server.url, 'GET', '/api/health', undefined, { host });
      expect([host, res.status]).toEqual([host, 200]);
    }
    for (const host of [
      '127.0.0.1',
      `127.0.0.1:${Number(port) + 1}`,
      `localhost:1`,
      `localhost.evil.test:${port}`,
    ]) {
      const res = await rawRequest(server.url, 'GET', '/api/health', undefined, { host });
      expect([host, res.status]).toEqual([host, 421]);
    }
  });

  it('checks the authority of an absolute-form target too', async () => {
    const res = await rawRequest(server.url, 'GET', `http://rebind.attacker.test:${port}/api/chats`);
    expect(res.status).toBe(421);
  });
});

describe('ALLOWED_HOSTS', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({
      ALLOWED_HOSTS: 'toolsmith.example.com, *.lan.example, proxy.test:8443',
    });
  });
  afterAll(() => server.close());

  it('adds names (any port), wildcard subdomains and name:port to the loopback defaults', async () => {
    const ok = ['toolsmith.example.com', 'toolsmith.example.com:443', 'a.lan.example', 'proxy.test:8443'];
    for (const host of ok) {
      const res = await rawRequest(server.url, 'GET', '/api/health', undefined, { host });
      expect([host, res.status]).toEqual([host, 200]);
    }
    for (const host of ['lan.example', 'proxy.test', 'proxy.test:80', 'example.com']) {
      const res = await rawRequest(server.url, 'GET', '/api/health', undefined, { host });
      expect([host, res.status]).toEqual([host, 421]);
    }
    expect((await server.request('GET', '/api/health')).status).toBe(200);
  });

  it('is validated at startup with a message naming the variable', () => {
    for (const bad of ['http://x.example', 'x.example/path', 'a b', '*', 'x.example:99999', '*.']) {
      expect(() => parseConfig({ ALLOWED_HOSTS: bad }), bad).toThrow(ConfigError);
      expect(() => parseConfig({ ALLOWED_HOSTS: bad })).toThrow(/ALLOWED_HOSTS/);
    }
    expect(parseConfig({ ALLOWED_HOSTS: 'A.Example.com,[::1]:3000, 10.0.0.2' }).allowedHosts).toEqual([
      'a.example.com',
      '[::1]:3000',
      '10.0.0.2',
    ]);
  });
});

describe('cross-site browser requests on /api and /v1', () => {
  let server: TestServer;
  let origin: string;
  beforeAll(async () => {
    server = await startTestServer();
    origin = server.url;
  });
  afterAll(() => server.close());

  it('refuses a foreign Origin and Sec-Fetch-Site other than same-origin/none, for reads too', async () => {
    const marked: Record<string, string>[] = [
      { origin: 'http://evil.example' },
      { origin: 'null' },
      { origin: `http://127.0.0.1:${Number(new URL(origin).port) + 1}` },
      { 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'same-site' },
    ];
    for (const headers of marked) {
      for (const [method, path] of [
        ['GET', '/api/chats'],
        ['POST', '/api/presets'],
        ['GET', '/v1/models'],
        ['POST', '/v1/chat/completions'],
      ]) {
        const res = await rawRequest(server.url, method, path, method === 'POST' ? {} : undefined, {
          ...csrf,
          ...headers,
        });
        expect([headers, path, res.status]).toEqual([headers, path, 403]);
        const code = path.startsWith('/v1') ? res.body.error.code : res.body.code;
        expect(code).toBe('cross_site_request');
      }
    }
  });

  it('lets same-origin pages, typed URLs and non-browser clients through', async () => {
    const passing: Record<string, string>[] = [
      { origin, 'sec-fetch-site': 'same-origin' },
      { 'sec-fetch-site': 'none' },
      {},
      {
        origin: origin.replace('127.0.0.1', 'localhost'),
        host: new URL(origin).host.replace('127.0.0.1', 'localhost'),
      },
    ];
    for (const headers of passing) {
      const res = await rawRequest(
        server.url,
        'POST',
        '/api/presets',
        { name: `p${Math.random()}` },
        {
          ...csrf,
          ...headers,
        },
      );
      expect([headers, res.status]).toEqual([headers, 201]);
    }
    expect((await rawRequest(server.url, 'GET', '/v1/models')).status).toBe(200);
  });

  it('leaves the static UI open to cross-site navigation (a link to the app)', async () => {
    const res = await rawRequest(server.url, 'GET', '/', undefined, { 'sec-fetch-site': 'cross-site' });
    expect(res.status).toBe(200);
  });
});
