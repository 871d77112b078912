// The builtin web_search and web_visit tools through the real server: each search backend against a local
// fake of its API (asserting the exact request), web_visit through the webhook policy with Readability, and
// both in a chat generation. Only loopback is ever contacted; refusals come from the policy or an injected
// resolver before any connection.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type Emulator, openaiChunk, openaiStream } from '@toolsmith/emulator';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { collect, postSse } from '../generation/__fixtures__/sse-client.js';
import { type EmulatedServer, startEmulatedServer } from '../test-support/emulated-server.js';
import { startTestServer, type TestServer } from '../test-support/test-server.js';

interface Seen {
  method: string | undefined;
  url: string | undefined;
  headers: IncomingMessage['headers'];
  body: string;
}

const ARTICLE = `<!doctype html><html><head><title>Harbour news</title><script>var tracking = 1;</script></head>
<body><nav><a href="/">Home</a> · <a href="/about">About</a></nav>
<article><h1>The harbour reopens</h1>
<p>After three weeks of repairs the old harbour of Bergen opened again on Monday, and the first ferries arrived before noon.</p>
<p>Fishermen said the new pier is longer and safer, and the market on the quay will be open every day this summer.</p>
<p>The city expects more visitors than last year, and the tourist office has added guided walks along the water.</p>
<p>${'Boats of every size will be welcome at the new berths, which were built with money from the county and the state. '.repeat(6)}</p>
</article><footer>© Harbour Gazette</footer></body></html>`;

describe('web_search and web_visit builtins', () => {
  let fake: Server;
  let base: string;
  const seen: Seen[] = [];
  let answer: { status: number; type: string; body: string } = {
    status: 200,
    type: 'application/json',
    body: '{}',
  };
  let server: TestServer;
  let setup: EmulatedServer;
  let emulator: Emulator;

  beforeAll(async () => {
    fake = createServer((req, res) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        seen.push({ method: req.method, url: req.url, headers: req.headers, body });
        if (req.url === '/article') {
          res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
          res.end(ARTICLE);
          return;
        }
        if (req.url === '/moved') {
          res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data' });
          res.end();
          return;
        }
        res.writeHead(answer.status, { 'content-type': answer.type });
        res.end(answer.body);
      });
    });
    await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(fake.address() as AddressInfo).port}`;
    setup = await startEmulatedServer({ env: { WEBHOOK_LOCAL_URLS_ENABLED: 'true' }, connection: false });
    ({ server, emulator } = setup);
  });
  afterAll(async () => {
    await setup.close();
    await new Promise((resolve) => fake.close(resolve));
  });
  beforeEach(() => {
    seen.length = 0;
  });

  const dryRun = (name: string, args: unknown) =>
    server.request('POST', '/api/tools/dry-run', { name, args }).then((r) => r.body);

  it('are listed as builtins, off by default; web_search says how to configure a backend', async () => {
    const tools = (await server.request('GET', '/api/tools')).body;
    const builtin = tools.builtin.filter((b: { name: string }) => b.name.startsWith('web_'));
    expect(builtin.map((b: { name: string; enabled: boolean }) => [b.name, b.enabled])).toEqual([
      ['web_search', false],
      ['web_visit', false],
    ]);
    expect((await server.request('GET', '/api/settings/web-search')).body).toEqual({
      configured: false,
      provider: null,
      baseUrl: '',
      hasApiKey: false,
      maxResults: 5,
    });
    const run = await dryRun('web_search', { query: 'harbour' });
    expect(run.ok).toBe(false);
    expect(run.error).toMatch(/no search backend yet.*Settings → Web search/);
    // a name taken by a builtin cannot be a custom tool
    const clash = await server.request('POST', '/api/tools', {
      name: 'web_search',
      description: 'x',
      kind: 'static',
    });
    expect(clash.status).toBe(409);
  });

  it('settings name the field and the fix, and never answer the key', async () => {
    const bad = await server.request('PUT', '/api/settings/web-search', {
      provider: 'brave',
      maxResults: 99,
    });
    expect(bad.status).toBe(400);
    // the shapes first (route schema), then the rules between fields
    expect(bad.body.details).toEqual([
      { field: 'maxResults', message: 'maxResults must be a whole number from 1 to 20, or null.' },
    ]);
    const noKey = await server.request('PUT', '/api/settings/web-search', { provider: 'brave' });
    expect(noKey.body.details).toEqual([
      {
        field: 'apiKey',
        message: 'apiKey is required for brave: the key from your Brave Search API account.',
      },
    ]);
    const unknown = await server.request('PUT', '/api/settings/web-search', { provider: 'searx', url: 'x' });
    expect(unknown.body.details).toEqual([
      { field: 'url', message: 'Unknown field "url". Known fields: provider, baseUrl, apiKey, maxResults.' },
      { field: 'provider', message: 'provider must be one of "searxng", "brave", "tavily", "custom".' },
    ]);
    const noUrl = await server.request('PUT', '/api/settings/web-search', { provider: 'searxng' });
    expect(noUrl.body.details).toEqual([
      { field: 'baseUrl', message: expect.stringMatching(/required for searxng/) },
    ]);
    const ok = await server.request('PUT', '/api/settings/web-search', {
      provider: 'brave',
      apiKey: 'BSA-secret-key',
      baseUrl: `${base}/res/v1/web/search`,
    });
    expect(ok.body).toEqual({
      configured: true,
      provider: 'brave',
      baseUrl: `${base}/res/v1/web/search`,
      hasApiKey: true,
      maxResults: 5,
    });
    expect(JSON.stringify((await server.request('GET', '/api/settings/web-search')).body)).not.toContain(
      'BSA-secret',
    );
  });

  it('Brave: GET with X-Subscription-Token, results from web.results', async () => {
    await server.request('PUT', '/api/settings/web-search', {
      provider: 'brave',
      apiKey: 'BSA-key',
      baseUrl: `${base}/res/v1/web/search`,
    });
    answer = {
      status: 200,
      type: 'application/json',
      body: JSON.stringify({
        type: 'search',
        web: {
          type: 'search',
          results: [
            {
              title: 'Bergen harbour',
              url: 'https://bergen.example/h',
              description: 'The <strong>harbour</strong>',
            },
          ],
        },
      }),
    };
    const run = await dryRun('web_search', { query: 'bergen harbour', count: 3 });
    expect(run).toMatchObject({
      ok: true,
      result: {
        query: 'bergen harbour',
        results: [
          {
            title: 'Bergen harbour',
            url: 'https://bergen.example/h',
            snippet: 'The <strong>harbour</strong>',
          },
        ],
      },
    });
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ method: 'GET', url: '/res/v1/web/search?q=bergen+harbour&count=3' });
    expect(seen[0]!.headers['x-subscription-token']).toBe('BSA-key');
  });

  it('SearXNG: GET /search?q=…&format=json, results[].content as the snippet', async () => {
    await server.request('PUT', '/api/settings/web-search', {
      provider: 'searxng',
      baseUrl: `${base}/searx/`,
      maxResults: 2,
    });
    answer = {
      status: 200,
      type: 'application/json',
      body: JSON.stringify({
        query: 'fjord',
        results: [
          { title: 'A', url: 'https://a.example/', content: 'first', engine: 'ddg' },
          { title: 'B', url: 'https://b.example/', content: 'second', engine: 'ddg' },
          { title: 'C', url: 'https://c.example/', content: 'third', engine: 'ddg' },
        ],
      }),
    };
    const run = await dryRun('web_search', { query: 'fjord' });
    expect(run.result.results.map((r: { snippet: string }) => r.snippet)).toEqual(['first', 'second']);
    expect(seen[0]).toMatchObject({ method: 'GET', url: '/searx/search?q=fjord&format=json' });
  });

  it('Tavily: POST { query, max_results } with a Bearer key', async () => {
    await server.request('PUT', '/api/settings/web-search', {
      provider: 'tavily',
      apiKey: 'tvly-key',
      baseUrl: `${base}/search`,
    });
    answer = {
      status: 200,
      type: 'application/json',
      body: JSON.stringify({
        query: 'trolls',
        results: [{ title: 'T', url: 'https://t.example/', content: 'troll facts', score: 0.9 }],
      }),
    };
    const run = await dryRun('web_search', { query: 'trolls', count: 4 });
    expect(run.result.results).toEqual([{ title: 'T', url: 'https://t.example/', snippet: 'troll facts' }]);
    expect(seen[0]).toMatchObject({ method: 'POST', url: '/search' });
    expect(seen[0]!.headers.authorization).toBe('Bearer tvly-key');
    expect(JSON.parse(seen[0]!.body)).toEqual({ query: 'trolls', max_results: 4, search_depth: 'basic' });
  });

  it('custom: GET ?q=…&limit=N → { results: [{ title, url, snippet }] }; a failing backend says so', async () => {
    await server.request('PUT', '/api/settings/web-search', {
      provider: 'custom',
      baseUrl: `${base}/find`,
      apiKey: null,
    });
    answer = {
      status: 200,
      type: 'application/json',
      body: JSON.stringify({ results: [{ title: 'X', url: 'https://x.example/', snippet: 'x' }] }),
    };
    const run = await dryRun('web_search', { query: 'x' });
    expect(run.result.results).toEqual([{ title: 'X', url: 'https://x.example/', snippet: 'x' }]);
    expect(seen[0]).toMatchObject({ method: 'GET', url: '/find?q=x&limit=5' });
    expect(seen[0]!.headers.authorization).toBeUndefined();
    answer = { status: 503, type: 'text/plain', body: 'down for maintenance' };
    const failed = await dryRun('web_search', { query: 'x' });
    expect(failed.error).toMatch(/custom search backend answered HTTP 503: down for maintenance/);
  });

  it('web_visit returns the readable text of a page (Readability), not menus or scripts', async () => {
    const run = await dryRun('web_visit', { url: `${base}/article` });
    expect(run.ok).toBe(true);
    expect(run.result.title).toMatch(/Harbour news|The harbour reopens/);
    expect(run.result.url).toBe(`${base}/article`);
    expect(run.result.text).toMatch(/^The harbour reopens|After three weeks of repairs/);
    expect(run.result.text).toContain('guided walks along the water');
    expect(run.result.text).not.toMatch(/tracking|Home · About/);
    expect(run.result.truncated).toBe(false);
    const cut = await dryRun('web_visit', { url: `${base}/article`, maxChars: 500 });
    expect(cut.result.truncated).toBe(true);
    expect(cut.result.text.length).toBe(501);
  });

  it('web_visit follows the webhook policy: metadata refused, a redirect to it refused before connecting', async () => {
    const direct = await dryRun('web_visit', { url: 'http://169.254.169.254/latest/meta-data' });
    expect(direct.ok).toBe(false);
    expect(direct.error).toMatch(/web_visit blocked/);
    const redirected = await dryRun('web_visit', { url: `${base}/moved` });
    expect(redirected.error).toMatch(/redirect to http:\/\/169\.254\.169\.254 blocked/);
  });

  it('with local URLs off, names resolving to private addresses are refused (injected resolver)', async () => {
    const strict = await startTestServer(
      {},
      { outbound: { resolve: async () => [{ address: '10.1.2.3', family: 4 }] } },
    );
    try {
      const run = await strict.request('POST', '/api/tools/dry-run', {
        name: 'web_visit',
        args: { url: 'https://intranet.example/wiki' },
      });
      expect(run.body.ok).toBe(false);
      expect(run.body.error).toMatch(/"intranet\.example" resolves to .*private/);
      const http = await strict.request('POST', '/api/tools/dry-run', {
        name: 'web_visit',
        args: { url: 'http://public.example/' },
      });
      expect(http.body.error).toMatch(/blocked/);
    } finally {
      await strict.close();
    }
  });

  it('both work in a chat generation once switched on', async () => {
    await server.request('PUT', '/api/tools/builtin/web_visit', { enabled: true });
    const connection = await server.request('POST', '/api/connections', {
      name: 'emu',
      api: 'openai',
      baseUrl: `${emulator.url}/v1`,
      model: 'emulated-model',
    });
    const chat = await server.request('POST', '/api/chats', {
      title: 'Web',
      connectionId: connection.body.id,
      settings: { toolUse: true, tools: ['web_visit'] },
    });
    emulator.enqueue(
      '/v1/chat/completions',
      openaiStream([
        openaiChunk({
          role: 'assistant',
          content: null,
          tool_calls: [
            {
              index: 0,
              id: 'c1',
              type: 'function',
              function: { name: 'web_visit', arguments: JSON.stringify({ url: `${base}/article` }) },
            },
          ],
        }),
        openaiChunk({}, { finishReason: 'tool_calls' }),
      ]),
      openaiStream([
        openaiChunk({ role: 'assistant', content: 'The harbour is open.' }),
        openaiChunk({}, { finishReason: 'stop' }),
      ]),
    );
    const events = await collect(
      await postSse(`${server.url}/api/chats/${chat.body.id}/generate`, { content: 'News?' }),
    );
    const result = events.find((e) => e.event === 'tool-result')?.data as {
      ok: boolean;
      result: { text: string };
    };
    expect(result.ok).toBe(true);
    expect(result.result.text).toContain('The city expects more visitors');
  });
});
