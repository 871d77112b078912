import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import tls from 'node:tls';
import { afterEach, describe, expect, it } from 'vitest';
import {
  closeAllServers,
  fakeResolver,
  json,
  recordingConnector,
  redirect,
  startServer,
} from './__fixtures__/test-servers.js';
import { isWebhookError, type WebhookError } from './errors.js';
import { DEFAULT_MAX_RESPONSE_BYTES, safeFetch } from './safe-fetch.js';

afterEach(closeAllServers);

/** A public-looking address that tests hand to a fake resolver; the connector reroutes it, nothing dials it. */
const PUBLIC_IP = '93.184.215.14';

async function failure(run: Promise<unknown>): Promise<WebhookError> {
  const error = await run.then(
    () => {
      throw new Error('the call succeeded');
    },
    (e: unknown) => e,
  );
  if (!isWebhookError(error)) throw error;
  return error;
}

const echo = (req: { method: string; headers: object; body: string }, res: ServerResponse) =>
  json(res, { method: req.method, body: req.body });

describe('DNS rebinding', () => {
  it('connects to the address it checked, not to what a second lookup would say', async () => {
    const server = await startServer(echo);
    // First answer public, second private: a rebinding resolver.
    const resolve = fakeResolver({ 'hooks.example': [[PUBLIC_IP], ['127.0.0.1'], ['10.0.0.1']] });
    const connect = recordingConnector({ 'hooks.example': server.port });
    const response = await safeFetch('https://hooks.example/hook', {
      body: '{"x":1}',
      timeoutMs: 2000,
      resolve,
      connect,
    });
    expect(JSON.parse(response.body.toString())).toEqual({ method: 'POST', body: '{"x":1}' });
    expect(resolve.calls).toEqual(['hooks.example']);
    expect(connect.calls).toEqual([
      {
        hostname: 'hooks.example',
        addresses: [{ address: PUBLIC_IP, family: 4 }],
        port: 443,
        protocol: 'https:',
      },
    ]);
    expect(server.requests[0].headers.host).toBe('hooks.example');
  });

  it('pins the default connector through connect.lookup: the name is never resolved again', async () => {
    const server = await startServer(echo);
    // A decoy on another loopback address, same port: where a second lookup would send the connection.
    const decoy = await startServer(echo, '127.0.0.2', server.port);
    // "rebind.test" exists only in the fake resolver; a system lookup would fail with ENOTFOUND.
    const resolve = fakeResolver({ 'rebind.test': [['127.0.0.1'], ['127.0.0.2']] });
    const response = await safeFetch(`http://rebind.test:${server.port}/`, {
      body: '{}',
      timeoutMs: 2000,
      localUrlsEnabled: true,
      resolve,
    });
    expect(response.status).toBe(200);
    expect(resolve.calls).toEqual(['rebind.test']);
    expect(server.requests).toHaveLength(1);
    expect(server.requests[0].headers.host).toBe(`rebind.test:${server.port}`);
    expect(decoy.connections).toBe(0);
  });

  it('re-resolves and re-checks a redirect to the same name', async () => {
    const server = await startServer((_req, res) => redirect(res, '/second', 307));
    const resolve = fakeResolver({ 'hooks.example': [[PUBLIC_IP], ['10.0.0.1']] });
    const connect = recordingConnector({ 'hooks.example': server.port });
    const error = await failure(
      safeFetch('https://hooks.example/first', { body: '{}', timeoutMs: 2000, resolve, connect }),
    );
    expect(error.code).toBe('webhook_blocked');
    expect(error.message).toContain('Webhook redirect to https://hooks.example blocked');
    expect(error.range).toBe('private');
    expect(resolve.calls).toEqual(['hooks.example', 'hooks.example']);
    expect(connect.calls).toHaveLength(1);
  });
});

describe('redirects', () => {
  it.each([
    ['a private literal', 'https://10.0.0.1/x', 'private'],
    ['a metadata literal', 'https://169.254.169.254/latest/meta-data/', 'metadata'],
    ['a loopback literal', 'https://127.0.0.1/', 'loopback'],
    ['an IPv4-mapped loopback', 'https://[::ffff:127.0.0.1]/', 'loopback'],
    ['a name resolving to a private address', 'https://intranet.example/', 'private'],
    ['a local name', 'https://localhost/', undefined],
    ['plain http', 'http://other.example/', undefined],
  ])('refuses a redirect to %s', async (_label, location, range) => {
    const server = await startServer((_req, res) => redirect(res, location));
    const resolve = fakeResolver({ 'hooks.example': [PUBLIC_IP], 'intranet.example': ['10.20.30.40'] });
    const connect = recordingConnector({ 'hooks.example': server.port });
    const error = await failure(
      safeFetch('https://hooks.example/hook', { body: '{}', timeoutMs: 2000, resolve, connect }),
    );
    expect(error.code).toBe('webhook_blocked');
    expect(error.message).toMatch(/^Webhook redirect to .* blocked/);
    expect(error.range).toBe(range);
    expect(connect.calls.map((c) => c.hostname)).toEqual(['hooks.example']);
  });

  it('refuses a private target at the end of an allowed chain', async () => {
    const server = await startServer((req, res) => {
      if (req.url === '/a') redirect(res, 'https://cdn.example/b', 301);
      else if (req.url === '/b') redirect(res, 'https://hooks.example/c', 308);
      else redirect(res, 'https://[fd00:ec2::254]/latest', 302);
    });
    const resolve = fakeResolver({ 'hooks.example': [PUBLIC_IP], 'cdn.example': ['2606:4700::6810:1'] });
    const connect = recordingConnector({ 'hooks.example': server.port, 'cdn.example': server.port });
    const error = await failure(
      safeFetch('https://hooks.example/a', { body: '{}', timeoutMs: 2000, resolve, connect }),
    );
    expect(error).toMatchObject({ code: 'webhook_blocked', range: 'metadata' });
    expect(server.requests.map((r) => r.url)).toEqual(['/a', '/b', '/c']);
    expect(connect.calls.map((c) => c.addresses[0].address)).toEqual([
      PUBLIC_IP,
      '2606:4700::6810:1',
      PUBLIC_IP,
    ]);
  });

  it('follows at most 5 redirects', async () => {
    const server = await startServer((req, res) => redirect(res, `/hop${req.url.length}`, 307));
    const error = await failure(
      safeFetch(`${server.origin}/start`, { body: '{}', timeoutMs: 2000, localUrlsEnabled: true }),
    );
    expect(error).toMatchObject({ code: 'webhook_http_error', status: 307 });
    expect(error.message).toContain('more than 5');
    expect(server.requests).toHaveLength(6);
  });

  it('switches 301/302/303 to GET without a body and keeps POST and the body on 307/308', async () => {
    for (const status of [301, 302, 303, 307, 308]) {
      const server = await startServer((req, res) => {
        if (req.url === '/from') redirect(res, '/to', status);
        else echo(req, res);
      });
      const response = await safeFetch(`${server.origin}/from`, {
        body: '{"a":1}',
        timeoutMs: 2000,
        localUrlsEnabled: true,
      });
      const seen = server.requests[1];
      const keeps = status >= 307;
      expect(seen.method).toBe(keeps ? 'POST' : 'GET');
      expect(seen.body).toBe(keeps ? '{"a":1}' : '');
      expect(seen.headers['content-type']).toBe(keeps ? 'application/json' : undefined);
      expect(response.redirects).toBe(1);
      await server.close();
    }
  });
});

describe('credentials and custom headers across origins', () => {
  const sensitive = (h: Record<string, unknown>) => ({ authorization: h.authorization, key: h['x-api-key'] });

  it('sends them to the first origin and its same-origin redirects, and drops them on a cross-origin hop', async () => {
    const b = await startServer(echo);
    const a = await startServer((req, res) => {
      if (req.url === '/start') redirect(res, '/same', 307);
      else redirect(res, `${b.origin}/other`, 307);
    });
    const url = new URL(`${a.origin}/start`);
    url.username = 'hook user';
    url.password = 'p@ss:word';
    const response = await safeFetch(url, {
      body: '{"keep":"body"}',
      headers: { 'X-Api-Key': 'secret-key' },
      timeoutMs: 2000,
      localUrlsEnabled: true,
    });
    const basic = `Basic ${Buffer.from('hook user:p@ss:word').toString('base64')}`;
    expect(a.requests.map((r) => sensitive(r.headers))).toEqual([
      { authorization: basic, key: 'secret-key' },
      { authorization: basic, key: 'secret-key' },
    ]);
    expect(b.requests.map((r) => sensitive(r.headers))).toEqual([
      { authorization: undefined, key: undefined },
    ]);
    // The cross-origin 307 still carries the payload and the standard headers.
    expect(b.requests[0].body).toBe('{"keep":"body"}');
    expect(b.requests[0].headers['user-agent']).toMatch(/^Toolsmith-Webhook/);
    // Credentials never appear in the request line or in the reported URL.
    expect(a.requests[0].url).toBe('/start');
    expect(response.url).toBe(`${b.origin}/other`);
  });

  it('keeps them dropped when a later hop comes back to the first origin', async () => {
    const b = await startServer((_req, res) => redirect(res, `${a.origin}/back`, 302));
    const a = await startServer((req, res) => {
      if (req.url === '/start') redirect(res, `${b.origin}/`, 302);
      else echo(req, res);
    });
    await safeFetch(`http://user:pw@127.0.0.1:${a.port}/start`, {
      body: '{}',
      headers: { 'x-api-key': 'k' },
      timeoutMs: 2000,
      localUrlsEnabled: true,
    });
    expect(a.requests.map((r) => [r.url, sensitive(r.headers)])).toEqual([
      ['/start', { authorization: expect.stringMatching(/^Basic /), key: 'k' }],
      ['/back', { authorization: undefined, key: undefined }],
    ]);
  });

  it('treats another port on the same host as another origin', async () => {
    const b = await startServer(echo, '127.0.0.1');
    const a = await startServer(
      (_req, res) => redirect(res, `http://127.0.0.1:${b.port}/`, 308),
      '127.0.0.1',
    );
    await safeFetch(`http://u:p@127.0.0.1:${a.port}/`, {
      body: '{}',
      headers: { 'x-api-key': 'k' },
      timeoutMs: 2000,
      localUrlsEnabled: true,
    });
    expect(sensitive(a.requests[0].headers)).toEqual({
      authorization: expect.stringMatching(/^Basic /),
      key: 'k',
    });
    expect(sensitive(b.requests[0].headers)).toEqual({ authorization: undefined, key: undefined });
  });

  it('never uses credentials written into a Location header', async () => {
    const b = await startServer(echo);
    const a = await startServer((_req, res) => redirect(res, `http://evil:creds@127.0.0.1:${b.port}/`, 307));
    await safeFetch(`${a.origin}/`, { body: '{}', timeoutMs: 2000, localUrlsEnabled: true });
    expect(b.requests[0].headers.authorization).toBeUndefined();
  });
});

describe('response handling', () => {
  it('caps the answer at 512 KiB while streaming and aborts the body', async () => {
    let closed: Promise<unknown> = Promise.resolve();
    const server = await startServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/plain' });
      closed = once(res, 'close');
      const chunk = Buffer.alloc(64 * 1024, 'x');
      // An endless answer without a Content-Length: only the cap can stop it.
      const pump = () => {
        while (!res.destroyed && res.write(chunk)) {}
        if (!res.destroyed) res.once('drain', pump);
      };
      pump();
    });
    const error = await failure(
      safeFetch(`${server.origin}/`, { body: '{}', timeoutMs: 5000, localUrlsEnabled: true }),
    );
    expect(error.code).toBe('webhook_too_large');
    expect(error.message).toContain('512 KiB');
    await closed;
  });

  it('refuses a declared Content-Length over the cap before reading', async () => {
    const server = await startServer((_req, res) => {
      res.writeHead(200, {
        'content-type': 'text/plain',
        'content-length': String(DEFAULT_MAX_RESPONSE_BYTES + 1),
      });
      res.write('x');
    });
    const error = await failure(
      safeFetch(`${server.origin}/`, { body: '{}', timeoutMs: 5000, localUrlsEnabled: true }),
    );
    expect(error.code).toBe('webhook_too_large');
  });

  it('accepts an answer of exactly the cap', async () => {
    const server = await startServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.end(Buffer.alloc(DEFAULT_MAX_RESPONSE_BYTES, 'y'));
    });
    const response = await safeFetch(`${server.origin}/`, {
      body: '{}',
      timeoutMs: 5000,
      localUrlsEnabled: true,
    });
    expect(response.body.length).toBe(DEFAULT_MAX_RESPONSE_BYTES);
  });

  it('honours a smaller cap', async () => {
    const server = await startServer((_req, res) => res.end('0123456789'));
    const error = await failure(
      safeFetch(`${server.origin}/`, {
        body: '{}',
        timeoutMs: 5000,
        localUrlsEnabled: true,
        maxResponseBytes: 9,
      }),
    );
    expect(error.code).toBe('webhook_too_large');
  });

  it('reports a non-2xx answer with its status and a short preview of the body', async () => {
    const server = await startServer((_req, res) => {
      res.writeHead(500, { 'content-type': 'text/plain' });
      res.end(`database exploded:\n\n  ${'stack frame '.repeat(500)}`);
    });
    const error = await failure(
      safeFetch(`${server.origin}/`, { body: '{}', timeoutMs: 2000, localUrlsEnabled: true }),
    );
    expect(error.code).toBe('webhook_http_error');
    expect(error.status).toBe(500);
    expect(error.message).toMatch(/^Webhook answered HTTP 500: database exploded: stack frame/);
    expect(error.bodyPreview?.length).toBeLessThanOrEqual(201);
    expect(error.bodyPreview?.endsWith('…')).toBe(true);
  });

  it('reports a 404 without a body', async () => {
    const server = await startServer((_req, res) => {
      res.writeHead(404);
      res.end();
    });
    const error = await failure(
      safeFetch(`${server.origin}/`, { body: '{}', timeoutMs: 2000, localUrlsEnabled: true }),
    );
    expect(error).toMatchObject({ code: 'webhook_http_error', status: 404, bodyPreview: '' });
    expect(error.message).toBe('Webhook answered HTTP 404');
  });
});

describe('deadline, abort and network failures', () => {
  it('times out a server that never answers', async () => {
    const server = await startServer(() => {});
    const error = await failure(
      safeFetch(`${server.origin}/`, { body: '{}', timeoutMs: 150, localUrlsEnabled: true }),
    );
    expect(error.code).toBe('webhook_timeout');
    expect(error.message).toBe('Webhook timed out after 150 ms.');
    expect(error.name).toBe('TimeoutError');
    expect(server.requests).toHaveLength(1);
  });

  it('times out a server that sends headers and then stalls the body', async () => {
    const server = await startServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.write('partial');
    });
    const error = await failure(
      safeFetch(`${server.origin}/`, { body: '{}', timeoutMs: 150, localUrlsEnabled: true }),
    );
    expect(error.code).toBe('webhook_timeout');
  });

  it('times out a lookup that never settles', async () => {
    const connect = recordingConnector();
    const error = await failure(
      safeFetch('https://slow-dns.example/', {
        timeoutMs: 100,
        resolve: () => new Promise(() => {}),
        connect,
      }),
    );
    expect(error.code).toBe('webhook_timeout');
    expect(connect.calls).toEqual([]);
  });

  it('stops when the caller aborts', async () => {
    const controller = new AbortController();
    const server = await startServer(() => controller.abort());
    const error = await failure(
      safeFetch(`${server.origin}/`, {
        body: '{}',
        timeoutMs: 5000,
        localUrlsEnabled: true,
        signal: controller.signal,
      }),
    );
    expect(error).toMatchObject({ code: 'webhook_aborted', name: 'AbortError' });
  });

  it("treats a caller's own deadline signal as a timeout", async () => {
    const server = await startServer(() => {});
    const error = await failure(
      safeFetch(`${server.origin}/`, {
        body: '{}',
        timeoutMs: 5000,
        localUrlsEnabled: true,
        signal: AbortSignal.timeout(100),
      }),
    );
    expect(error).toMatchObject({ code: 'webhook_timeout', name: 'TimeoutError' });
  });

  it('reports a refused connection as a network error naming no path', async () => {
    const server = await startServer(echo);
    const port = server.port;
    await server.close();
    const error = await failure(
      safeFetch(`http://127.0.0.1:${port}/secret-token/path`, {
        body: '{}',
        timeoutMs: 2000,
        localUrlsEnabled: true,
      }),
    );
    expect(error.code).toBe('webhook_network');
    expect(error.message).not.toContain('secret-token');
  });

  it('reports a name that does not resolve as a network error', async () => {
    const connect = recordingConnector();
    const error = await failure(
      safeFetch('https://nowhere.example/', { timeoutMs: 2000, resolve: fakeResolver({}), connect }),
    );
    expect(error.code).toBe('webhook_network');
    expect(error.message).toContain('could not resolve "nowhere.example"');
  });

  it('reports a name with no addresses as a network error', async () => {
    const error = await failure(
      safeFetch('https://empty.example/', { timeoutMs: 2000, resolve: async () => [] }),
    );
    expect(error.code).toBe('webhook_network');
  });
});

describe('https through the default connector', () => {
  it('dials the pinned address, sends the host name as SNI and verifies the certificate', async () => {
    const key = readFileSync(new URL('./__fixtures__/self-signed.key', import.meta.url));
    const cert = readFileSync(new URL('./__fixtures__/self-signed.crt', import.meta.url));
    const sni: string[] = [];
    const server = https.createServer(
      {
        key,
        cert,
        SNICallback: (name, done) => {
          sni.push(name);
          done(null, tls.createSecureContext({ key, cert }));
        },
      },
      (_req, res) => res.end('should not be trusted'),
    );
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    try {
      const { port } = server.address() as AddressInfo;
      // "hooks.test" exists only in the fake resolver: reaching the server proves the pinned lookup was used.
      const resolve = fakeResolver({ 'hooks.test': ['127.0.0.1'] });
      const error = await failure(
        safeFetch(`https://hooks.test:${port}/`, {
          body: '{}',
          timeoutMs: 2000,
          localUrlsEnabled: true,
          resolve,
        }),
      );
      expect(error.code).toBe('webhook_network');
      expect(error.message).toMatch(/self[- ]signed/i);
      expect(sni).toEqual(['hooks.test']);
      expect(resolve.calls).toEqual(['hooks.test']);
    } finally {
      server.close();
    }
  });
});
