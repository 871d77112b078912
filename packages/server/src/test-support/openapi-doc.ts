// The route-schema tests' common start: a test server for the file and its /api/openapi.json, read once.

import { afterAll, beforeAll } from 'vitest';
import { startTestServer, type TestServer } from './test-server.js';

/** Starts a test server before the file's tests (and closes it after); `doc` is its OpenAPI document. */
export function serverWithOpenApiForFile(env?: Parameters<typeof startTestServer>[0]): {
  readonly server: TestServer;
  readonly doc: any;
} {
  let server: TestServer | undefined;
  let doc: any;
  beforeAll(async () => {
    server = await startTestServer(env);
    doc = (await server.request('GET', '/api/openapi.json')).body;
  });
  afterAll(() => server?.close());
  return {
    get server() {
      if (!server) throw new Error('The test server starts in beforeAll: read it inside a test.');
      return server;
    },
    get doc() {
      return doc;
    },
  };
}

/** The JSON schema of a request body or a response in the OpenAPI document. */
export const jsonSchemaOf = (part: any) => part.content['application/json'].schema;
