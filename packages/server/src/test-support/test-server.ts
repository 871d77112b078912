import type { FastifyInstance } from 'fastify';
import { type AppDeps, buildApp } from '../app/build-app.js';
import { parseConfig, type ServerConfig } from '../config/config.js';
import { makeTempDir } from './temp-dir.js';

export interface TestServer {
  app: FastifyInstance;
  url: string;
  config: ServerConfig;
  dataDir: string;
  /** real HTTP to the server on 127.0.0.1; JSON in and out; sends the CSRF header unless told not to */
  request(
    method: string,
    path: string,
    body?: unknown,
    headers?: Record<string, string | undefined>,
  ): Promise<{ status: number; body: any; headers: Headers }>;
  close(): Promise<void>;
}

/** A server on 127.0.0.1, port 0, with a fresh DATA_DIR; env values as in a real environment. */
export async function startTestServer(
  env: Record<string, string> = {},
  deps: AppDeps & { webDistDir?: string } = {},
): Promise<TestServer> {
  const temp = makeTempDir();
  const config = parseConfig({ PORT: '0', LOG_LEVEL: 'silent', DATA_DIR: temp.dir, ...env });
  const app = await buildApp(config, { webDistDir: temp.dir, ...deps });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  return {
    app,
    url,
    config,
    dataDir: temp.dir,
    async request(method, path, body, headers = {}) {
      const allHeaders: Record<string, string> = { 'x-toolsmith-request': '1' };
      if (body !== undefined) allHeaders['content-type'] = 'application/json';
      for (const [k, v] of Object.entries(headers)) {
        if (v === undefined) delete allHeaders[k.toLowerCase()];
        else allHeaders[k.toLowerCase()] = v;
      }
      const response = await fetch(url + path, {
        method,
        headers: allHeaders,
        body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
      });
      const text = await response.text();
      let parsed: unknown = text;
      if ((response.headers.get('content-type') ?? '').includes('application/json') && text !== '') {
        parsed = JSON.parse(text);
      }
      return { status: response.status, body: parsed, headers: response.headers };
    },
    async close() {
      await app.close();
      temp.remove();
    },
  };
}
