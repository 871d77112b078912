// Route schemas compile on a route's first request instead of at start (route-schema-compilers.ts). These
// check that nothing else changed: every route answers a bad body exactly as with Fastify's eager compilers,
// a response schema still drops what it does not list, and every schema compiles (the eager build, which
// would otherwise only fail on some route's first request).
import type { FastifyPluginAsync } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseConfig } from '../config/config.js';
import { allRoutes } from '../test-support/route-list.js';
import { makeTempDir } from '../test-support/temp-dir.js';
import { startTestServer, type TestServer } from '../test-support/test-server.js';
import { buildApp } from './build-app.js';

/** A route with a body and a response schema, to see both compilers at work. */
const probeRoute: FastifyPluginAsync = async (app) => {
  app.post(
    '/test/probe',
    {
      schema: {
        body: {
          type: 'object',
          properties: { title: { type: 'string', minLength: 1 } },
          required: ['title'],
          additionalProperties: false,
        },
        response: { 200: { type: 'object', properties: { title: { type: 'string' } } } },
      },
    },
    async (request) => ({ ...(request.body as object), secret: 'never sent' }),
  );
};

let lazy: TestServer;
let eager: TestServer;
beforeAll(async () => {
  lazy = await startTestServer({}, { routes: [probeRoute] });
  eager = await startTestServer({}, { routes: [probeRoute], eagerRouteSchemas: true });
});
afterAll(async () => {
  await lazy?.close();
  await eager?.close();
});

describe('route schemas compiled on first use', () => {
  it('validate a body on its first request and every one after, naming the field', async () => {
    for (let round = 0; round < 2; round++) {
      const bad = await lazy.request('POST', '/test/probe', { title: '', extra: 1 });
      expect(bad.status).toBe(400);
      expect(bad.body.details.map((d: { field: string }) => d.field).sort()).toEqual(['extra', 'title']);
      const good = await lazy.request('POST', '/test/probe', { title: 'Harbour' });
      expect([good.status, good.body]).toEqual([200, { title: 'Harbour' }]);
    }
  });

  it('answer every route that takes a body exactly as the eager compilers do', async () => {
    const routes = allRoutes(lazy.app).filter(([m]) => ['POST', 'PUT', 'PATCH'].includes(m));
    expect(routes.length).toBeGreaterThan(30);
    let refused = 0;
    for (const [method, path] of routes) {
      for (const body of [[], { name: 5, title: [], id: {} }, 'not json']) {
        const a = await lazy.request(method, path, body);
        const b = await eager.request(method, path, body);
        expect([method, path, a.status]).toEqual([method, path, b.status]);
        if (b.status === 400) {
          refused++;
          expect([method, path, a.body]).toEqual([method, path, b.body]);
        }
      }
    }
    // most bodies above are wrong for most routes: the comparison covered the validators
    expect(refused).toBeGreaterThan(routes.length);
  });
});

describe('eager compilers (the check that every schema compiles)', () => {
  it('build every route schema of the app at start', async () => {
    expect(allRoutes(eager.app).length).toBeGreaterThan(100);
    const res = await eager.request('POST', '/test/probe', { title: 'Harbour' });
    expect([res.status, res.body]).toEqual([200, { title: 'Harbour' }]);
  });

  it('refuse to start with a schema that does not compile, naming the route', async () => {
    const broken: FastifyPluginAsync = async (app) => {
      app.post('/test/broken', { schema: { body: { type: 'nonsense' } } }, async () => ({}));
    };
    const temp = makeTempDir();
    const config = parseConfig({ PORT: '0', LOG_LEVEL: 'silent', DATA_DIR: temp.dir });
    const app = await buildApp(config, { webDistDir: temp.dir, routes: [broken], eagerRouteSchemas: true });
    try {
      await expect(app.ready()).rejects.toThrow(/POST: \/test\/broken/);
    } finally {
      await app.close().catch(() => {});
      temp.remove();
    }
  });
});
