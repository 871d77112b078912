// The builtins through the dry-run route (real HTTP) and through a chat's services with simulation.
import { executeToolCall } from '@toolsmith/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registryWithBuiltins } from '../executors/builtin-registry.js';
import { startTestServer, type TestServer } from '../test-support/test-server.js';
import { createBuiltinServices, createTurnWorldInfo } from './builtin-context.js';
import { BUILTIN_TOOLS } from './builtin-tools.js';

describe('builtin tools', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  const dryRun = async (name: string, args: unknown, simulate = false) => {
    const res = await server.request('POST', '/api/tools/dry-run', { name, args, simulate });
    expect(res.status).toBe(200);
    return res.body;
  };

  it('roll_dice takes NdS±M notation and still takes count and sides', async () => {
    const notation = await dryRun('roll_dice', { notation: '3d4+2' });
    expect(notation).toMatchObject({
      ok: true,
      result: { notation: '3d4+2', count: 3, sides: 4, modifier: 2 },
    });
    const { rolls, total } = notation.result;
    expect(rolls).toHaveLength(3);
    expect(total).toBe(rolls.reduce((a: number, b: number) => a + b, 0) + 2);
    const classic = await dryRun('roll_dice', { count: 2, sides: 6 });
    expect(classic).toMatchObject({ ok: true, result: { notation: '2d6', modifier: 0 } });
    expect(classic.result.rolls).toHaveLength(2);
    const tooMany = await dryRun('roll_dice', { notation: '500d6' });
    expect(tooMany).toMatchObject({ ok: false, code: 'tool_error' });
    expect(tooMany.error).toContain('Roll 1 to 100 dice at a time');
    const bounded = await dryRun('roll_dice', { count: 101, sides: 6 });
    expect(bounded).toMatchObject({ ok: false, code: 'invalid_arguments' });
  });

  it('get_variable / set_variable work on global variables outside a chat; chat scope says it needs one', async () => {
    const set = await dryRun('set_variable', { name: 'season', value: 'winter', scope: 'global' });
    expect(set).toMatchObject({
      ok: true,
      result: { name: 'season', scope: 'global', value: 'winter', previous: null },
    });
    expect((await server.request('GET', '/api/variables')).body.variables).toEqual({ season: 'winter' });
    const get = await dryRun('get_variable', { name: 'season', scope: 'global' });
    expect(get.result).toEqual({ name: 'season', scope: 'global', exists: true, value: 'winter' });
    const missing = await dryRun('get_variable', { name: 'nothing', scope: 'global' });
    expect(missing.result).toMatchObject({ exists: false, value: null });
    const chatScope = await dryRun('get_variable', { name: 'season' });
    expect(chatScope).toMatchObject({ ok: false, code: 'tool_error' });
    expect(chatScope.error).toContain('Chat variables exist only inside a chat');
  });

  it('set_variable in simulation writes nothing and is marked unvalidated', async () => {
    await server.request('PUT', '/api/variables', { variables: { season: 'spring' } });
    const simulated = await dryRun(
      'set_variable',
      { name: 'season', value: 'autumn', scope: 'global' },
      true,
    );
    expect(simulated).toMatchObject({ ok: true, simulated: true, unvalidated: true });
    expect((await server.request('GET', '/api/variables')).body.variables).toEqual({ season: 'spring' });

    // the same through a chat's services, as a simulated orchestration run would call it
    const { storage } = server.app.toolsmith;
    const chat = await storage.chats.create({
      title: 'sim',
      connectionId: null,
      presetId: null,
      settings: { toolUse: true, tools: [] },
    });
    await storage.variables.set(chat.id, 'hp', 5);
    const registry = registryWithBuiltins(BUILTIN_TOOLS, new Map(), createBuiltinServices(storage, { chat }));
    const envelope = await executeToolCall(
      { name: 'set_variable', args: { name: 'hp', value: 1 } },
      { registry, simulate: true },
    );
    expect(envelope).toMatchObject({ ok: true, simulated: true, unvalidated: true });
    expect(await storage.variables.list(chat.id)).toEqual({ hp: 5 });
    // a read tool runs for real in simulation
    const read = await executeToolCall(
      { name: 'get_variable', args: { name: 'hp' } },
      { registry, simulate: true },
    );
    expect(read).toMatchObject({ ok: true, result: { value: 5 } });
    // and outside simulation the write lands
    await executeToolCall({ name: 'set_variable', args: { name: 'hp', value: 1 } }, { registry });
    expect(await storage.variables.list(chat.id)).toEqual({ hp: 1 });
  });

  it('search_lorebook searches global books outside a chat, and the chat’s own books inside one', async () => {
    const global = (
      await server.request('POST', '/api/lorebooks', {
        name: 'Bestiary',
        global: true,
        entries: [
          { uid: 1, keys: ['griffin'], comment: 'Griffins', content: 'Half eagle, half lion.' },
          { uid: 2, keys: ['kraken'], comment: 'Kraken', content: 'Lives in the deep.', disabled: true },
        ],
      })
    ).body;
    const own = (
      await server.request('POST', '/api/lorebooks', {
        name: 'Private',
        entries: [{ uid: 'g', keys: ['griffin egg'], content: 'Worth a fortune.' }],
      })
    ).body;
    const outside = await dryRun('search_lorebook', { query: 'griffin' });
    expect(outside.result.results.map((r: any) => [r.book, r.uid])).toEqual([[global.id, 1]]);
    expect((await dryRun('search_lorebook', { query: 'kraken' })).result.results).toEqual([]);

    const { storage } = server.app.toolsmith;
    const chat = await storage.chats.create({
      title: 'books',
      connectionId: null,
      presetId: null,
      settings: { toolUse: true, tools: [], lorebookIds: [own.id] },
    });
    const registry = registryWithBuiltins(BUILTIN_TOOLS, new Map(), createBuiltinServices(storage, { chat }));
    const inside = await executeToolCall(
      { name: 'search_lorebook', args: { query: 'griffin' } },
      { registry },
    );
    // the key equal to the query ranks first
    expect(inside.ok && (inside.result as any).results.map((r: any) => r.bookName)).toEqual([
      'Bestiary',
      'Private',
    ]);
  });

  it('lorebook_force_activate records entries for the running turn and reports unknown ones', async () => {
    const book = (
      await server.request('POST', '/api/lorebooks', {
        name: 'Forced',
        global: true,
        entries: [{ uid: 3, keys: ['x'], comment: 'Three', content: 'third' }],
      })
    ).body;
    const worldInfo = createTurnWorldInfo();
    const registry = registryWithBuiltins(
      BUILTIN_TOOLS,
      new Map(),
      createBuiltinServices(server.app.toolsmith.storage, { worldInfo }),
    );
    const envelope = await executeToolCall(
      { name: 'lorebook_force_activate', args: { entries: [{ book: book.id, uid: '3' }, { uid: 99 }] } },
      { registry },
    );
    expect(envelope).toMatchObject({
      ok: true,
      result: { forced: [{ book: book.id, uid: 3, title: 'Three' }], notFound: [{ book: null, uid: 99 }] },
    });
    expect(worldInfo.forced()).toEqual([{ book: book.id, uid: 3 }]);
    // outside a generation nothing can be forced, and the answer says so
    const dry = await dryRun('lorebook_force_activate', { entries: [{ book: 'Forced', uid: 3 }] });
    expect(dry.result.forced).toHaveLength(1);
    expect(dry.result.note).toContain('nothing was added');
  });

  it('each new builtin can be switched off like the others, and its name is reserved', async () => {
    const off = await server.request('PUT', '/api/tools/builtin/set_variable', { enabled: false });
    expect(off.body).toMatchObject({ name: 'set_variable', enabled: false });
    const listed = (await server.request('GET', '/api/tools')).body.builtin;
    expect(listed.find((b: any) => b.name === 'set_variable').enabled).toBe(false);
    const taken = await server.request('POST', '/api/tools', {
      name: 'search_lorebook',
      description: 'Mine.',
    });
    expect(taken.status).toBe(409);
    expect(taken.body.error).toBe('"search_lorebook" is a reserved built-in tool name.');
  });
});
