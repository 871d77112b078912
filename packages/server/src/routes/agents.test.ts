// Agents over real HTTP: CRUD, and an on-demand run against the provider emulator.
import type { Emulator } from '@toolsmith/emulator';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { requestsWith, scriptAgents, toolNames } from '../orchestration/__fixtures__/scripted-agents.js';
import {
  createSeededChat,
  type EmulatedServer,
  startEmulatedServer,
} from '../test-support/emulated-server.js';
import type { TestServer } from '../test-support/test-server.js';

describe('/api/agents', () => {
  let server: TestServer;
  let emulator: Emulator;
  let connectionId: string;
  let chatId: string;
  let setup: EmulatedServer;

  beforeAll(async () => {
    setup = await startEmulatedServer({ connection: { apiKey: 'sk-test' } });
    ({ server, emulator, connectionId } = setup);
    chatId = await createSeededChat(server, {
      connectionId,
      messages: [{ role: 'user', content: 'The dragon wakes.' }],
    });
  });
  afterAll(() => setup.close());
  beforeEach(() => emulator.reset());

  it('creates, lists, reads, updates and deletes agents', async () => {
    const created = await server.request('POST', '/api/agents', {
      name: 'narrator',
      connectionId,
      systemPrompt: 'Narrate.',
      tools: ['roll_dice', 'roll_dice'],
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      name: 'narrator',
      connectionId,
      presetId: null,
      systemPrompt: 'Narrate.',
      tools: ['roll_dice'],
    });
    const id = created.body.id;
    expect((await server.request('GET', '/api/agents')).body.agents.map((a: any) => a.id)).toContain(id);
    expect((await server.request('GET', `/api/agents/${id}`)).body.name).toBe('narrator');

    const patched = await server.request('PATCH', `/api/agents/${id}`, { systemPrompt: 'Narrate darkly.' });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({
      name: 'narrator',
      systemPrompt: 'Narrate darkly.',
      tools: ['roll_dice'],
    });

    expect((await server.request('DELETE', `/api/agents/${id}`)).status).toBe(204);
    expect((await server.request('GET', `/api/agents/${id}`)).status).toBe(404);
    expect((await server.request('DELETE', `/api/agents/${id}`)).status).toBe(404);
  });

  it('refuses bad bodies with every problem listed, and duplicate names', async () => {
    const bad = await server.request('POST', '/api/agents', {
      name: '9 lives',
      connectionId: 'nope',
      tools: ['bad name'],
      colour: 'red',
    });
    expect(bad.status).toBe(400);
    // the route schema answers first: the shape (unknown fields, the name's pattern), every problem listed
    expect(bad.body.details).toEqual([
      {
        field: 'colour',
        message: 'Unknown field "colour". Known fields: name, connectionId, presetId, systemPrompt, tools.',
      },
      {
        field: 'name',
        message: 'Agent name must start with a letter and use letters, digits, "_" or "-" (1–64 characters).',
      },
    ]);
    // then the rules the schema cannot know: tool names, that the connection exists
    const rules = await server.request('POST', '/api/agents', {
      name: 'fine',
      connectionId: 'nope',
      tools: ['bad name'],
    });
    expect(rules.status).toBe(400);
    expect(rules.body.details).toEqual([
      { field: 'tools', message: '"bad name" is not a valid tool name.' },
      { field: 'connectionId', message: 'No connection with id "nope".' },
    ]);
    const types = await server.request(
      'PATCH',
      `/api/agents/${(await server.request('POST', '/api/agents', { name: 'typed' })).body.id}`,
      {
        presetId: 7,
        tools: 'roll_dice',
        systemPrompt: false,
      },
    );
    expect(types.status).toBe(400);
    expect(types.body.details).toEqual([
      { field: 'presetId', message: 'presetId must be an id or null.' },
      { field: 'systemPrompt', message: 'systemPrompt must be text of at most 50000 characters.' },
      { field: 'tools', message: 'tools must be a list of tool names (at most 1000).' },
    ]);

    expect((await server.request('POST', '/api/agents', { name: 'twin' })).status).toBe(201);
    const dup = await server.request('POST', '/api/agents', { name: 'twin' });
    expect(dup.status).toBe(409);
    expect(dup.body.error).toBe('An agent named "twin" already exists.');
  });

  it('refuses to delete an agent the orchestration profile uses', async () => {
    const agent = (await server.request('POST', '/api/agents', { name: 'used' })).body;
    const put = await server.request('PUT', '/api/orchestration', { loop: { agent: { agentId: agent.id } } });
    expect(put.status).toBe(200);
    const del = await server.request('DELETE', `/api/agents/${agent.id}`);
    expect(del.status).toBe(409);
    expect(del.body.error).toContain('loop.agent');
    await server.request('PUT', '/api/orchestration', {});
    expect((await server.request('DELETE', `/api/agents/${agent.id}`)).status).toBe(204);
  });

  it('runs an agent on a chat with its pinned tools; a real run stores the variables it set', async () => {
    const agent = (
      await server.request('POST', '/api/agents', {
        name: 'keeper',
        systemPrompt: 'KEEPER: track state.',
        tools: ['set_variable', 'roll_dice'],
      })
    ).body;
    scriptAgents(emulator, {
      KEEPER: (n) =>
        n === 0
          ? { toolCalls: [{ id: 'v1', name: 'set_variable', args: { name: 'dragon', value: 'awake' } }] }
          : { text: 'The dragon is awake.' },
    });
    const run = await server.request('POST', `/api/agents/${agent.id}/run`, { chatId });
    expect(run.status).toBe(200);
    expect(run.body.applied).toBe(true);
    expect(run.body.outcome).toEqual({
      notes: 'The dragon is awake.',
      forcedEntries: [],
      variableWrites: [{ scope: 'chat', name: 'dragon', value: 'awake' }],
    });
    expect(run.body.trace.root).toMatchObject({
      agent: 'keeper',
      role: 'agent',
      stoppedBecause: 'completed',
    });
    expect(toolNames(requestsWith(emulator, 'KEEPER')[0])).toEqual(['roll_dice', 'set_variable']);
    // the user's chat text went to the agent; the chat's connection was used (the agent has none)
    expect(JSON.stringify(requestsWith(emulator, 'KEEPER')[0].body)).toContain('The dragon wakes.');
    const { storage } = server.app.toolsmith;
    expect(await storage.variables.list(chatId)).toEqual({ dragon: 'awake' });
    // an on-demand run adds no messages to the chat
    expect((await storage.messages.list(chatId)).map((m) => m.content)).toEqual(['The dragon wakes.']);
  });

  it('a simulated run writes nothing and marks the write unvalidated', async () => {
    const agent = (
      await server.request('POST', '/api/agents', {
        name: 'sim',
        systemPrompt: 'SIM agent',
        tools: ['set_variable'],
      })
    ).body;
    scriptAgents(emulator, {
      SIM: (n) =>
        n === 0
          ? { toolCalls: [{ id: 'v1', name: 'set_variable', args: { name: 'gold', value: 99 } }] }
          : { text: 'done' },
    });
    const { storage } = server.app.toolsmith;
    const before = {
      vars: await storage.variables.list(chatId),
      messages: await storage.messages.list(chatId),
    };
    const run = await server.request('POST', `/api/agents/${agent.id}/run`, { chatId, simulate: true });
    expect(run.status).toBe(200);
    expect(run.body.applied).toBe(false);
    expect(run.body.trace.simulate).toBe(true);
    expect(run.body.trace.root.rounds[0].calls[0]).toMatchObject({
      name: 'set_variable',
      ok: true,
      simulated: true,
      unvalidated: true,
    });
    expect(await storage.variables.list(chatId)).toEqual(before.vars);
    expect(await storage.messages.list(chatId)).toEqual(before.messages);
  });

  it('answers 404 for an unknown agent and 400 for an unknown chat', async () => {
    expect((await server.request('POST', '/api/agents/ag_nope/run', { chatId })).status).toBe(404);
    const agent = (await server.request('POST', '/api/agents', { name: 'lonely' })).body;
    const res = await server.request('POST', `/api/agents/${agent.id}/run`, { chatId: 'ch_nope' });
    expect(res.status).toBe(400);
    expect(res.body.details[0].field).toBe('chatId');
  });

  it('refuses a run body of the wrong shape, naming the field', async () => {
    const agent = (await server.request('POST', '/api/agents', { name: 'shapes' })).body;
    const res = await server.request('POST', `/api/agents/${agent.id}/run`, { simulate: 'yes' });
    expect(res.status).toBe(400);
    expect(res.body.details).toEqual([
      { field: 'chatId', message: 'chatId must name the chat the agent reads.' },
      { field: 'simulate', message: 'simulate must be true or false.' },
    ]);
  });

  it('is in /api/openapi.json with its request and response schemas', async () => {
    const doc = (await server.request('GET', '/api/openapi.json')).body;
    const create = doc.paths['/api/agents'].post;
    const body = create.requestBody.content['application/json'].schema;
    expect(body.required).toEqual(['name']);
    expect(body.additionalProperties).toBe(false);
    expect(Object.keys(create.responses)).toEqual(expect.arrayContaining(['201', '400']));
    expect(create.responses['201'].content['application/json'].schema.properties.tools.type).toBe('array');
    const run = doc.paths['/api/agents/{id}/run'].post;
    expect(run.requestBody.content['application/json'].schema.required).toEqual(['chatId']);
    expect(Object.keys(run.responses['200'].content['application/json'].schema.properties)).toEqual(
      expect.arrayContaining(['outcome', 'trace', 'applied']),
    );
  });
});
