import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTempDir } from '../test-support/temp-dir.js';
import { startTestServer, type TestServer } from '../test-support/test-server.js';

describe('security headers, CSRF, CORS and body limits', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ BODY_LIMIT: '4096' });
  });
  afterAll(() => server.close());

  it('sets CSP without unsafe-eval, nosniff and frame-ancestors none on API and page answers', async () => {
    for (const path of ['/api/health', '/', '/api/missing']) {
      const res = await server.request('GET', path);
      const csp = res.headers.get('content-security-policy')!;
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).not.toContain('unsafe-eval');
      expect(csp).toMatch(/script-src 'self'(;|$)/);
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('x-frame-options')).toBe('DENY');
    }
  });

  it('requires X-Toolsmith-Request: 1 on state-changing requests', async () => {
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) {
      const res = await server.request(
        method,
        '/api/presets',
        method === 'DELETE' ? undefined : { name: 'x' },
        {
          'x-toolsmith-request': undefined,
        },
      );
      expect(res.status).toBe(403);
      expect(res.body.code).toBe('csrf_header_missing');
      expect(res.body.error).toContain('X-Toolsmith-Request');
    }
    const wrong = await server.request('POST', '/api/presets', { name: 'x' }, { 'x-toolsmith-request': '0' });
    expect(wrong.status).toBe(403);
    expect(
      (await server.request('GET', '/api/presets', undefined, { 'x-toolsmith-request': undefined })).status,
    ).toBe(200);
    expect((await server.request('POST', '/api/presets', { name: 'with header' })).status).toBe(201);
  });

  it('refuses body types a cross-site form can send, and cross-site requests outside /api', async () => {
    for (const type of [
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
    ]) {
      const res = await server.request('POST', '/api/presets', 'name=x', { 'content-type': type });
      expect([type, res.status]).toEqual([type, 415]);
    }
    const crossSite = await server.request('POST', '/v1/chat/completions', '{}', {
      'x-toolsmith-request': undefined,
      'sec-fetch-site': 'cross-site',
    });
    expect(crossSite.status).toBe(403);
    // /v1 answers in OpenAI's error shape (the gateway's error handler)
    expect(crossSite.body.error.code).toBe('cross_site_request');
  });

  it('sends no CORS headers, even to a cross-origin preflight', async () => {
    const preflight = await fetch(`${server.url}/api/tools`, {
      method: 'OPTIONS',
      headers: {
        origin: 'https://evil.example',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'x-toolsmith-request',
      },
    });
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
    expect(preflight.headers.get('access-control-allow-headers')).toBeNull();
    const get = await server.request('GET', '/api/health', undefined, { origin: 'https://evil.example' });
    expect(get.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('caps request bodies with a 413 naming BODY_LIMIT', async () => {
    const res = await server.request('POST', '/api/presets', { name: 'x'.repeat(5000) });
    expect(res.status).toBe(413);
    expect(res.body.error).toContain('BODY_LIMIT');
  });

  it('treats an empty JSON body as no body and refuses prototype poisoning', async () => {
    const created = await server.request('POST', '/api/presets', { name: 'to delete' });
    const del = await server.request('DELETE', `/api/presets/${created.body.id}`, '', {
      'content-type': 'application/json',
    });
    expect(del.status).toBe(204);
    const poisoned = await server.request('POST', '/api/presets', '{"name":"p","__proto__":{"admin":true}}');
    expect(poisoned.status).toBe(400);
  });

  it('answers unknown API routes with a JSON 404', async () => {
    const res = await server.request('GET', '/api/nothing-here');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: 'No route for GET /api/nothing-here.' });
    const post = await server.request('POST', '/api/nothing-here', {});
    expect(post.status).toBe(404);
  });

  it('serves a page telling to run npm run build when the UI is not built', async () => {
    for (const path of ['/', '/chats/123']) {
      const res = await server.request('GET', path);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toContain('text/html');
      expect(res.body).toContain('npm run build');
    }
  });
});

describe('built web UI', () => {
  let server: TestServer;
  const dist = makeTempDir('toolsmith-dist-');
  beforeAll(async () => {
    mkdirSync(join(dist.dir, 'assets'));
    writeFileSync(
      join(dist.dir, 'index.html'),
      '<!doctype html><title>Toolsmith UI</title><div id="root"></div>',
    );
    writeFileSync(join(dist.dir, 'assets', 'app.js'), 'console.log("app")');
    server = await startTestServer({}, { webDistDir: dist.dir });
  });
  afterAll(async () => {
    await server.close();
    dist.remove();
  });

  it('serves files and falls back to index.html for client routes, not for API paths', async () => {
    const index = await server.request('GET', '/');
    expect(index.body).toContain('Toolsmith UI');
    const asset = await server.request('GET', '/assets/app.js');
    expect(asset.body).toContain('console.log');
    expect(asset.headers.get('content-type')).toContain('javascript');
    const route = await server.request('GET', '/tools/t_123/edit');
    expect(route.status).toBe(200);
    expect(route.body).toContain('Toolsmith UI');
    const missingAsset = await server.request('GET', '/assets/missing.js');
    expect(missingAsset.status).toBe(404);
    const api = await server.request('GET', '/api/unknown');
    expect(api.status).toBe(404);
    expect(api.body.error).toContain('/api/unknown');
  });
});
