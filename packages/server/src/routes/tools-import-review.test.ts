import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DATABASE_FILE_NAME } from '../storage/sqlite/database.js';
import { startTestServer, type TestServer } from '../test-support/test-server.js';

// The tools import as a review through the real server: plan (nothing written), apply exactly the chosen
// actions in one transaction, conflicts (Replace with a diff, Keep both renamed, Skip), a stale plan refused.

let server: TestServer;
beforeEach(async () => {
  server = await startTestServer({ WEBHOOK_LOCAL_URLS_ENABLED: 'false' });
});
afterEach(async () => {
  await server.close();
});

const staticTool = (name: string, staticResult: string, description = 'A test tool.') => ({
  name,
  description,
  kind: 'static',
  mode: 'read',
  staticResult,
  parameters: { type: 'object', properties: {} },
});

/** A Toolsmith JSON file holding several tools. */
const file = (tools: unknown[]) => JSON.stringify({ kind: 'toolsmith.tools', version: 1, tools });

async function plan(body: string) {
  const response = await fetch(`${server.url}/api/tools/import/plan`, {
    method: 'POST',
    headers: { 'x-toolsmith-request': '1', 'content-type': 'application/json' },
    body,
  });
  return { status: response.status, body: (await response.json()) as any };
}

/** Every stored tool with what an import can change, for before/after comparisons. */
async function snapshot() {
  return (await server.app.toolsmith.storage.tools.list()).map((t) => ({ ...t }));
}

async function seed() {
  await server.request('POST', '/api/tools', staticTool('weather', 'sunny', 'Today.'));
  await server.request('POST', '/api/tools', staticTool('same_one', 'unchanged'));
  await server.request('POST', '/api/tools', {
    name: 'diary',
    description: 'Posts to my diary.',
    kind: 'webhook',
    mode: 'write',
    webhookUrl: 'https://me:hunter2@hooks.example.com/diary?token=abc123',
    confirmCredentials: true,
    parameters: { type: 'object', properties: {} },
  });
}

const incoming = () =>
  file([
    staticTool('weather', 'rainy', 'Tomorrow.'),
    staticTool('same_one', 'unchanged'),
    staticTool('fresh_tool', 'new'),
    staticTool('roll_dice', 'a clash with a built-in'),
    {
      name: 'diary',
      description: 'Posts to my diary.',
      kind: 'webhook',
      mode: 'write',
      webhookUrl: 'https://me:hunter2@hooks.example.com/diary?token=zzz999',
      enabled: true,
    },
    { name: 'bad name!', kind: 'static', description: 'x' },
  ]);

describe('tools import review', () => {
  it('plans without writing anything: an item per tool, defaults, renames and the diff of each conflict', async () => {
    await seed();
    const before = await snapshot();
    const { status, body } = await plan(incoming());
    expect(status).toBe(200);
    expect(await snapshot()).toEqual(before);
    expect(body.importId).toMatch(/^imp_/);
    const byName = Object.fromEntries(body.items.map((i: any) => [i.name, i]));
    expect(Object.keys(byName)).toEqual(['weather', 'same_one', 'fresh_tool', 'roll_dice', 'diary']);
    expect(body.skipped).toEqual([{ name: 'bad name!', reason: expect.stringContaining('name') }]);

    expect(byName.fresh_tool).toMatchObject({ action: 'create', choices: ['create', 'skip'] });
    expect(byName.fresh_tool.conflict).toBeUndefined();
    // differs: Keep both by default (nothing of yours is overwritten unless you choose Replace)
    expect(byName.weather).toMatchObject({
      action: 'keep-both',
      choices: ['replace', 'keep-both', 'skip'],
      renameTo: 'weather_2',
      conflict: {
        with: 'tool',
        identical: false,
        changes: [
          { field: 'description', before: 'Today.', after: 'Tomorrow.' },
          { field: 'staticResult', before: 'sunny', after: 'rainy' },
        ],
      },
    });
    expect(byName.same_one).toMatchObject({ action: 'skip', conflict: { identical: true, changes: [] } });
    expect(byName.roll_dice).toMatchObject({
      action: 'skip',
      choices: ['keep-both', 'skip'],
      renameTo: 'roll_dice_custom',
      conflict: { with: 'builtin' },
    });
    // credentials are never answered: only that they differ
    expect(byName.diary.conflict.changes).toEqual([
      {
        field: 'webhookUrl',
        before: expect.stringContaining('credentials differ, not shown'),
        after: expect.not.stringContaining('zzz999'),
      },
    ]);
    expect(JSON.stringify(body)).not.toMatch(/hunter2|abc123|zzz999/);
    expect(byName.diary).toMatchObject({
      arrivesDisabled: true,
      review: { origin: 'https://hooks.example.com' },
    });
  });

  it('applies exactly the chosen actions: replace keeps the id, keep both renames, unchosen items are skipped', async () => {
    await seed();
    const before = await snapshot();
    const weatherId = before.find((t) => t.name === 'weather')!.id;
    const diaryId = before.find((t) => t.name === 'diary')!.id;
    const planned = await plan(incoming());
    const index = (name: string) => planned.body.items.find((i: any) => i.name === name).index;
    const applied = await server.request('POST', `/api/tools/import/${planned.body.importId}/apply`, {
      items: [
        { index: index('weather'), action: 'replace' },
        { index: index('same_one'), action: 'keep-both' },
        { index: index('roll_dice'), action: 'keep-both' },
        { index: index('diary'), action: 'replace' },
      ],
    });
    expect(applied.status).toBe(201);
    expect(applied.body).toMatchObject({ created: 2, replaced: 2, skipped: 1 });
    expect(applied.body.outcome.map((o: any) => [o.name, o.action, o.storedAs ?? null])).toEqual([
      ['weather', 'replace', 'weather'],
      ['same_one', 'keep-both', 'same_one_2'],
      ['fresh_tool', 'skip', null],
      ['roll_dice', 'keep-both', 'roll_dice_custom'],
      ['diary', 'replace', 'diary'],
    ]);
    // the result lists what was stored under another name, and why
    expect(applied.body.renamed).toEqual([
      { from: 'same_one', to: 'same_one_2', reason: expect.stringContaining('already have a tool named') },
      { from: 'roll_dice', to: 'roll_dice_custom', reason: expect.stringContaining('reserved built-in') },
    ]);
    const after = await snapshot();
    expect(after.map((t) => t.name).sort()).toEqual(
      ['diary', 'roll_dice_custom', 'same_one', 'same_one_2', 'weather'].sort(),
    );
    const weather = after.find((t) => t.name === 'weather')!;
    expect(weather).toMatchObject({ id: weatherId, staticResult: 'rainy', description: 'Tomorrow.' });
    // a replaced webhook is new untrusted code: it arrives switched off, with the file's URL
    const diary = after.find((t) => t.name === 'diary')!;
    expect(diary).toMatchObject({ id: diaryId, enabled: false });
    expect(diary.webhookUrl).toContain('zzz999');
    expect(applied.body.review.map((r: any) => r.name)).toEqual(['diary']);
    // an import is applied once
    const again = await server.request('POST', `/api/tools/import/${planned.body.importId}/apply`, {
      items: [],
    });
    expect(again.status).toBe(404);
    expect(again.body.code).toBe('import_not_found');
  });

  it("treats Marinara's builtin names as reserved too: a conflict, stored as <name>_custom with Keep both", async () => {
    const planned = await plan(file([staticTool('set_expression', 'smile')]));
    expect(planned.body.items[0]).toMatchObject({
      action: 'skip',
      choices: ['keep-both', 'skip'],
      renameTo: 'set_expression_custom',
      conflict: { with: 'builtin' },
    });
    const applied = await server.request('POST', `/api/tools/import/${planned.body.importId}/apply`, {
      items: [{ index: 0, action: 'keep-both' }],
    });
    expect(applied.status).toBe(201);
    expect(applied.body.renamed).toEqual([
      {
        from: 'set_expression',
        to: 'set_expression_custom',
        reason: expect.stringContaining('set_expression'),
      },
    ]);
    expect(await server.app.toolsmith.storage.tools.getByName('set_expression')).toBeUndefined();
    expect(await server.app.toolsmith.storage.tools.getByName('set_expression_custom')).toBeDefined();
  });

  it('refuses a plan the stored tools moved away from, then applies the new plan', async () => {
    const planned = await plan(file([staticTool('fresh_tool', 'new')]));
    expect(planned.body.items[0].action).toBe('create');
    await server.request('POST', '/api/tools', staticTool('fresh_tool', 'made meanwhile'));
    const stale = await server.request('POST', `/api/tools/import/${planned.body.importId}/apply`, {
      items: [{ index: 0, action: 'create' }],
    });
    expect(stale.status).toBe(409);
    expect(stale.body.code).toBe('plan_stale');
    // the review reloads the plan: now a conflict, and create is not a choice any more
    const fresh = await server.request('GET', `/api/tools/import/${planned.body.importId}`);
    expect(fresh.body.items[0]).toMatchObject({ action: 'keep-both', renameTo: 'fresh_tool_2' });
    const bad = await server.request('POST', `/api/tools/import/${planned.body.importId}/apply`, {
      items: [{ index: 0, action: 'create' }],
    });
    expect(bad.status).toBe(400);
    expect(bad.body.details).toEqual([
      { field: 'items[0].action', message: expect.stringContaining('replace') },
    ]);
    const ok = await server.request('POST', `/api/tools/import/${planned.body.importId}/apply`, {
      items: [{ index: 0, action: 'replace' }],
    });
    expect(ok.status).toBe(201);
    expect((await server.app.toolsmith.storage.tools.getByName('fresh_tool'))?.staticResult).toBe('new');
  });

  it('is atomic: one item failing to store leaves every tool as it was, and the review can be applied again', async () => {
    await seed();
    const before = await snapshot();
    const planned = await plan(
      file([staticTool('weather', 'rainy'), staticTool('first_new', 'a'), staticTool('second_new', 'b')]),
    );
    const db = new BetterSqlite3(join(server.dataDir, DATABASE_FILE_NAME));
    db.exec(`CREATE TRIGGER fail_second BEFORE INSERT ON tools WHEN NEW.name = 'second_new'
      BEGIN SELECT RAISE(ABORT, 'disk full (test)'); END`);
    try {
      const failed = await server.request('POST', `/api/tools/import/${planned.body.importId}/apply`, {
        items: [
          { index: 0, action: 'replace' },
          { index: 1, action: 'create' },
          { index: 2, action: 'create' },
        ],
      });
      expect(failed.status).toBe(500);
      expect(failed.body.code).toBe('import_failed');
      expect(await snapshot()).toEqual(before);
    } finally {
      db.exec('DROP TRIGGER fail_second');
      db.close();
    }
    const retried = await server.request('POST', `/api/tools/import/${planned.body.importId}/apply`, {
      items: [
        { index: 0, action: 'replace' },
        { index: 1, action: 'create' },
        { index: 2, action: 'create' },
      ],
    });
    expect(retried.status).toBe(201);
    expect((await snapshot()).length).toBe(before.length + 2);
  });

  it('answers 400s naming the field, 404 for an unknown import, and Cancel forgets the file', async () => {
    const planned = await plan(file([staticTool('roll_dice', 'x'), staticTool('fresh_tool', 'y')]));
    const apply = (body: unknown) =>
      server.request('POST', `/api/tools/import/${planned.body.importId}/apply`, body);
    const missing = await apply({});
    expect(missing.status).toBe(400);
    expect(missing.body.details).toEqual([
      {
        field: 'items',
        message:
          'items must be a list of { index, action } for the items to import (an item left out is skipped).',
      },
    ]);
    // the shapes first: an action that does not exist, an item that is not an object
    const wrong = await apply({
      items: [
        { index: 7, action: 'create' },
        { index: 1, action: 'maybe' },
        { index: 0, action: 'replace' },
        3,
      ],
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.details).toEqual([
      {
        field: 'items[1].action',
        message: 'items[1].action must be one of create, replace, keep-both, skip.',
      },
      { field: 'items[3]', message: 'items[3] must be an object { index, action }.' },
    ]);
    // then the rules against the plan: an index it does not have, an action the item does not allow
    const against = await apply({
      items: [
        { index: 7, action: 'create' },
        { index: 0, action: 'replace' },
      ],
    });
    expect(against.status).toBe(400);
    expect(against.body.details.map((d: any) => d.field)).toEqual(['items[0].index', 'items[1].action']);
    expect(against.body.details[0].message).toBe(
      'items[0].index must be the index of an item in the plan (0–1).',
    );
    expect(against.body.details[1].message).toContain('keep-both, skip');
    expect(await snapshot()).toEqual([]);

    const notJson = await plan('{ "tools": [ nope');
    expect(notJson.status).toBe(400);
    expect((await server.request('GET', '/api/tools/import/imp_nothing')).status).toBe(404);

    expect((await server.request('DELETE', `/api/tools/import/${planned.body.importId}`)).status).toBe(204);
    expect((await apply({ items: [] })).status).toBe(404);
  });
});
