// The Studio routes' schemas through the real server: refused bodies name the field (before any session is
// looked up), and /api/openapi.json carries the group with its request and response schemas.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test-support/test-server.js';

describe('studio route schemas', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it('refuses bodies of the wrong shape, naming the field', async () => {
    const create = await server.request('POST', '/api/studio/sessions', { goal: 7, extra: true });
    expect(create.status).toBe(400);
    expect(create.body.details).toEqual([
      { field: 'chatId', message: 'chatId must name the chat the Studio tries the profile on.' },
      {
        field: 'connectionId',
        message: 'connectionId must name the connection the authoring agent runs on.',
      },
      { field: 'extra', message: 'Unknown field "extra". Known fields: chatId, connectionId, goal.' },
      { field: 'goal', message: 'goal must be text of at most 20000 characters.' },
    ]);
    const message = await server.request('POST', '/api/studio/sessions/st_none/messages', {});
    expect(message.status).toBe(400);
    expect(message.body.details).toEqual([{ field: 'content', message: 'content must not be empty.' }]);
    const long = await server.request('POST', '/api/studio/sessions/st_none/messages', {
      content: 'x'.repeat(20_001),
    });
    expect(long.body.details).toEqual([
      { field: 'content', message: 'content must be text of at most 20000 characters.' },
    ]);
    const edit = await server.request('PATCH', '/api/studio/sessions/st_none/proposals/p1', {
      change: 'set',
    });
    expect(edit.status).toBe(400);
    expect(edit.body.details).toEqual([
      { field: 'change', message: "change must be the proposal's change (as in the proposal)." },
    ]);
    const simulate = await server.request('POST', '/api/studio/sessions/st_none/simulate', {
      enableNew: 'yes',
      mode: 'chaos',
    });
    expect(simulate.status).toBe(400);
    expect(simulate.body.details).toEqual([
      { field: 'mode', message: 'mode must be one of "loop", "director", "spec", "agenda".' },
      { field: 'enableNew', message: 'enableNew must be true or false.' },
    ]);
    // a body of the right shape reaches the route: the session is looked up
    expect((await server.request('POST', '/api/studio/sessions/st_none/simulate', {})).status).toBe(404);
    // no body at all: the defaults (as before the schema)
    const bare = await server.request('POST', '/api/studio/sessions/st_none/simulate');
    expect(bare.body).toEqual({ error: 'No Studio session with id "st_none".' });
    expect(bare.status).toBe(404);
  });

  it('is in /api/openapi.json with its request and response schemas', async () => {
    const doc = (await server.request('GET', '/api/openapi.json')).body;
    const json = (op: any, status: string) => op.responses[status].content['application/json'].schema;
    const create = doc.paths['/api/studio/sessions'].post;
    expect(create.requestBody.content['application/json'].schema.required).toEqual([
      'chatId',
      'connectionId',
      'goal',
    ]);
    const session = json(create, '201');
    expect(Object.keys(session.properties)).toEqual(
      expect.arrayContaining(['id', 'title', 'chatId', 'messages', 'proposals', 'pending', 'updatedAt']),
    );
    expect(Object.keys(session.properties.proposals.items.properties)).toEqual(
      expect.arrayContaining(['change', 'toolBefore', 'toolAfter', 'dryRuns', 'arrivesDisabled', 'edited']),
    );
    expect(session.properties.proposals.items.properties.change.anyOf).toHaveLength(5);
    const accept = doc.paths['/api/studio/sessions/{id}/proposals/{pid}/accept'].post;
    expect(json(accept, '200').required).toEqual(['session', 'historyId', 'profile']);
    expect(json(accept, '200').properties.profile.required).toEqual(
      expect.arrayContaining(['loop', 'tools']),
    );
    const compare = json(doc.paths['/api/studio/sessions/{id}/simulate'].post, '200');
    expect(compare.properties.current.anyOf).toHaveLength(2);
    expect(
      Object.keys(json(doc.paths['/api/studio/sessions'].get, '200').properties.sessions.items.properties),
    ).toEqual(['id', 'title', 'chatId', 'pending', 'updatedAt']);
    const edit = doc.paths['/api/studio/sessions/{id}/proposals/{pid}'].patch;
    expect(edit.parameters.map((p: any) => p.name)).toEqual(['id', 'pid']);
  });
});
