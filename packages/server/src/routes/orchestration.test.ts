// The orchestration profile, its simulation, and the hook before the main reply — over real HTTP against
// the provider emulator.
import type { Emulator } from '@toolsmith/emulator';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { collect, postSse } from '../generation/__fixtures__/sse-client.js';
import {
  requestsWith,
  scriptAgents,
  streamed,
  systemText,
  toolNames,
} from '../orchestration/__fixtures__/scripted-agents.js';
import {
  createSeededChat,
  type EmulatedServer,
  startEmulatedServer,
} from '../test-support/emulated-server.js';
import type { TestServer } from '../test-support/test-server.js';

const staticTool = (name: string, mode: 'read' | 'write', staticResult: string) => ({
  name,
  description: `The ${name} tool.`,
  parameters: { type: 'object', properties: {} },
  mode,
  kind: 'static',
  staticResult,
  enabled: true,
});

describe('/api/orchestration', () => {
  let server: TestServer;
  let emulator: Emulator;
  let connectionId: string;
  let setup: EmulatedServer;

  beforeAll(async () => {
    setup = await startEmulatedServer({ connection: { apiKey: 'sk-test' } });
    ({ server, emulator, connectionId } = setup);
  });
  afterAll(() => setup.close());
  beforeEach(() => emulator.reset());

  const newChat = (settings: Record<string, unknown> = {}) =>
    createSeededChat(server, {
      connectionId,
      settings,
      messages: [
        { role: 'user', content: 'We reach the gate.' },
        { role: 'assistant', content: 'A guard blocks it.' },
      ],
    });

  const profile = {
    mode: 'loop',
    tools: [staticTool('gate_status', 'read', 'closed'), staticTool('open_gate', 'write', 'opened')],
    loop: { agent: { name: 'planner', systemPrompt: 'PLANNER: plan.', tools: [] } },
    director: {
      agent: { name: 'boss', systemPrompt: 'DIRECTOR: delegate.', tools: [] },
      subAgents: [
        {
          name: 'scout',
          description: 'Looks around.',
          agent: { name: 'scout', systemPrompt: 'SCOUT: look.', tools: [] },
          toolOverrides: { gate_status: false },
        },
      ],
    },
    limits: { maxRounds: 4 },
  };

  it('serves the default profile, stores a valid one and refuses an invalid one with details', async () => {
    const initial = await server.request('GET', '/api/orchestration');
    expect(initial.status).toBe(200);
    expect(initial.body).toMatchObject({ mode: 'loop', tools: [], director: { subAgents: [] } });

    const put = await server.request('PUT', '/api/orchestration', profile);
    expect(put.status).toBe(200);
    expect(put.body.tools.map((t: any) => t.name)).toEqual(['gate_status', 'open_gate']);
    expect((await server.request('GET', '/api/orchestration')).body).toEqual(put.body);

    const bad = await server.request('PUT', '/api/orchestration', {
      mode: 'director',
      tools: [staticTool('roll_dice', 'read', 'x')],
      director: { subAgents: [] },
      loop: { agent: { agentId: 'ag_missing' } },
    });
    expect(bad.status).toBe(400);
    const fields = bad.body.details.map((d: any) => d.field);
    expect(fields).toEqual(
      expect.arrayContaining(['tools.0.name', 'director.subAgents', 'loop.agent.agentId']),
    );
    // the stored profile is unchanged
    expect((await server.request('GET', '/api/orchestration')).body).toEqual(put.body);
  });

  it('keeps stored agents by reference and runs them with their prompt', async () => {
    const agent = (
      await server.request('POST', '/api/agents', { name: 'stored_planner', systemPrompt: 'STORED planner.' })
    ).body;
    const put = await server.request('PUT', '/api/orchestration', {
      ...profile,
      loop: { agent: { agentId: agent.id } },
    });
    expect(put.status).toBe(200);
    expect(put.body.loop.agent).toEqual({ agentId: agent.id });
    scriptAgents(emulator, { STORED: () => ({ text: 'stored notes' }) });
    const chatId = await newChat();
    const sim = await server.request('POST', '/api/orchestration/simulate', { chatId });
    expect(sim.status).toBe(200);
    expect(sim.body.trace.root.agent).toBe('stored_planner');
    expect(sim.body.outcome.notes).toBe('stored notes');
    await server.request('PUT', '/api/orchestration', profile);
  });

  it('simulates the loop: reads run, writes are unvalidated, nothing is written', async () => {
    await server.request('PUT', '/api/orchestration', profile);
    const chatId = await newChat();
    scriptAgents(emulator, {
      PLANNER: (n) =>
        n === 0
          ? {
              toolCalls: [
                { id: 'a', name: 'gate_status', args: {} },
                { id: 'b', name: 'open_gate', args: {} },
                { id: 'c', name: 'set_variable', args: { name: 'gate', value: 'open' } },
                { id: 'd', name: 'orchestration_set_variable', args: { name: 'alarm', value: true } },
              ],
            }
          : { text: 'The guard can be bribed.' },
    });
    const { storage } = server.app.toolsmith;
    const before = {
      messages: await storage.messages.list(chatId),
      chat: await storage.variables.list(chatId),
      global: await storage.variables.list(null),
    };
    const sim = await server.request('POST', '/api/orchestration/simulate', { chatId });
    expect(sim.status).toBe(200);
    expect(sim.body.trace).toMatchObject({ mode: 'loop', simulate: true });
    const calls = sim.body.trace.root.rounds[0].calls;
    expect(calls.map((c: any) => [c.name, c.ok, c.simulated, c.unvalidated])).toEqual([
      ['gate_status', true, true, false],
      ['open_gate', true, true, true],
      ['set_variable', true, true, true],
      ['orchestration_set_variable', true, true, false],
    ]);
    expect(calls[0].result).toBe('closed');
    // what it would have done
    expect(sim.body.outcome).toEqual({
      notes: 'The guard can be bribed.',
      forcedEntries: [],
      variableWrites: [{ scope: 'chat', name: 'alarm', value: true }],
    });
    // the agent read the chat
    const first = requestsWith(emulator, 'PLANNER')[0];
    expect(JSON.stringify(first.body)).toContain('A guard blocks it.');
    expect(toolNames(first)).toEqual(expect.arrayContaining(['gate_status', 'open_gate', 'set_variable']));
    // nothing stored
    expect(await storage.messages.list(chatId)).toEqual(before.messages);
    expect(await storage.variables.list(chatId)).toEqual(before.chat);
    expect(await storage.variables.list(null)).toEqual(before.global);
  });

  it('simulates the director: the sub-agent is not offered what its override disables', async () => {
    await server.request('PUT', '/api/orchestration', profile);
    const chatId = await newChat();
    scriptAgents(emulator, {
      DIRECTOR: (n) =>
        n === 0
          ? { toolCalls: [{ id: 'd', name: 'delegate', args: { agent: 'scout', task: 'Check the gate.' } }] }
          : { text: 'Plan: sneak in.' },
      SCOUT: () => ({ text: 'Two guards.' }),
    });
    const sim = await server.request('POST', '/api/orchestration/simulate', { chatId, mode: 'director' });
    expect(sim.status).toBe(200);
    expect(sim.body.trace.mode).toBe('director');
    const call = sim.body.trace.root.rounds[0].calls[0];
    expect(call).toMatchObject({ name: 'delegate', ok: true, result: 'Two guards.' });
    expect(call.delegation).toMatchObject({ agent: 'scout', role: 'sub-agent', finalText: 'Two guards.' });
    const scoutTools = toolNames(requestsWith(emulator, 'SCOUT')[0]);
    expect(scoutTools).not.toContain('gate_status');
    expect(scoutTools).not.toContain('delegate');
    expect(scoutTools).toContain('open_gate');
    expect(toolNames(requestsWith(emulator, 'DIRECTOR')[0])).toEqual(
      expect.arrayContaining(['delegate', 'gate_status']),
    );
    expect(sim.body.outcome.notes).toBe('Plan: sneak in.');
  });

  it('refuses a simulation without a chat or with a bad mode', async () => {
    const res = await server.request('POST', '/api/orchestration/simulate', {
      chatId: 'ch_none',
      mode: 'swarm',
    });
    expect(res.status).toBe(400);
    expect(res.body.details.map((d: any) => d.field).sort()).toEqual(['mode']);
    const noChat = await server.request('POST', '/api/orchestration/simulate', { chatId: 'ch_none' });
    expect(noChat.status).toBe(400);
    expect(noChat.body.details[0].field).toBe('chatId');
  });

  it('checks settings.orchestration on chats', async () => {
    const bad = await server.request('POST', '/api/chats', {
      title: 'x',
      settings: { orchestration: { enabled: 'yes', mode: 'swarm', extra: 1 } },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.details.map((d: any) => d.field).sort()).toEqual([
      'settings.orchestration.enabled',
      'settings.orchestration.extra',
      'settings.orchestration.mode',
    ]);
    const good = await server.request('POST', '/api/chats', {
      title: 'x',
      settings: { orchestration: { enabled: true, mode: 'director' } },
    });
    expect(good.status).toBe(201);
    expect(good.body.settings.orchestration).toEqual({ enabled: true, mode: 'director' });
    const patched = await server.request('PATCH', `/api/chats/${good.body.id}`, {
      settings: { orchestration: { enabled: false } },
    });
    expect(patched.body.settings.orchestration).toEqual({ enabled: false });
  });

  it('runs before the main reply: events stream first, notes reach the reply, variables are stored', async () => {
    await server.request('PUT', '/api/orchestration', profile);
    const chatId = await newChat({ orchestration: { enabled: true } });
    scriptAgents(emulator, {
      PLANNER: (n) =>
        n === 0
          ? {
              toolCalls: [
                { id: 'n', name: 'orchestration_note', args: { text: 'The guard is sleepy.' } },
                { id: 'v', name: 'set_variable', args: { name: 'alert', value: 2 } },
              ],
            }
          : { text: '' },
      // the main reply's system prompt carries the notes
      'Orchestration notes': () => ({ text: 'You slip past the sleepy guard.' }),
    });
    const call = await postSse(`${server.url}/api/chats/${chatId}/generate`, { content: 'I sneak in.' });
    expect(call.status).toBe(200);
    const events = await collect(call);
    const names = events.map((e) => e.event);
    const firstText = names.indexOf('text-delta');
    expect(names.indexOf('orchestration-event')).toBeGreaterThan(-1);
    expect(names.indexOf('orchestration-result')).toBeLessThan(firstText);
    expect(events.find((e) => e.event === 'orchestration-event')?.data).toMatchObject({
      type: 'agent-start',
      agent: 'planner',
    });
    const result = events.find((e) => e.event === 'orchestration-result')!.data;
    expect(result.outcome.notes).toBe('The guard is sleepy.');
    expect(result.trace.simulate).toBe(false);

    const main = emulator.requests.find((r) => systemText(r).includes('Orchestration notes'))!;
    expect(systemText(main)).toContain('The guard is sleepy.');
    // the planner saw the new user message
    expect(JSON.stringify(requestsWith(emulator, 'PLANNER')[0].body)).toContain('I sneak in.');
    const { storage } = server.app.toolsmith;
    expect(await storage.variables.list(chatId)).toEqual({ alert: 2 });
    const stored = await storage.messages.list(chatId);
    expect(stored.at(-1)).toMatchObject({ role: 'assistant', content: 'You slip past the sleepy guard.' });
  });

  it("entries the orchestration forces join the main reply's world info", async () => {
    await server.request('PUT', '/api/orchestration', profile);
    const book = await server.request('POST', '/api/lorebooks', {
      name: 'Secrets',
      entries: [{ uid: 7, keys: ['password'], content: 'The gate opens to the word "mellon".' }],
    });
    expect(book.status).toBe(201);
    const chatId = await newChat({ orchestration: { enabled: true }, lorebookIds: [book.body.id] });
    scriptAgents(emulator, {
      PLANNER: (n) =>
        n === 0
          ? {
              toolCalls: [
                {
                  id: 'f',
                  name: 'orchestration_activate_entries',
                  args: { entries: [{ book: 'Secrets', uid: 7 }] },
                },
              ],
            }
          : { text: 'Mention the word.' },
      'Orchestration notes': () => ({ text: 'Mellon!' }),
    });
    const events = await collect(
      await postSse(`${server.url}/api/chats/${chatId}/generate`, { content: 'Open it.' }),
    );
    expect(events.find((e) => e.event === 'orchestration-result')?.data.outcome.forcedEntries).toEqual([
      { book: 'Secrets', uid: 7 },
    ]);
    const main = emulator.requests.find((r) => systemText(r).includes('Orchestration notes'))!;
    // no key matched ("password" is nowhere in the chat): only the orchestration put it there
    expect(JSON.stringify(main.body)).toContain('mellon');
    expect(JSON.stringify(requestsWith(emulator, 'PLANNER')[0].body)).not.toContain('mellon');
  });

  it('a failing orchestration is reported, applies nothing, and the reply still comes', async () => {
    await server.request('PUT', '/api/orchestration', profile);
    const chatId = await newChat({ orchestration: { enabled: true } });
    let planner = 0;
    emulator.on('/v1/chat/completions', (req) => {
      if (systemText(req).includes('PLANNER')) {
        planner++;
        return planner === 1
          ? streamed({ toolCalls: [{ id: 'v', name: 'set_variable', args: { name: 'half', value: 1 } }] })
          : { status: 401, json: { error: { message: 'bad key', type: 'invalid_request_error' } } };
      }
      return streamed({ text: 'Reply without notes.' });
    });
    const events = await collect(
      await postSse(`${server.url}/api/chats/${chatId}/generate`, { content: 'Go.' }),
    );
    const failure = events.find((e) => e.event === 'orchestration-error');
    expect(failure?.data.code).toBe('auth_missing');
    expect(events.find((e) => e.event === 'orchestration-result')?.data.trace.root.error.code).toBe(
      'auth_missing',
    );
    expect(
      events
        .filter((e) => e.event === 'text-delta')
        .map((e) => e.data.text)
        .join(''),
    ).toBe('Reply without notes.');
    const { storage } = server.app.toolsmith;
    expect(await storage.variables.list(chatId)).toEqual({});
    const main = emulator.requests.at(-1)!;
    expect(systemText(main)).not.toContain('Orchestration notes');
  });

  it('a chat without orchestration never calls an agent', async () => {
    await server.request('PUT', '/api/orchestration', profile);
    const chatId = await newChat();
    scriptAgents(emulator, { '': () => ({ text: 'plain reply' }) });
    const events = await collect(
      await postSse(`${server.url}/api/chats/${chatId}/generate`, { content: 'Hi' }),
    );
    expect(events.some((e) => e.event.startsWith('orchestration'))).toBe(false);
    expect(emulator.requests).toHaveLength(1);
  });
});
