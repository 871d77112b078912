// The lorebook routes' schemas (@toolsmith/core/api-schema lorebookRouteSchemas): in /api/openapi.json with
// their request and response schemas, a refused body names the entry field by its path, and the answers keep
// every field the UI reads (an imported book's kept fields too).

import { describe, expect, it } from 'vitest';
import { jsonSchemaOf as json, serverWithOpenApiForFile } from '../test-support/openapi-doc.js';

const app = serverWithOpenApiForFile();

describe('lorebook route schemas', () => {
  it('are in the OpenAPI document with their request and response schemas', () => {
    const create = app.doc.paths['/api/lorebooks'].post;
    const body = json(create.requestBody);
    expect(body.required).toEqual(['name']);
    expect(body.additionalProperties).toBe(false);
    const entry = body.properties.entries.items;
    expect(entry.additionalProperties).toBe(false);
    expect(Object.keys(entry.properties)).toEqual(
      expect.arrayContaining(['uid', 'keys', 'content', 'position', 'sticky', 'characterFilter', 'triggers']),
    );
    expect(Object.keys(create.responses)).toEqual(expect.arrayContaining(['201', '400']));
    expect(json(create.responses['201']).properties.entries.items.required).toEqual(['keys', 'content']);
    const list = json(app.doc.paths['/api/lorebooks'].get.responses['200']).properties.lorebooks.items;
    expect(list.properties.entryCount.type).toBe('integer');
    expect(list.properties.entries).toBeUndefined();
    const patch = app.doc.paths['/api/lorebooks/{id}'].patch;
    expect(patch.parameters[0]).toMatchObject({ in: 'path', name: 'id' });
    expect(json(patch.requestBody).required).toBeUndefined();
    expect(json(patch.responses['200']).properties.entries.type).toBe('array');
    const plan = json(app.doc.paths['/api/lorebooks/import/plan'].post.responses['200']);
    expect(Object.keys(plan.properties)).toEqual(
      expect.arrayContaining([
        'name',
        'entries',
        'action',
        'choices',
        'conflict',
        'fingerprint',
        'unusedFields',
      ]),
    );
    // Apply: a dry run's summary or the stored book with the action taken
    const apply = app.doc.paths['/api/lorebooks/import'].post.responses;
    const [dryRun, applied] = json(apply['200']).anyOf;
    expect(dryRun.properties.dryRun).toMatchObject({ enum: [true] });
    expect(Object.keys(dryRun.properties)).toEqual(
      expect.arrayContaining(['action', 'name', 'entries', 'lorebook', 'changes', 'unchangedEntries']),
    );
    expect(applied.properties.entries.type).toBe('array');
    expect(Object.keys(json(apply['201']).properties)).toEqual(
      expect.arrayContaining(['id', 'name', 'entries', 'action', 'warnings', 'unusedFields']),
    );
  });

  it('refuses a bad body naming the entry field by its path; nothing is stored', async () => {
    const long = 'k'.repeat(1001);
    const bad = await app.server.request('POST', '/api/lorebooks', {
      name: 'Refused',
      entries: [
        { keys: ['fine'], content: 'x', uid: true, delayUntilRecursion: 0 },
        { keys: ['ok', long], content: 'y', depth: 2.5 },
      ],
    });
    expect(bad.status).toBe(400);
    expect(bad.body.details).toEqual([
      {
        field: 'entries[0].uid',
        message: 'entries[0].uid must be a whole number or text of 1–64 characters.',
      },
      {
        field: 'entries[0].delayUntilRecursion',
        message: 'entries[0].delayUntilRecursion must be true, false or a recursion level from 1 to 100.',
      },
      { field: 'entries[1].keys[1]', message: 'entries[1].keys[1] must be text of at most 1000 characters.' },
      { field: 'entries[1].depth', message: 'entries[1].depth must be a whole number from 0 to 10000.' },
    ]);
    const names = (await app.server.request('GET', '/api/lorebooks')).body.lorebooks.map((b: any) => b.name);
    expect(names).not.toContain('Refused');
  });

  it("answers every field the UI reads, an imported book's kept fields and null options left out", async () => {
    const created = await app.server.request('POST', '/api/lorebooks', {
      name: 'Kept',
      description: 'All of it',
      scanDepth: 3,
      caseSensitive: null,
      extensions: { tool: { nested: [1, { a: true }] } },
      passthrough: { unknownField: 'x' },
      entries: [
        {
          keys: ['a'],
          content: 'A.',
          position: null,
          characterFilter: { names: ['Bob'], exclude: true },
          extensions: { deep: { deeper: 'y' } },
        },
      ],
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      name: 'Kept',
      description: 'All of it',
      global: false,
      disabled: false,
      scanDepth: 3,
      caseSensitive: null,
      matchWholeWords: null,
      extensions: { tool: { nested: [1, { a: true }] } },
      passthrough: { unknownField: 'x' },
    });
    expect(created.body.entries).toEqual([
      {
        uid: 0,
        keys: ['a'],
        content: 'A.',
        characterFilter: { names: ['Bob'], exclude: true },
        extensions: { deep: { deeper: 'y' } },
      },
    ]);
    expect((await app.server.request('GET', `/api/lorebooks/${created.body.id}`)).body).toEqual(created.body);
    const summary = (await app.server.request('GET', '/api/lorebooks')).body.lorebooks.find(
      (b: any) => b.id === created.body.id,
    );
    const { entries: _e, extensions: _x, passthrough: _p, ...rest } = created.body;
    expect(summary).toEqual({ ...rest, entryCount: 1 });
  });
});
