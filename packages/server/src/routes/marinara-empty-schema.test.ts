// Issue 17.3: Marinara stores `parametersSchema: {}` by default and reads it (and any schema without `type`)
// as the empty object schema. Such tools import, save and dry-run here as well.
import { strToU8, zipSync } from 'fflate';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test-support/test-server.js';

const EMPTY = { type: 'object', properties: {} };
const json = (value: unknown) => strToU8(JSON.stringify(value));

async function upload(server: TestServer, bytes: Uint8Array, contentType: string) {
  const response = await fetch(`${server.url}/api/tools/import`, {
    method: 'POST',
    headers: { 'x-toolsmith-request': '1', 'content-type': contentType },
    body: Buffer.from(bytes),
  });
  return { status: response.status, body: (await response.json()) as any };
}

/** Marinara's per-tool file: `{ kind: "marinara.function", version: 1, config: {...} }`. */
const marinaraFunction = (config: Record<string, unknown>) => ({
  kind: 'marinara.function',
  version: 1,
  config: { includeHiddenContext: false, enabled: true, ...config },
});

describe("Marinara's empty parameter schemas", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ CUSTOM_TOOL_SCRIPT_ENABLED: 'true' });
  });
  afterAll(() => server.close());
  afterEach(async () => {
    for (const tool of await server.app.toolsmith.storage.tools.list())
      await server.app.toolsmith.storage.tools.delete(tool.id);
  });

  const stored = async (name: string) =>
    (await server.app.toolsmith.storage.tools.list()).find((t) => t.name === name);

  it('imports a per-tool file whose parametersSchema is {} as a tool without parameters', async () => {
    const file = marinaraFunction({
      name: 'coin_flip',
      description: 'Flip a coin',
      parametersSchema: {},
      executionType: 'static',
      staticResult: 'heads',
    });
    const { status, body } = await upload(server, json(file), 'application/json');
    expect(status).toBe(200);
    expect(body).toMatchObject({ imported: 1, skipped: [] });
    expect((await stored('coin_flip'))?.parameters).toEqual(EMPTY);
  });

  it('imports a folder ZIP whose parameters.schema.json is {} and the older bulk file with text schemas', async () => {
    const manifest = marinaraFunction({
      name: 'lantern',
      description: 'Light the lantern',
      parametersSchemaPath: 'parameters.schema.json',
      executionType: 'script',
      scriptBody: 'return "lit";',
    });
    const zip = zipSync({
      'marinara-functions.json': json({
        kind: 'marinara.function-folder',
        version: 1,
        functions: [{ path: 'Function Calls/lantern/manifest.json', manifest }],
      }),
      'Function Calls/lantern/manifest.json': json(manifest),
      'Function Calls/lantern/parameters.schema.json': json({}),
    });
    const zipped = await upload(server, zip, 'application/zip');
    expect(zipped.body).toMatchObject({ imported: 1, skipped: [] });
    expect((await stored('lantern'))?.parameters).toEqual(EMPTY);

    // the older bulk export: a `functions` list of configs, schemas as JSON text, one without "type"
    const bulk = {
      functions: [
        {
          name: 'weather',
          description: 'Weather for a city',
          parametersSchema: '{"properties":{"city":{"type":"string"}},"required":["city"]}',
          executionType: 'static',
          staticResult: 'Sunny',
        },
        { name: 'shrug', description: 'Shrug', parametersSchema: '{}', executionType: 'static' },
      ],
    };
    const listed = await upload(server, json(bulk), 'application/json');
    expect(listed.body).toMatchObject({ imported: 2, skipped: [] });
    expect((await stored('weather'))?.parameters).toEqual({
      type: 'object',
      properties: { city: { type: 'string' } },
      required: ['city'],
    });
    expect((await stored('shrug'))?.parameters).toEqual(EMPTY);
  });

  it('saves {} and a schema without type through the tools API, and dry-runs an unsaved tool with {}', async () => {
    const created = await server.request('POST', '/api/tools', {
      name: 'hello',
      description: 'Say hello',
      kind: 'static',
      staticResult: 'hi',
      parameters: {},
    });
    expect(created.status).toBe(201);
    expect(created.body.parameters).toEqual(EMPTY);

    const patched = await server.request('PATCH', `/api/tools/${created.body.id}`, {
      parameters: { properties: { who: { type: 'string' } } },
    });
    expect(patched.status).toBe(200);
    expect(patched.body.parameters).toEqual({ type: 'object', properties: { who: { type: 'string' } } });

    // another root type is still refused, naming the field
    const refused = await server.request('PATCH', `/api/tools/${created.body.id}`, {
      parameters: { type: 'string' },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.details).toContainEqual(expect.objectContaining({ field: 'parameters' }));

    const dry = await server.request('POST', '/api/tools/dry-run', {
      kind: 'script',
      body: 'return Object.keys(args).length;',
      parameters: {},
      args: {},
    });
    expect(dry.body).toMatchObject({ ok: true, result: 0 });
  });
});
