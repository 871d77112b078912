import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { strToU8, unzipSync, zipSync } from 'fflate';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_FILE_NAME } from '../storage/sqlite/database.js';
import type { ToolInput } from '../storage/types.js';
import { startTestServer, type TestServer } from '../test-support/test-server.js';
import { IMPORT_BODY_LIMIT, MSG_IMPORT_MEDIA_TYPE, MSG_IMPORT_TOO_LARGE } from './tools-transfer.js';

const base: Omit<ToolInput, 'name' | 'kind'> = {
  displayName: '',
  description: 'A test tool.',
  parameters: { type: 'object', properties: {} },
  mode: 'read',
  body: '',
  simulateBody: '',
  staticResult: '',
  webhookUrl: '',
  includeHiddenContext: false,
  enabled: true,
};

const staticInput = (name: string, extra: Partial<ToolInput> = {}): ToolInput => ({
  ...base,
  name,
  kind: 'static',
  staticResult: `${name} result`,
  ...extra,
});

/** Raw bytes to the import route, as a browser upload or the CLI sends them. */
async function upload(
  server: TestServer,
  bytes: Uint8Array | string,
  contentType: string,
  headers: Record<string, string> = {},
) {
  const response = await fetch(`${server.url}/api/tools/import`, {
    method: 'POST',
    headers: { 'x-toolsmith-request': '1', 'content-type': contentType, ...headers },
    body: typeof bytes === 'string' ? bytes : Buffer.from(bytes),
  });
  return { status: response.status, body: (await response.json()) as any };
}

const json = (value: unknown) => strToU8(JSON.stringify(value));

/** The stored tools without the columns an import cannot keep (ids, order, timestamps). */
async function portable(server: TestServer) {
  const tools = await server.app.toolsmith.storage.tools.list();
  return tools.map(({ id: _i, order: _o, createdAt: _c, updatedAt: _u, ...rest }) => rest);
}

describe('tools export and import', () => {
  let source: TestServer;
  let target: TestServer;
  beforeAll(async () => {
    [source, target] = await Promise.all([startTestServer(), startTestServer()]);
  });
  afterAll(async () => {
    await Promise.all([source.close(), target.close()]);
  });
  afterEach(async () => {
    for (const server of [source, target]) {
      for (const tool of await server.app.toolsmith.storage.tools.list()) {
        await server.app.toolsmith.storage.tools.delete(tool.id);
      }
    }
  });

  it('an entry that is no known tool is reported as skipped, never stored as an empty static tool', async () => {
    const { status, body } = await upload(
      target,
      json([
        { name: 'mystery', description: 'What am I?', colour: 'blue' },
        { name: 'odd_kind', kind: 'telepathy', description: 'Unknown kind.' },
        {
          name: 'no_kind_hook',
          description: 'A webhook without a kind.',
          webhookUrl: 'https://hooks.example.com/x',
        },
        { name: 'fine', kind: 'static', description: 'Known.', staticResult: 'ok' },
      ]),
      'application/json',
    );
    expect(status).toBe(200);
    expect(body.imported).toBe(2);
    expect(body.skipped).toEqual([
      {
        name: 'mystery',
        reason:
          'Not recognised as a tool: it has no "kind", no body, static result or webhook URL (keys: name, description, colour). Give it "kind": "static", "webhook" or "script" with its content.',
      },
      { name: 'odd_kind', reason: expect.stringContaining('an unknown kind "telepathy"') },
    ]);
    const stored = await target.app.toolsmith.storage.tools.list();
    expect(stored.map((t) => [t.name, t.kind]).sort()).toEqual([
      ['fine', 'static'],
      ['no_kind_hook', 'webhook'],
    ]);
  });

  it('round trip: a ZIP export imports into a fresh server as the same tools', async () => {
    const tools = source.app.toolsmith.storage.tools;
    await tools.create(
      staticInput('store_hours', {
        displayName: 'Store hours',
        parameters: { type: 'object', properties: { day: { type: 'string', enum: ['mon', 'tue'] } } },
      }),
    );
    await tools.create(staticInput('closed_sign', { enabled: false, staticResult: '' }));
    // Stored disabled with hidden context off already, so the import's safety rule changes nothing.
    await tools.create({
      ...base,
      name: 'lookup',
      kind: 'webhook',
      mode: 'write',
      webhookUrl: 'https://hooks.example.com:8443/lookup?x=1',
      enabled: false,
    });
    await tools.create({
      ...base,
      name: 'add_item',
      kind: 'script',
      mode: 'write',
      body: 'return { added: args.item };',
      simulateBody: 'return { wouldAdd: args.item };',
      parameters: { type: 'object', properties: { item: { type: 'string' } }, required: ['item'] },
      enabled: false,
    });

    const response = await fetch(`${source.url}/api/tools/export`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/zip');
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="toolsmith-tools.zip"');
    const zip = new Uint8Array(await response.arrayBuffer());
    expect(Object.keys(unzipSync(zip)).sort()).toEqual([
      'tools/add_item/parameters.schema.json',
      'tools/add_item/script.js',
      'tools/add_item/simulate.js',
      'tools/add_item/tool.json',
      'tools/closed_sign/parameters.schema.json',
      'tools/closed_sign/tool.json',
      'tools/lookup/parameters.schema.json',
      'tools/lookup/tool.json',
      'tools/store_hours/parameters.schema.json',
      'tools/store_hours/tool.json',
      'toolsmith-tools.json',
    ]);

    const imported = await upload(target, zip, 'application/zip');
    expect(imported.status).toBe(200);
    expect(imported.body).toMatchObject({ imported: 4, skipped: [] });
    expect(imported.body.review.map((r: any) => r.name)).toEqual(['lookup', 'add_item']);
    expect(await portable(target)).toEqual(await portable(source));
    // the order of the export is kept
    expect((await target.request('GET', '/api/tools')).body.tools.map((t: any) => t.name)).toEqual([
      'store_hours',
      'closed_sign',
      'lookup',
      'add_item',
    ]);
  });

  it('exports one tool as a JSON attachment that imports back; 404 for an unknown id', async () => {
    const tool = await source.app.toolsmith.storage.tools.create(staticInput('store_hours'));
    const response = await fetch(`${source.url}/api/tools/${tool.id}/export`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('application/json');
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="store_hours.tool.json"');
    const text = await response.text();
    expect(JSON.parse(text)).toMatchObject({
      kind: 'toolsmith.tool',
      version: 1,
      tool: { name: 'store_hours', staticResult: 'store_hours result' },
    });
    expect(text).not.toContain(tool.id);

    const imported = await upload(target, text, 'application/json');
    expect(imported.body).toEqual({ imported: 1, skipped: [], renamed: [], review: [] });
    expect(await portable(target)).toEqual(await portable(source));

    const missing = await source.request('GET', '/api/tools/t_missing/export');
    expect(missing.status).toBe(404);
    expect(missing.body.error).toBe('No tool with id "t_missing".');
  });

  it('stores imported webhook and script tools disabled, hidden context off, with a review entry each', async () => {
    const file = {
      kind: 'toolsmith.tools',
      tools: [
        { name: 'greet', description: 'Greets.', kind: 'static', staticResult: 'hi', enabled: false },
        {
          name: 'hook',
          description: 'Calls a hook.',
          kind: 'webhook',
          webhookUrl: 'https://user:pa55@hooks.example.com:8443/secret/path?token=abc',
          includeHiddenContext: true,
          enabled: true,
        },
        { name: 'calc', description: 'Adds.', kind: 'script', body: 'return 1;', enabled: true },
      ],
    };
    const imported = await upload(target, json(file), 'application/json');
    expect(imported.status).toBe(200);
    expect(imported.body).toEqual({
      imported: 3,
      skipped: [],
      renamed: [],
      review: [
        {
          name: 'hook',
          kind: 'webhook',
          origin: 'https://hooks.example.com:8443',
          requestedEnabled: true,
          requestedHiddenContext: true,
          requestedFetch: false,
        },
        {
          name: 'calc',
          kind: 'script',
          origin: null,
          requestedEnabled: true,
          requestedHiddenContext: false,
          requestedFetch: false,
        },
      ],
    });
    expect(JSON.stringify(imported.body)).not.toMatch(/pa55|secret|token/);
    const stored = await portable(target);
    expect(stored.map((t) => [t.name, t.enabled, t.includeHiddenContext])).toEqual([
      ['greet', false, false],
      ['hook', false, false],
      ['calc', false, false],
    ]);
    // the URL itself is kept as written: the review shows only its origin
    expect(stored[1].webhookUrl).toBe('https://user:pa55@hooks.example.com:8443/secret/path?token=abc');
  });

  it("skips names that already exist, renames builtin names (ours and Marinara's), imports the rest", async () => {
    await target.app.toolsmith.storage.tools.create(staticInput('store_hours'));
    const file = [
      { name: 'store_hours', description: 'Again.', kind: 'static', staticResult: 'x' },
      { name: 'roll_dice', description: 'Mine.', kind: 'static', staticResult: 'x' },
      { name: 'fresh', description: 'New.', kind: 'static', staticResult: 'x' },
      { name: '9bad', description: 'Bad name.', kind: 'static' },
      { name: 'update_game_state', description: "Marinara's name.", kind: 'static', staticResult: 'g' },
    ];
    const imported = await upload(target, json(file), 'application/json');
    expect(imported.status).toBe(200);
    expect(imported.body.imported).toBe(3);
    expect(imported.body.skipped).toEqual([
      { name: 'store_hours', reason: 'A tool named "store_hours" already exists.' },
      { name: '9bad', reason: expect.stringContaining('name') },
    ]);
    expect(imported.body.renamed).toEqual([
      {
        from: 'roll_dice',
        to: 'roll_dice_custom',
        reason:
          '"roll_dice" is a reserved built-in tool name. Imported as "roll_dice_custom"; rename it in the editor if you prefer another name.',
      },
      {
        from: 'update_game_state',
        to: 'update_game_state_custom',
        reason: expect.stringContaining('"update_game_state" is a reserved built-in tool name.'),
      },
    ]);
    expect((await portable(target)).map((t) => [t.name, t.staticResult])).toEqual([
      ['store_hours', 'store_hours result'],
      ['roll_dice_custom', 'x'],
      ['fresh', 'x'],
      ['update_game_state_custom', 'g'],
    ]);
  });

  it("imports Marinara's marinara-functions.json and its function-folder ZIP", async () => {
    const functionsFile = {
      kind: 'marinara.function-folder',
      version: 1,
      functions: [
        {
          path: 'Function Calls/roll/manifest.json',
          manifest: {
            kind: 'marinara.function',
            version: 1,
            config: {
              name: 'roll_fate',
              description: 'Roll fate dice',
              parametersSchema: '{"type":"object","properties":{"n":{"type":"integer"}}}',
              executionType: 'script',
              scriptBody: 'return 4;',
              includeHiddenContext: true,
              enabled: true,
            },
          },
        },
        { name: 'greeting', description: 'Say hi', executionType: 'static', staticResult: 'hi' },
      ],
    };
    const fromJson = await upload(target, json(functionsFile), 'application/json');
    expect(fromJson.body).toMatchObject({
      imported: 2,
      review: [{ name: 'roll_fate', kind: 'script', requestedHiddenContext: true }],
    });

    const manifest = {
      kind: 'marinara.function',
      version: 1,
      config: {
        name: 'weather',
        description: 'Weather for a city',
        parametersSchemaPath: 'parameters.schema.json',
        executionType: 'webhook',
        webhookUrl: 'https://api.example.org/weather',
        enabled: true,
      },
    };
    const zip = zipSync({
      'Function Calls/weather/manifest.json': json(manifest),
      'Function Calls/weather/parameters.schema.json': json({
        type: 'object',
        properties: { city: { type: 'string' } },
      }),
    });
    const fromZip = await upload(target, zip, 'application/octet-stream');
    expect(fromZip.body).toMatchObject({
      imported: 1,
      review: [{ name: 'weather', kind: 'webhook', origin: 'https://api.example.org' }],
    });
    const stored = await portable(target);
    expect(stored.map((t) => [t.name, t.kind, t.mode, t.enabled])).toEqual([
      ['roll_fate', 'script', 'write', false],
      ['greeting', 'static', 'read', true],
      ['weather', 'webhook', 'write', false],
    ]);
    expect(stored[0]).toMatchObject({
      body: 'return 4;',
      parameters: { properties: { n: { type: 'integer' } } },
    });
    expect(stored[2].parameters).toEqual({ type: 'object', properties: { city: { type: 'string' } } });
  });

  it('imports the customTools of a Luker profile as disabled script tools', async () => {
    const profile = {
      presetLibraries: {
        loop: {
          p1: { customTools: [{ name: 'note_it', description: 'Note', mode: 'read', body: 'return 1;' }] },
        },
        spec: {
          p2: {
            spec: {
              customTools: [
                { name: 'mutate', description: 'M', body: 'return 2;', simulateBody: 'return 0;' },
              ],
            },
          },
        },
      },
    };
    const imported = await upload(target, json(profile), 'application/json');
    expect(imported.body.imported).toBe(2);
    expect(imported.body.review.map((r: any) => [r.name, r.kind, r.requestedEnabled])).toEqual([
      ['note_it', 'script', true],
      ['mutate', 'script', true],
    ]);
    expect((await portable(target)).map((t) => [t.name, t.mode, t.simulateBody, t.enabled])).toEqual([
      ['note_it', 'read', '', false],
      ['mutate', 'write', 'return 0;', false],
    ]);
  });

  it('refuses every malformed file with 400/413 and a message naming the problem, storing nothing', async () => {
    const cases: Array<[string, Uint8Array | string, string, number, RegExp | string]> = [
      ['not JSON', '{oops', 'application/json', 400, /not valid JSON/],
      ['empty', '', 'application/json', 400, 'The file is empty.'],
      ['no tools', json({ hello: 1 }), 'application/json', 400, /No tools found/],
      [
        'ZIP bomb',
        zipSync({ 'a.json': new Uint8Array(12 * 1024 * 1024) }, { level: 9 }),
        'application/zip',
        413,
        /compression ratio|more than 20 MiB|larger than 1 MiB/,
      ],
      [
        'traversal',
        zipSync({ '../evil.json': json([{ name: 'evil', description: 'x', kind: 'static' }]) }),
        'application/zip',
        400,
        /"\.\.\/evil\.json" points outside the archive/,
      ],
      [
        'absolute path',
        zipSync({ '/etc/evil.json': json([]) }),
        'application/zip',
        400,
        /"\/etc\/evil\.json" has an absolute path/,
      ],
      [
        'too many entries',
        zipSync(Object.fromEntries(Array.from({ length: 1001 }, (_, i) => [`f${i}.json`, json({})])), {
          level: 0,
        }),
        'application/zip',
        413,
        /more than 1000 entries/,
      ],
      [
        'entry over 1 MiB',
        zipSync({ 'a.json': new Uint8Array(1024 * 1024 + 1).fill(32) }, { level: 0 }),
        'application/zip',
        413,
        /"a\.json" is larger than 1 MiB uncompressed/,
      ],
      [
        'not a ZIP inside',
        new Uint8Array([0x50, 0x4b, 0x03, 0x04, 9, 9, 9, 9]),
        'application/zip',
        400,
        /archive/,
      ],
    ];
    for (const [label, bytes, type, status, message] of cases) {
      const res = await upload(target, bytes, type);
      expect({ label, status: res.status }).toEqual({ label, status });
      expect(res.body.code).toBe('import_refused');
      if (typeof message === 'string') expect(res.body.error).toBe(message);
      else expect(res.body.error).toMatch(message);
    }
    expect(await portable(target)).toEqual([]);
  });

  it('refuses a body over 10 MiB with 413 and an unknown content type with 415', async () => {
    const huge = new Uint8Array(IMPORT_BODY_LIMIT + 1);
    huge.set([0x50, 0x4b, 0x03, 0x04]);
    const tooLarge = await upload(target, huge, 'application/zip');
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.body).toEqual({ error: MSG_IMPORT_TOO_LARGE, code: 'import_too_large' });
    const wrongType = await upload(target, 'name: x', 'text/yaml');
    expect(wrongType.status).toBe(415);
    expect(wrongType.body).toEqual({ error: MSG_IMPORT_MEDIA_TYPE, code: 'import_media_type' });
    // other routes keep the normal JSON parser and body limit
    const create = await target.request('POST', '/api/tools', {
      name: 'after',
      description: 'Still works.',
      kind: 'static',
    });
    expect(create.status).toBe(201);
  });

  it('a failure mid-way through storing leaves the database as it was', async () => {
    await target.app.toolsmith.storage.tools.create(staticInput('kept'));
    // A trigger in the real database makes the second insert of the file fail inside the transaction.
    const db = new BetterSqlite3(join(target.dataDir, DATABASE_FILE_NAME));
    db.exec(`CREATE TRIGGER fail_second BEFORE INSERT ON tools WHEN NEW.name = 'second'
             BEGIN SELECT RAISE(ABORT, 'injected failure'); END`);
    try {
      const file = ['first', 'second', 'third'].map((name) => ({
        name,
        description: 'x',
        kind: 'static',
        staticResult: name,
      }));
      const res = await upload(target, json(file), 'application/json');
      expect(res.status).toBe(500);
      expect(res.body.error).toMatch(/nothing was stored/);
      expect((await portable(target)).map((t) => t.name)).toEqual(['kept']);
      const count = db.prepare('SELECT COUNT(*) AS n FROM tools').get() as { n: number };
      expect(count.n).toBe(1);
    } finally {
      db.exec('DROP TRIGGER fail_second');
      db.close();
    }
    // the same file goes in once the fault is gone
    const again = await upload(
      target,
      json([{ name: 'first', description: 'x', kind: 'static' }]),
      'application/json',
    );
    expect(again.body.imported).toBe(1);
  });
});

describe('tools import is privileged', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ ADMIN_SECRET: 'correct-horse-battery' });
  });
  afterAll(() => server.close());

  const file = JSON.stringify([{ name: 'remote_tool', description: 'x', kind: 'static' }]);
  const inject = (headers: Record<string, string>) =>
    server.app.inject({
      method: 'POST',
      url: '/api/tools/import',
      remoteAddress: '203.0.113.7',
      headers: { 'content-type': 'application/json', 'x-toolsmith-request': '1', ...headers },
      payload: file,
    });

  it('needs X-Admin-Secret from a non-loopback client and the CSRF header from everyone', async () => {
    const without = await inject({});
    expect(without.statusCode).toBe(401);
    expect(without.json()).toMatchObject({ code: 'admin_secret_required' });
    const wrong = await inject({ 'x-admin-secret': 'wrong-secret-value' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toMatchObject({ code: 'admin_secret_invalid' });
    expect(await server.app.toolsmith.storage.tools.list()).toEqual([]);
    const right = await inject({ 'x-admin-secret': 'correct-horse-battery' });
    expect(right.statusCode).toBe(200);
    expect(right.json()).toMatchObject({ imported: 1 });

    const noCsrf = await fetch(`${server.url}/api/tools/import`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: file,
    });
    expect(noCsrf.status).toBe(403);
    expect(await noCsrf.json()).toMatchObject({ code: 'csrf_header_missing' });
  });
});
