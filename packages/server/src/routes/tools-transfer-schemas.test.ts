// The schemas of the tools' import, export, dry run and compile check (@toolsmith/core/api-schema
// toolTransferRouteSchemas): in /api/openapi.json with their request and response schemas, a refused body
// names the field, and the answers keep every field the UI reads.

import { describe, expect, it } from 'vitest';
import { jsonSchemaOf as json, serverWithOpenApiForFile } from '../test-support/openapi-doc.js';

const app = serverWithOpenApiForFile({ CUSTOM_TOOL_SCRIPT_ENABLED: 'true' });

describe('tool transfer route schemas', () => {
  it('are in the OpenAPI document with their request and response schemas', () => {
    const dryRun = app.doc.paths['/api/tools/dry-run'].post;
    expect(json(dryRun.requestBody).additionalProperties).toBe(false);
    expect(Object.keys(json(dryRun.requestBody).properties)).toEqual(
      expect.arrayContaining(['id', 'name', 'args', 'chatId', 'kind', 'body', 'parameters']),
    );
    expect(Object.keys(json(dryRun.responses['200']).properties)).toEqual(
      expect.arrayContaining(['ok', 'result', 'error', 'logs', 'durationMs', 'writes', 'attachments']),
    );
    expect(json(app.doc.paths['/api/tools/compile'].post.responses['200']).anyOf).toHaveLength(2);
    const imported = json(app.doc.paths['/api/tools/import'].post.responses['200']);
    expect(imported.properties.review.items.properties.luker.required).toEqual([
      'supported',
      'unsupported',
      'needsFetch',
    ]);
    const plan = json(app.doc.paths['/api/tools/import/plan'].post.responses['200']);
    const action = JSON.stringify(plan.properties.items.items.properties.action);
    for (const name of ['create', 'replace', 'keep-both', 'skip']) expect(action).toContain(`"${name}"`);
    const apply = app.doc.paths['/api/tools/import/{importId}/apply'].post;
    expect(json(apply.requestBody).required).toEqual(['items']);
    expect(Object.keys(json(apply.responses['201']).properties)).toEqual(
      expect.arrayContaining(['created', 'replaced', 'outcome', 'renamed', 'notImported', 'review', 'tools']),
    );
    expect(
      json(app.doc.paths['/api/tools/export/notes'].get.responses['200']).properties.notes.items.required,
    ).toEqual(['tool', 'field', 'message']);
  });

  it('refuses a bad body naming the field', async () => {
    const bad = await app.server.request('POST', '/api/tools/dry-run', {
      kind: 'lambda',
      body: 7,
      chatId: 3,
      colour: 'red',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.details).toEqual([
      {
        field: 'colour',
        message: expect.stringMatching(/^Unknown field "colour". Known fields: id, name, args/),
      },
      { field: 'chatId', message: 'chatId must be the id of a chat, or null for none.' },
      { field: 'kind', message: 'kind must be one of "script", "static", "webhook".' },
      { field: 'body', message: 'body must be text of at most 1000000 characters.' },
    ]);
    const compile = await app.server.request('POST', '/api/tools/compile', { body: ['x'] });
    expect(compile.status).toBe(400);
    expect(compile.body.details).toEqual([{ field: 'body', message: 'body must be text.' }]);
  });

  it('answers every field the UI reads: logs, writes, the compile error position', async () => {
    const run = await app.server.request('POST', '/api/tools/dry-run', {
      kind: 'script',
      body: 'console.warn("careful"); return { n: args.n, nested: [1, { a: true }] };',
      args: { n: 2 },
    });
    expect(run.status).toBe(200);
    expect(run.body).toMatchObject({
      ok: true,
      result: { n: 2, nested: [1, { a: true }] },
      error: null,
      logs: [{ level: 'warn', message: 'careful' }],
    });
    expect(typeof run.body.durationMs).toBe('number');
    const broken = await app.server.request('POST', '/api/tools/compile', { body: 'return (1 +;' });
    expect(broken.body).toMatchObject({ ok: false, line: 1 });
    expect(typeof broken.body.error).toBe('string');
    expect(typeof broken.body.column).toBe('number');
    expect((await app.server.request('POST', '/api/tools/compile', { body: 'return 1;' })).body).toEqual({
      ok: true,
    });
  });
});
