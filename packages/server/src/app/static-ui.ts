import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/** packages/web/dist of this repository, found from this file in both src/ (tests) and dist/ (built). */
const REPOSITORY_WEB_DIST = fileURLToPath(new URL('../../../web/dist', import.meta.url));
/** The UI shipped inside the installed @toolsmith/server package (copied there when it is packed). */
const PACKAGED_UI = fileURLToPath(new URL('../../ui', import.meta.url));

/** In the repository the fresh web build wins; an installed package serves the UI it ships. */
export const DEFAULT_WEB_DIST_DIR = existsSync(join(REPOSITORY_WEB_DIST, 'index.html'))
  ? REPOSITORY_WEB_DIST
  : PACKAGED_UI;

const NOT_BUILT_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Toolsmith</title></head>
<body><h1>Toolsmith server is running</h1>
<p>The web UI is not built yet. Run <code>npm run build</code> (or <code>npm start</code>) in the repository, then reload this page.</p>
<p>The API is available under <code>/api</code>, for example <a href="/api/health">/api/health</a>.</p>
</body></html>
`;

/** Vite's hashed output: assets/NAME-HASH.ext, also as the precompressed NAME-HASH.ext.br or .gz */
const HASHED_ASSET = /[\\/]assets[\\/][^\\/]+-[\w-]{8,}(\.\w+)+$/;
const IMMUTABLE = 'public, max-age=31536000, immutable';

const isApiPath = (url: string) => url.startsWith('/api/') || url === '/api' || url.startsWith('/v1/');

/**
 * Serves the built web UI with an SPA fallback: unknown non-API GET paths get index.html so client-side
 * routes survive a reload. API paths always get a JSON 404.
 */
export async function registerStaticUi(app: FastifyInstance, distDir: string): Promise<void> {
  const built = existsSync(join(distDir, 'index.html'));
  if (built) {
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: true,
      index: 'index.html',
      // the web build writes NAME.br and NAME.gz next to each asset (scripts/precompress.mjs)
      preCompressed: true,
      cacheControl: false,
      setHeaders(res, path) {
        // Vite names assets by their content hash: a changed file gets a new name, so they never go stale.
        // index.html names the current ones and must be asked for again every time.
        res.setHeader('Cache-Control', HASHED_ASSET.test(path) ? IMMUTABLE : 'no-cache');
      },
    });
  } else {
    app.get('/', async (_request, reply) => reply.type('text/html; charset=utf-8').send(NOT_BUILT_PAGE));
  }
  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?')[0];
    if (isApiPath(path) || (request.method !== 'GET' && request.method !== 'HEAD')) {
      return reply.code(404).send({ error: `No route for ${request.method} ${path}.` });
    }
    if (!built) return reply.code(200).type('text/html; charset=utf-8').send(NOT_BUILT_PAGE);
    // A missing asset is a real 404; only route-like paths fall back to the app shell.
    if (/\.[A-Za-z0-9]+$/.test(path)) return reply.code(404).type('text/plain').send('Not found');
    return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
  });
}
