import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test-support/test-server.js';
import { scriptTool, staticTool, uploadCard, v2Card, webhookTool } from './__fixtures__/character-cards.js';

// Issue 14.6: the card review has a checkbox per tool; Apply stores only the ticked ones.

let server: TestServer;
beforeEach(async () => {
  server = await startTestServer();
});
afterEach(async () => {
  await server.close();
});

const review = async () =>
  uploadCard(
    server,
    JSON.stringify(v2Card({ tools: [scriptTool, webhookTool, staticTool] })),
    'application/json',
  );

describe('card import with tools picked one by one', () => {
  it('stores only the named tools; the others are reported as not selected', async () => {
    const held = await review();
    expect(held.body.status).toBe('review');
    const applied = await server.request('POST', `/api/characters/import/${held.body.importId}/apply`, {
      withTools: true,
      tools: [staticTool.name],
    });
    expect(applied.status).toBe(201);
    expect(applied.body.tools.map((t: any) => t.name)).toEqual([staticTool.name]);
    expect(applied.body.skipped).toEqual(
      expect.arrayContaining([
        { name: scriptTool.name, reason: 'Not selected in the review.' },
        { name: webhookTool.name, reason: 'Not selected in the review.' },
      ]),
    );
  });

  it('400s name the wrong entry and keep the review held', async () => {
    const held = await review();
    const apply = (body: unknown) =>
      server.request('POST', `/api/characters/import/${held.body.importId}/apply`, body);
    const notList = await apply({ withTools: true, tools: 'all' });
    expect(notList.status).toBe(400);
    expect(notList.body.details[0].field).toBe('tools');
    const unknown = await apply({ withTools: true, tools: [staticTool.name, 'nope', 3] });
    expect(unknown.status).toBe(400);
    expect(unknown.body.details.map((d: any) => d.field)).toEqual(['tools[1]', 'tools[2]']);
    expect(unknown.body.details[0].message).toContain(staticTool.name);
    const none = await apply({ withTools: true, tools: [] });
    expect(none.status).toBe(201);
    expect(none.body.tools).toEqual([]);
    expect((await server.request('GET', '/api/characters')).body.characters).toHaveLength(1);
  });
});
