import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUpstreamFetch } from './upstream-fetch.js';

let server: Server;
let base: string;
const fallbackCalls: string[] = [];
const upstream = createUpstreamFetch({
  fallback: (input, init) => {
    fallbackCalls.push(String(input));
    return fetch(input, init);
  },
});

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (d) => {
      body += d;
    });
    req.on('end', () => {
      if (req.url === '/json') {
        res.writeHead(429, {
          'content-type': 'application/json',
          'retry-after': '3',
          'set-cookie': ['a=1', 'b=2'],
        });
        res.end(JSON.stringify({ method: req.method, body, auth: req.headers.authorization }));
      } else if (req.url === '/stream') {
        res.writeHead(200, { 'content-type': 'text/event-stream' });
        res.write('data: one\n\n');
        setImmediate(() => res.end('data: two\n\n'));
      } else if (req.url === '/redirect') {
        res.writeHead(307, { location: '/json' });
        res.end();
      } else if (req.url === '/gzip') {
        res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' });
        res.end(gzipSync(JSON.stringify({ zipped: true })));
      } else if (req.url === '/hang') {
        res.writeHead(200, { 'content-type': 'text/event-stream' });
        res.write('data: first\n\n');
      }
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await upstream.close();
  server.closeAllConnections();
  server.close();
});

async function readAll(response: Response): Promise<string> {
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let text = '';
  for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read())
    text += decoder.decode(chunk.value, { stream: true });
  reader.releaseLock();
  return text;
}

describe('the gateway upstream client', () => {
  it('sends method, headers and body, and answers like fetch (status, ok, headers, text)', async () => {
    const response = await upstream(`${base}/json`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Bearer k' },
      body: '{"x":1}',
    });
    expect([response.status, response.ok]).toEqual([429, false]);
    expect(response.headers.get('retry-after')).toBe('3');
    expect(response.headers.get('set-cookie')).toBe('a=1, b=2');
    expect(JSON.parse(await response.text())).toEqual({ method: 'POST', body: '{"x":1}', auth: 'Bearer k' });
    expect(fallbackCalls).toEqual([]);
  });

  it('streams a body through getReader', async () => {
    const response = await upstream(`${base}/stream`, { method: 'POST', body: '{}' });
    expect(response.ok).toBe(true);
    expect(await readAll(response)).toBe('data: one\n\ndata: two\n\n');
  });

  it('leaves redirects and compressed bodies to fetch', async () => {
    const redirected = await upstream(`${base}/redirect`, { method: 'GET' });
    expect(redirected.status).toBe(429);
    const zipped = await upstream(`${base}/gzip`, { method: 'GET' });
    expect(await zipped.json()).toEqual({ zipped: true });
    expect(fallbackCalls).toEqual([`${base}/redirect`, `${base}/gzip`]);
  });

  it('fails like fetch: a refused connection is a TypeError with the code in cause; aborts are AbortErrors', async () => {
    const closed = createServer();
    closed.listen(0, '127.0.0.1');
    await once(closed, 'listening');
    const port = (closed.address() as AddressInfo).port;
    closed.close();
    await once(closed, 'close');
    const refused = await upstream(`http://127.0.0.1:${port}/x`, { method: 'POST', body: '{}' }).catch(
      (e) => e,
    );
    expect(refused).toBeInstanceOf(TypeError);
    expect(refused.cause.code).toBe('ECONNREFUSED');

    const controller = new AbortController();
    const response = await upstream(`${base}/hang`, {
      method: 'POST',
      body: '{}',
      signal: controller.signal,
    });
    const reader = response.body!.getReader();
    expect(new TextDecoder().decode((await reader.read()).value)).toBe('data: first\n\n');
    const pending = reader.read();
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
  });
});
