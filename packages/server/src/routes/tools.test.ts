import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test-support/test-server.js';
import { MSG_SCRIPTS_DISABLED } from './tool-input.js';

const staticTool = (name: string, extra: Record<string, unknown> = {}) => ({
  name,
  description: `The ${name} tool.`,
  kind: 'static',
  staticResult: 'fixed',
  ...extra,
});

describe('tools API (scripts disabled)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());
  beforeEach(async () => {
    for (const t of (await server.request('GET', '/api/tools')).body.tools) {
      await server.request('DELETE', `/api/tools/${t.id}`);
    }
  });

  it('reports capabilities from the configuration', async () => {
    const res = await server.request('GET', '/api/tools/capabilities');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      scriptExecutionEnabled: false,
      localWebhooksEnabled: false,
      timeoutMs: 60000,
      maxRounds: 10,
    });
  });

  it('creates, reads, lists and deletes a tool', async () => {
    const created = await server.request(
      'POST',
      '/api/tools',
      staticTool('store_hours', { displayName: 'Store hours' }),
    );
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      name: 'store_hours',
      displayName: 'Store hours',
      kind: 'static',
      mode: 'read',
      enabled: true,
      includeHiddenContext: false,
      order: 0,
      parameters: { type: 'object', properties: {} },
    });
    expect(created.body.id).toMatch(/^t_/);
    expect(created.body).not.toHaveProperty('scope');
    const got = await server.request('GET', `/api/tools/${created.body.id}`);
    expect(got.body).toEqual(created.body);
    const list = await server.request('GET', '/api/tools');
    expect(list.body.tools.map((t: any) => t.name)).toEqual(['store_hours']);
    expect(list.body.builtin.map((b: any) => b.name)).toEqual([
      'get_current_time',
      'roll_dice',
      'search_lorebook',
      'lorebook_force_activate',
      'get_variable',
      'set_variable',
      'web_search',
      'web_visit',
    ]);
    expect(list.body.builtin[0]).toMatchObject({ kind: 'native', enabled: true, mode: 'read' });
    const deleted = await server.request('DELETE', `/api/tools/${created.body.id}`);
    expect(deleted.status).toBe(204);
    expect((await server.request('GET', `/api/tools/${created.body.id}`)).status).toBe(404);
  });

  it('answers 404 for unknown ids on every id route', async () => {
    for (const [method, body] of [
      ['GET', undefined],
      ['PATCH', { description: 'x' }],
      ['DELETE', undefined],
    ] as const) {
      const res = await server.request(method, '/api/tools/t_missing', body);
      expect(res.status).toBe(404);
      expect(res.body.error).toBe('No tool with id "t_missing".');
    }
  });

  it("409s Marinara Engine's builtin names too, naming the field and suggesting a free name", async () => {
    await server.request('POST', '/api/tools', staticTool('spotify_play_custom'));
    for (const name of [
      'update_game_state',
      'set_expression',
      'spotify_play',
      'update_about_me',
      'web_search',
    ]) {
      const res = await server.request('POST', '/api/tools', staticTool(name));
      expect(res.status, name).toBe(409);
      expect(res.body.code).toBe('reserved_name');
      expect(res.body.error).toBe(`"${name}" is a reserved built-in tool name.`);
    }
    const taken = await server.request('POST', '/api/tools', staticTool('spotify_play'));
    expect(taken.body.suggestedName).toBe('spotify_play_custom_2');
    expect(taken.body.details).toEqual([
      {
        field: 'name',
        message:
          '"spotify_play" is a reserved built-in tool name. Rename it (the name field), e.g. to "spotify_play_custom_2".',
      },
    ]);
    const mine = await server.request('POST', '/api/tools', staticTool('my_scene'));
    const rename = await server.request('PATCH', `/api/tools/${mine.body.id}`, { name: 'trigger_event' });
    expect(rename.status).toBe(409);
    expect(rename.body.suggestedName).toBe('trigger_event_custom');
    expect((await server.request('GET', `/api/tools/${mine.body.id}`)).body.name).toBe('my_scene');
  });

  it('keeps a tool stored before its name was reserved editable under that name', async () => {
    const old = await server.app.toolsmith.storage.tools.create({
      name: 'read_chat_summary',
      displayName: '',
      description: 'Stored before Marinara names were reserved.',
      parameters: { type: 'object', properties: {} },
      mode: 'read',
      kind: 'static',
      body: '',
      simulateBody: '',
      staticResult: 'old',
      webhookUrl: '',
      includeHiddenContext: false,
      enabled: true,
    });
    const edited = await server.request('PATCH', `/api/tools/${old.id}`, { staticResult: 'new' });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ name: 'read_chat_summary', staticResult: 'new' });
  });

  it('409s a duplicate name and a reserved built-in name with the exact messages', async () => {
    await server.request('POST', '/api/tools', staticTool('dup_me'));
    const dup = await server.request('POST', '/api/tools', staticTool('dup_me'));
    expect(dup.status).toBe(409);
    expect(dup.body.error).toBe('A tool named "dup_me" already exists.');
    const reserved = await server.request('POST', '/api/tools', staticTool('roll_dice'));
    expect(reserved.status).toBe(409);
    expect(reserved.body.error).toBe('"roll_dice" is a reserved built-in tool name.');
    const other = await server.request('POST', '/api/tools', staticTool('other_one'));
    const rename = await server.request('PATCH', `/api/tools/${other.body.id}`, { name: 'dup_me' });
    expect(rename.status).toBe(409);
    expect(rename.body.error).toBe('A tool named "dup_me" already exists.');
  });

  it('400s invalid definitions with every problem listed by field', async () => {
    const res = await server.request('POST', '/api/tools', {
      name: '1bad',
      description: '',
      kind: 'static',
      parameters: { type: 'array' },
      mode: 'sideways',
      surprise: true,
    });
    expect(res.status).toBe(400);
    expect(res.body.details).toEqual([
      { field: 'surprise', message: expect.stringContaining('Unknown field "surprise"') },
    ]);
    const res2 = await server.request('POST', '/api/tools', {
      name: '1bad',
      description: '',
      kind: 'static',
      parameters: { type: 'array' },
      mode: 'sideways',
    });
    expect(res2.status).toBe(400);
    const fields = res2.body.details.map((d: any) => d.field);
    expect(fields).toEqual(expect.arrayContaining(['name', 'description', 'parameters', 'mode']));
    expect(res2.body.details.find((d: any) => d.field === 'name').message).toBe(
      'Tool name must start with a letter and use only letters, digits and underscores (1–64 characters).',
    );
    expect(res2.body.details.find((d: any) => d.field === 'description').message).toBe(
      'Description must be 1–8192 characters.',
    );
    expect(typeof res2.body.error).toBe('string');
  });

  it('refuses native custom tools and non-object bodies', async () => {
    const native = await server.request('POST', '/api/tools', staticTool('nat', { kind: 'native' }));
    expect(native.status).toBe(400);
    expect(native.body.details.some((d: any) => d.field === 'kind')).toBe(true);
    const array = await server.request('POST', '/api/tools', [1, 2]);
    expect(array.status).toBe(400);
    expect(array.body.error).toBe('The request body must be a JSON object.');
    const broken = await server.request('POST', '/api/tools', '{"name":');
    expect(broken.status).toBe(400);
  });

  it('403s script tools while scripts are disabled, with the exact message', async () => {
    const res = await server.request('POST', '/api/tools', {
      name: 'scripted',
      description: 'A script tool.',
      kind: 'script',
      body: 'return 1;',
    });
    expect(res.status).toBe(403);
    expect(res.body.error).toBe(MSG_SCRIPTS_DISABLED);
    expect(MSG_SCRIPTS_DISABLED).toBe(
      'Script custom tools are disabled. Set CUSTOM_TOOL_SCRIPT_ENABLED=true and restart to enable sandboxed script tools.',
    );
    const tool = await server.request('POST', '/api/tools', staticTool('to_script'));
    const patch = await server.request('PATCH', `/api/tools/${tool.body.id}`, {
      kind: 'script',
      body: 'return 1;',
    });
    expect(patch.status).toBe(403);
    expect(patch.body.error).toBe(MSG_SCRIPTS_DISABLED);
  });

  it('validates webhook URLs: https only while local URLs are disabled, credentials need confirmation', async () => {
    const http = await server.request('POST', '/api/tools', {
      name: 'hook',
      description: 'A webhook.',
      kind: 'webhook',
      webhookUrl: 'http://example.com/hook',
    });
    expect(http.status).toBe(400);
    expect(http.body.details[0].field).toBe('webhookUrl');
    const creds = {
      name: 'hook2',
      description: 'A webhook.',
      kind: 'webhook',
      webhookUrl: 'https://user:pass@example.com/hook',
    };
    expect((await server.request('POST', '/api/tools', creds)).status).toBe(400);
    const confirmed = await server.request('POST', '/api/tools', { ...creds, confirmCredentials: true });
    expect(confirmed.status).toBe(201);
  });

  it('PATCH changes only the sent fields and never flips enabled by accident', async () => {
    const tool = await server.request(
      'POST',
      '/api/tools',
      staticTool('patchy', { enabled: false, displayName: 'P' }),
    );
    expect(tool.body.enabled).toBe(false);
    const patched = await server.request('PATCH', `/api/tools/${tool.body.id}`, {
      description: 'New words.',
    });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({
      description: 'New words.',
      enabled: false,
      displayName: 'P',
      staticResult: 'fixed',
    });
    // Echoing the whole resource back (read-only fields included) is fine and changes nothing else.
    const echoed = await server.request('PATCH', `/api/tools/${tool.body.id}`, {
      ...patched.body,
      staticResult: 'new',
    });
    expect(echoed.status).toBe(200);
    expect(echoed.body).toMatchObject({
      staticResult: 'new',
      enabled: false,
      createdAt: tool.body.createdAt,
    });
    const enabled = await server.request('PATCH', `/api/tools/${tool.body.id}`, { enabled: true });
    expect(enabled.body.enabled).toBe(true);
    const invalid = await server.request('PATCH', `/api/tools/${tool.body.id}`, { description: '' });
    expect(invalid.status).toBe(400);
    expect((await server.request('GET', `/api/tools/${tool.body.id}`)).body.description).toBe('New words.');
  });

  it('reorders tools in one call', async () => {
    const a = (await server.request('POST', '/api/tools', staticTool('a_tool'))).body;
    const b = (await server.request('POST', '/api/tools', staticTool('b_tool'))).body;
    const c = (await server.request('POST', '/api/tools', staticTool('c_tool'))).body;
    const res = await server.request('PUT', '/api/tools/order', { ids: [c.id, a.id, b.id] });
    expect(res.status).toBe(200);
    expect(res.body.tools.map((t: any) => [t.name, t.order])).toEqual([
      ['c_tool', 0],
      ['a_tool', 1],
      ['b_tool', 2],
    ]);
    expect((await server.request('GET', '/api/tools')).body.tools.map((t: any) => t.name)).toEqual([
      'c_tool',
      'a_tool',
      'b_tool',
    ]);
    const unknown = await server.request('PUT', '/api/tools/order', { ids: [a.id, 't_nope'] });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error).toContain('t_nope');
    const repeated = await server.request('PUT', '/api/tools/order', { ids: [a.id, a.id] });
    expect(repeated.status).toBe(400);
    expect((await server.request('PUT', '/api/tools/order', { ids: 'x' })).status).toBe(400);
  });

  it('toggles built-in tools', async () => {
    const off = await server.request('PUT', '/api/tools/builtin/roll_dice', { enabled: false });
    expect(off.status).toBe(200);
    expect(off.body).toMatchObject({ name: 'roll_dice', kind: 'native', enabled: false });
    const list = await server.request('GET', '/api/tools');
    expect(list.body.builtin.find((b: any) => b.name === 'roll_dice').enabled).toBe(false);
    await server.request('PUT', '/api/tools/builtin/roll_dice', { enabled: true });
    expect((await server.request('PUT', '/api/tools/builtin/nope', { enabled: true })).status).toBe(404);
    expect((await server.request('PUT', '/api/tools/builtin/roll_dice', { enabled: 'yes' })).status).toBe(
      400,
    );
  });
});

describe('tools API (scripts enabled)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({
      CUSTOM_TOOL_SCRIPT_ENABLED: 'true',
      WEBHOOK_LOCAL_URLS_ENABLED: 'true',
    });
  });
  afterAll(() => server.close());

  it('stores script tools and reports syntax errors with line and column', async () => {
    const caps = await server.request('GET', '/api/tools/capabilities');
    expect(caps.body).toMatchObject({ scriptExecutionEnabled: true, localWebhooksEnabled: true });
    const ok = await server.request('POST', '/api/tools', {
      name: 'adder',
      description: 'Adds.',
      kind: 'script',
      mode: 'read',
      body: 'return args.a + args.b;',
      parameters: { type: 'object', properties: { a: { type: 'number' }, b: { type: 'number' } } },
    });
    expect(ok.status).toBe(201);
    const bad = await server.request('POST', '/api/tools', {
      name: 'broken',
      description: 'Broken.',
      kind: 'script',
      body: 'const x = ;',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.details[0]).toMatchObject({
      field: 'body',
      message: expect.stringMatching(/line 1, column \d+/),
    });
  });

  it('compiles without running', async () => {
    const ok = await server.request('POST', '/api/tools/compile', { body: 'return 1;' });
    expect(ok.body).toEqual({ ok: true });
    const bad = await server.request('POST', '/api/tools/compile', { body: 'let a = 1;\nlet b = ;' });
    expect(bad.body).toMatchObject({ ok: false, line: 2, column: 9 });
    expect(typeof bad.body.error).toBe('string');
    expect((await server.request('POST', '/api/tools/compile', { body: 5 })).status).toBe(400);
  });

  it('allows http webhook URLs when local URLs are enabled', async () => {
    const res = await server.request('POST', '/api/tools', {
      name: 'local_hook',
      description: 'A local webhook.',
      kind: 'webhook',
      webhookUrl: 'http://127.0.0.1:9/hook',
    });
    expect(res.status).toBe(201);
  });
});
