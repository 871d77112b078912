// The card import's schemas (@toolsmith/core/api-schema cardImportRouteSchemas): in /api/openapi.json with
// the review, the Apply body and the answers; a refused Apply body names each field; a saved card's answer
// keeps every field the Characters page reads.

import { describe, expect, it } from 'vitest';
import { jsonSchemaOf as json, serverWithOpenApiForFile } from '../test-support/openapi-doc.js';

const app = serverWithOpenApiForFile();

describe('card import route schemas', () => {
  it('are in the OpenAPI document with the review, the Apply body and the answers', () => {
    const imported = app.doc.paths['/api/characters/import'].post;
    const review = json(imported.responses['200']);
    expect(JSON.stringify(review.properties.status)).toContain('"review"');
    expect(Object.keys(review.properties.review.properties)).toEqual(
      expect.arrayContaining(['card', 'format', 'version', 'tools', 'hasTools', 'warnings', 'lorebook']),
    );
    const saved = json(imported.responses['201']);
    expect(Object.keys(saved.properties)).toEqual(
      expect.arrayContaining(['status', 'character', 'tools', 'skipped', 'lorebookId', 'warnings']),
    );
    const apply = app.doc.paths['/api/characters/import/{importId}/apply'].post;
    expect(json(apply.requestBody).required).toEqual(['withTools']);
    expect(JSON.stringify(json(apply.responses['201']).properties.status)).toContain('"saved"');
    expect(app.doc.paths['/api/characters/import/{importId}'].get.parameters[0]).toMatchObject({
      in: 'path',
      name: 'importId',
    });
  });

  it('refuses a bad Apply body naming each field, before looking for the import', async () => {
    const bad = await app.server.request('POST', '/api/characters/import/imp_none/apply', {
      withTools: 'yes',
      lorebook: 'merge',
      tools: 'all',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.details).toEqual([
      { field: 'withTools', message: 'withTools must be true or false.' },
      {
        field: 'lorebook',
        message:
          "lorebook must be one of replace, keep-both, skip (what to do with the card's lorebook when one of that name is stored).",
      },
      { field: 'tools', message: 'tools must be a list of the names of the card tools to import.' },
    ]);
    const gone = await app.server.request('POST', '/api/characters/import/imp_none/apply', {
      withTools: false,
    });
    expect(gone.status).toBe(404);
  });

  it("answers a saved card with every field the Characters page reads, the card's extensions whole", async () => {
    const saved = await app.server.request('POST', '/api/characters/import', {
      spec: 'chara_card_v2',
      spec_version: '2.0',
      data: {
        name: 'Ava',
        description: 'A navigator.',
        tags: ['sea'],
        alternate_greetings: ['Ahoy.'],
        extensions: { custom: { nested: [1, { a: true }] } },
      },
    });
    expect(saved.status).toBe(201);
    expect(saved.body).toMatchObject({
      status: 'saved',
      character: {
        name: 'Ava',
        description: 'A navigator.',
        tags: ['sea'],
        alternate_greetings: ['Ahoy.'],
        extensions: { custom: { nested: [1, { a: true }] } },
        hasAvatar: false,
        lorebookId: null,
      },
      tools: [],
      skipped: [],
      lorebookId: null,
      warnings: [],
    });
    expect(typeof saved.body.character.id).toBe('string');
  });
});
