import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test-support/test-server.js';

// The lorebook-file import review (issue 14.6) through the real server: plan, dry run, Apply with each
// choice on a name conflict, per-entry selection, refusals naming the field, and nothing written on refusal.

const ST_WORLD = JSON.parse(
  readFileSync(new URL('./__fixtures__/sillytavern-world.json', import.meta.url), 'utf8'),
);

/** A SillyTavern world-info file named "Harbor" with the given entries (uid → [keys, content]). */
function worldFile(entries: Record<number, [string[], string]>) {
  return {
    name: 'Harbor',
    entries: Object.fromEntries(
      Object.entries(entries).map(([uid, [key, content]]) => [
        uid,
        { uid: Number(uid), key, keysecondary: [], comment: key[0], content, position: 0, order: 100 },
      ]),
    ),
  };
}

const ORIGINAL = worldFile({
  0: [['harbor'], 'The harbor is busy.'],
  1: [['lighthouse'], 'The lighthouse.'],
});
const EDITED = worldFile({ 0: [['harbor'], 'The harbor is quiet now.'], 2: [['tavern'], 'The Salty Dog.'] });

describe('lorebook import review', () => {
  let server: TestServer;
  let storedId: string;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  const books = async () => (await server.request('GET', '/api/lorebooks')).body.lorebooks as any[];
  const snapshot = async () =>
    Promise.all(
      (await books()).map(async (b) => (await server.request('GET', `/api/lorebooks/${b.id}`)).body),
    );

  beforeEach(async () => {
    for (const book of await books()) await server.request('DELETE', `/api/lorebooks/${book.id}`);
    const created = await server.request('POST', '/api/lorebooks/import', ORIGINAL);
    expect(created.status).toBe(201);
    storedId = created.body.id;
  });

  it('plans a file without writing: its entries, and no conflict when the name is free', async () => {
    const before = await snapshot();
    const plan = await server.request('POST', '/api/lorebooks/import/plan', {
      file: ST_WORLD,
      name: 'Eldoria lore',
    });
    expect(plan.status).toBe(200);
    expect(plan.body).toMatchObject({ name: 'Eldoria lore', action: 'create', choices: ['create'] });
    expect(plan.body.conflict).toBeUndefined();
    expect(plan.body.entries.map((e: any) => [e.index, e.label])).toEqual([
      [0, 'Eldoria'],
      [1, 'Dragons'],
      [2, expect.any(String)],
    ]);
    expect(plan.body.entries[0]).toMatchObject({ keys: ['Eldoria', 'the capital'], constant: false });
    // what the file carries that has no effect here is named before anything is stored
    expect(plan.body.unusedFields).toContain('vectorized');
    expect(await snapshot()).toEqual(before);
  });

  it('names the conflict with a stored book of the same name and shows what Replace would change', async () => {
    const plan = (await server.request('POST', '/api/lorebooks/import/plan', EDITED)).body;
    expect(plan).toMatchObject({
      name: 'Harbor',
      action: 'keep-both',
      choices: ['replace', 'keep-both', 'skip'],
      conflict: {
        existing: { id: storedId, name: 'Harbor', entries: 2 },
        identical: false,
        renameTo: 'Harbor (2)',
      },
    });
    const changes = plan.conflict.changes.map((c: any) => [c.kind, c.label]);
    expect(changes).toEqual([
      ['changed', 'harbor'],
      ['added', 'tavern'],
      ['removed', 'lighthouse'],
    ]);
    const harbor = plan.conflict.changes[0];
    expect(harbor.before).toContain('The harbor is busy.');
    expect(harbor.after).toContain('The harbor is quiet now.');
    // the same file again: identical, so the default is Skip
    const same = (await server.request('POST', '/api/lorebooks/import/plan', ORIGINAL)).body;
    expect(same).toMatchObject({ action: 'skip', conflict: { identical: true, changes: [] } });
  });

  it('a dry run answers what Apply would store and writes nothing', async () => {
    const before = await snapshot();
    const plan = (await server.request('POST', '/api/lorebooks/import/plan', EDITED)).body;
    const replace = await server.request('POST', '/api/lorebooks/import', {
      file: EDITED,
      action: 'replace',
      selected: [0],
      dryRun: true,
      fingerprint: plan.fingerprint,
    });
    expect(replace.status).toBe(200);
    expect(replace.body).toMatchObject({
      dryRun: true,
      action: 'replace',
      name: 'Harbor',
      entries: 1,
      lorebook: { id: storedId, entries: 2 },
    });
    // only the ticked entry: the harbor changes, the lighthouse goes, the tavern is not added
    expect(replace.body.changes.map((c: any) => [c.kind, c.label])).toEqual([
      ['changed', 'harbor'],
      ['removed', 'lighthouse'],
    ]);
    const keepBoth = await server.request(
      'POST',
      '/api/lorebooks/import?action=keep-both&dryRun=true',
      EDITED,
    );
    expect(keepBoth.body).toMatchObject({
      dryRun: true,
      action: 'keep-both',
      name: 'Harbor (2)',
      entries: 2,
    });
    expect(await snapshot()).toEqual(before);
  });

  it('an Apply answers the book exactly as stored, with the action taken (its answer schema drops nothing)', async () => {
    const kept = await server.request('POST', '/api/lorebooks/import', { file: EDITED, action: 'keep-both' });
    expect(kept.status).toBe(201);
    const { action, warnings, unusedFields, ...book } = kept.body;
    expect({ action, warnings, unusedFields }).toEqual({
      action: 'keep-both',
      warnings: [],
      unusedFields: [],
    });
    expect(book).toEqual((await server.request('GET', `/api/lorebooks/${book.id}`)).body);
    expect(book.entries.map((e: any) => e.comment)).toEqual(['harbor', 'tavern']);
  });

  it('Replace overwrites the stored book with the ticked entries, keeping its name and switches', async () => {
    await server.request('PATCH', `/api/lorebooks/${storedId}`, { global: true });
    const plan = (await server.request('POST', '/api/lorebooks/import/plan', EDITED)).body;
    const res = await server.request('POST', '/api/lorebooks/import', {
      file: EDITED,
      action: 'replace',
      selected: [1, 0],
      fingerprint: plan.fingerprint,
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: storedId, name: 'Harbor', global: true, action: 'replace' });
    const stored = (await server.request('GET', `/api/lorebooks/${storedId}`)).body;
    expect(stored.entries.map((e: any) => e.content)).toEqual(['The harbor is quiet now.', 'The Salty Dog.']);
    expect(await books()).toHaveLength(1);
  });

  it('Keep both stores the file renamed; Skip stores nothing and answers the stored book', async () => {
    const keep = await server.request('POST', '/api/lorebooks/import', {
      file: EDITED,
      action: 'keep-both',
      selected: [1],
    });
    expect(keep.status).toBe(201);
    expect(keep.body).toMatchObject({ name: 'Harbor (2)', action: 'keep-both' });
    expect(keep.body.entries.map((e: any) => e.keys)).toEqual([['tavern']]);
    const before = await snapshot();
    const skip = await server.request('POST', '/api/lorebooks/import', { file: EDITED, action: 'skip' });
    expect(skip.status).toBe(200);
    expect(skip.body).toMatchObject({ id: storedId, name: 'Harbor', action: 'skip' });
    expect(await snapshot()).toEqual(before);
  });

  it('without an action a bare file is stored as named, as before the review existed', async () => {
    const res = await server.request('POST', '/api/lorebooks/import', EDITED);
    expect(res.status).toBe(201);
    expect((await books()).map((b) => b.name)).toEqual(['Harbor', 'Harbor']);
  });

  it('refuses bad choices with a 400 naming the field, and writes nothing', async () => {
    const before = await snapshot();
    const refuse = async (body: unknown, fields: string[], path = '/api/lorebooks/import') => {
      const res = await server.request('POST', path, body);
      expect(res.status).toBe(400);
      expect(res.body.details.map((d: any) => d.field)).toEqual(fields);
      return res.body;
    };
    const unknown = await refuse({ file: EDITED, action: 'merge' }, ['action']);
    expect(unknown.error).toContain('replace, keep-both, skip');
    // Replace needs a book of that name
    const noConflict = await refuse({ file: { ...EDITED, name: 'Elsewhere' }, action: 'replace' }, [
      'action',
    ]);
    expect(noConflict.error).toContain('must be "create"');
    await refuse({ file: EDITED, action: 'create' }, ['action']);
    await refuse({ file: EDITED, action: 'keep-both', selected: [0, 7, 'x', 0] }, [
      'selected[1]',
      'selected[2]',
      'selected[3]',
    ]);
    await refuse({ file: EDITED, action: 'keep-both', selected: [] }, ['selected']);
    await refuse({ file: EDITED, action: 'keep-both', dryRun: 'yes' }, ['dryRun']);
    // a file that is not a lorebook, and an entry the engine refuses, in the plan as in the import
    const notBook = await refuse({ file: { hello: 'world' } }, ['file'], '/api/lorebooks/import/plan');
    expect(notBook.error).toContain('SillyTavern world-info file');
    await refuse(
      { file: { entries: { 0: { uid: 0, key: ['x'], content: 'x', probability: 500 } } } },
      ['entries[0].probability'],
      '/api/lorebooks/import/plan',
    );
    expect(await snapshot()).toEqual(before);
  });

  it('refuses to Replace a book changed since the plan (409), leaving it as it was', async () => {
    const plan = (await server.request('POST', '/api/lorebooks/import/plan', EDITED)).body;
    await server.request('PATCH', `/api/lorebooks/${storedId}`, { description: 'Edited meanwhile.' });
    const before = await snapshot();
    const res = await server.request('POST', '/api/lorebooks/import', {
      file: EDITED,
      action: 'replace',
      fingerprint: plan.fingerprint,
    });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('plan_stale');
    expect(await snapshot()).toEqual(before);
    // deleted since the plan: the Replace is refused and no book is created in its place
    await server.request('DELETE', `/api/lorebooks/${storedId}`);
    const gone = await server.request('POST', '/api/lorebooks/import', {
      file: EDITED,
      action: 'replace',
      fingerprint: plan.fingerprint,
    });
    expect(gone.status).toBe(409);
    expect(await books()).toEqual([]);
  });

  it('the Replace transaction writes nothing when the book changed under it or is gone', async () => {
    const repo = server.app.toolsmith.storage.lorebooks;
    const stored = (await repo.get(storedId))!;
    const incoming = { ...stored, entries: [{ uid: 9, keys: ['new'], content: 'New.' }] };
    // an edit landed between the plan and the write: the transaction rolls back
    expect(await repo.replaceContent(storedId, incoming, '2000-01-01T00:00:00.000Z')).toBeUndefined();
    expect(await repo.get(storedId)).toEqual(stored);
    expect(await repo.replaceContent('lb_missing', incoming, stored.updatedAt)).toBeUndefined();
    expect(await books()).toHaveLength(1);
    const replaced = await repo.replaceContent(storedId, incoming, stored.updatedAt);
    expect(replaced?.entries.map((e) => e.content)).toEqual(['New.']);
  });
});
