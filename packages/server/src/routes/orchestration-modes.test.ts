// Spec and agenda modes through the real server against the provider emulator: the profile's checks (cycles,
// unknown inputs, stored agents in nodes), simulations with nested nodes and overrides that shadow the
// profile's switches, and an agenda run before a chat's reply.
import type { Emulator } from '@toolsmith/emulator';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { collect, postSse } from '../generation/__fixtures__/sse-client.js';
import {
  requestsWith,
  scriptAgents,
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
const agent = (name: string, marker: string, tools: string[] = []) => ({
  name,
  systemPrompt: `${marker}: you are ${name}.`,
  tools,
});

describe('spec and agenda modes over HTTP', () => {
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
      messages: [{ role: 'user', content: 'We reach the gate.' }],
    });

  // gate_status is off for the whole mode; each node's overrides shadow that (or the profile's other defaults)
  const profile = {
    mode: 'spec',
    tools: [staticTool('gate_status', 'read', 'closed'), staticTool('open_gate', 'write', 'opened')],
    modes: {
      spec: { custom: true, builtin: true, tools: { gate_status: false } },
      agenda: { custom: true, builtin: true, tools: { gate_status: false } },
    },
    spec: {
      nodes: [
        { name: 'scout', agent: agent('scout', 'SCOUT'), inputs: [], toolOverrides: { gate_status: true } },
        { name: 'guard', agent: agent('guard', 'GUARD'), inputs: [], toolOverrides: { open_gate: false } },
        { name: 'plan', task: 'Make the plan.', agent: agent('plan', 'PLANNER'), inputs: ['scout', 'guard'] },
      ],
    },
    agenda: {
      planner: agent('boss', 'BOSS'),
      agents: [
        {
          name: 'scout',
          description: 'Looks.',
          agent: agent('scout', 'SCOUT'),
          toolOverrides: { gate_status: true },
        },
      ],
      items: ['Check the gate'],
    },
    limits: { maxRounds: 4 },
  };

  it('stores spec and agenda profiles, and refuses cycles and unknown inputs naming the node', async () => {
    const put = await server.request('PUT', '/api/orchestration', profile);
    expect(put.status).toBe(200);
    expect(put.body.spec.nodes.map((n: any) => n.name)).toEqual(['scout', 'guard', 'plan']);
    expect(put.body.agenda.items).toEqual(['Check the gate']);

    const cycle = await server.request('PUT', '/api/orchestration', {
      ...profile,
      spec: {
        nodes: [
          { name: 'a', agent: agent('a', 'A'), inputs: ['c'] },
          { name: 'b', agent: agent('b', 'B'), inputs: ['a'] },
          { name: 'c', agent: agent('c', 'C'), inputs: ['b'] },
        ],
      },
    });
    expect(cycle.status).toBe(400);
    expect(cycle.body.details).toEqual([
      {
        field: 'spec.nodes.0.inputs',
        message:
          'Node "a" is in a cycle (a → b → c → a). A node may only take inputs from nodes that do not depend on it.',
      },
    ]);
    const unknown = await server.request('PUT', '/api/orchestration', {
      ...profile,
      spec: { nodes: [{ name: 'plan', agent: agent('plan', 'P'), inputs: ['scuot'] }] },
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.details[0]).toMatchObject({ field: 'spec.nodes.0.inputs' });
    expect(unknown.body.details[0].message).toContain('"plan" takes input from "scuot"');
    // nothing of the refused bodies was stored
    expect((await server.request('GET', '/api/orchestration')).body).toEqual(put.body);
  });

  it('simulates a spec: nested nodes in the trace, overrides shadow the mode switches, writes unvalidated', async () => {
    await server.request('PUT', '/api/orchestration', profile);
    const chatId = await newChat();
    scriptAgents(emulator, {
      SCOUT: (n) =>
        n === 0 ? { toolCalls: [{ id: 's', name: 'gate_status', args: {} }] } : { text: 'Gate closed.' },
      GUARD: () => ({ text: 'One guard, sleepy.' }),
      PLANNER: (n) =>
        n === 0
          ? { toolCalls: [{ id: 'o', name: 'open_gate', args: {} }] }
          : { text: 'Sneak past the guard.' },
    });
    const sim = await server.request('POST', '/api/orchestration/simulate', { chatId });
    expect(sim.status).toBe(200);
    const { trace, outcome } = sim.body;
    expect(trace).toMatchObject({ mode: 'spec', simulate: true, root: { role: 'spec', agent: 'spec' } });
    const nodes = Object.fromEntries(trace.root.children.map((n: any) => [n.agent, n]));
    expect(Object.keys(nodes).sort()).toEqual(['guard', 'plan', 'scout']);
    expect(nodes.plan.inputs).toEqual(['scout', 'guard']);
    expect(nodes.scout.rounds[0].calls[0]).toMatchObject({ name: 'gate_status', ok: true, result: 'closed' });
    expect(nodes.plan.rounds[0].calls[0]).toMatchObject({
      name: 'open_gate',
      simulated: true,
      unvalidated: true,
    });
    // the node override turns gate_status back on for the scout alone; the guard's turns open_gate off
    expect(toolNames(requestsWith(emulator, 'SCOUT')[0])).toContain('gate_status');
    expect(toolNames(requestsWith(emulator, 'GUARD')[0])).not.toContain('gate_status');
    expect(toolNames(requestsWith(emulator, 'GUARD')[0])).not.toContain('open_gate');
    expect(toolNames(requestsWith(emulator, 'PLANNER')[0])).toEqual(expect.arrayContaining(['open_gate']));
    expect(toolNames(requestsWith(emulator, 'PLANNER')[0])).not.toContain('gate_status');
    expect(JSON.stringify(requestsWith(emulator, 'PLANNER')[0].body)).toContain(
      '[guard]\\nOne guard, sleepy.',
    );
    expect(outcome.notes).toBe('Sneak past the guard.');
  });

  it('a stored agent can sit in a node; deleting it is refused naming the node', async () => {
    const stored = (
      await server.request('POST', '/api/agents', { name: 'lookout', systemPrompt: 'LOOKOUT.' })
    ).body;
    const put = await server.request('PUT', '/api/orchestration', {
      ...profile,
      spec: { nodes: [{ name: 'watch', agent: { agentId: stored.id }, inputs: [] }] },
    });
    expect(put.status).toBe(200);
    expect(put.body.spec.nodes[0].agent).toEqual({ agentId: stored.id });
    const del = await server.request('DELETE', `/api/agents/${stored.id}`);
    expect(del.status).toBe(409);
    expect(del.body.error).toContain('spec.nodes.0.agent');
    scriptAgents(emulator, { LOOKOUT: () => ({ text: 'All clear.' }) });
    const sim = await server.request('POST', '/api/orchestration/simulate', { chatId: await newChat() });
    expect(sim.body.trace.root.children[0]).toMatchObject({ agent: 'lookout', finalText: 'All clear.' });
    await server.request('PUT', '/api/orchestration', profile);
    expect((await server.request('DELETE', `/api/agents/${stored.id}`)).status).toBe(204);
  });

  it('runs an agenda before the reply: nested agents stream with their path, the notes reach the reply', async () => {
    await server.request('PUT', '/api/orchestration', profile);
    const chatId = await newChat({ orchestration: { enabled: true, mode: 'agenda' } });
    scriptAgents(emulator, {
      BOSS: (n) =>
        n === 0
          ? { toolCalls: [{ id: 'a', name: 'agenda_assign', args: { item: 1, agent: 'scout' } }] }
          : n === 1
            ? { toolCalls: [{ id: 'c', name: 'agenda_complete', args: { item: 1, summary: 'closed' } }] }
            : { text: 'The gate is closed; find another way.' },
      SCOUT: (n) =>
        n === 0 ? { toolCalls: [{ id: 's', name: 'gate_status', args: {} }] } : { text: 'Closed.' },
      'Orchestration notes': () => ({ text: 'You look for another way in.' }),
    });
    const events = await collect(
      await postSse(`${server.url}/api/chats/${chatId}/generate`, { content: 'Go.' }),
    );
    const orchestration = events.filter((e) => e.event === 'orchestration-event').map((e) => e.data);
    expect(orchestration.find((e) => e.type === 'agent-start' && e.agent === 'scout')).toMatchObject({
      role: 'sub-agent',
      path: ['boss', 'scout'],
    });
    const result = events.find((e) => e.event === 'orchestration-result')!.data;
    expect(result.trace.mode).toBe('agenda');
    expect(result.trace.agenda).toEqual([
      {
        id: '1',
        text: 'Check the gate',
        status: 'done',
        assignedTo: 'scout',
        result: 'Closed.',
        note: 'closed',
      },
    ]);
    expect(result.trace.root.rounds[0].calls[0].delegation).toMatchObject({
      agent: 'scout',
      finalText: 'Closed.',
    });
    expect(toolNames(requestsWith(emulator, 'BOSS')[0])).not.toContain('gate_status');
    expect(toolNames(requestsWith(emulator, 'SCOUT')[0])).toContain('gate_status');
    const main = emulator.requests.find((r) => systemText(r).includes('Orchestration notes'))!;
    expect(systemText(main)).toContain('The gate is closed; find another way.');
  });

  it('a mode without its agents is refused with its code', async () => {
    await server.request('PUT', '/api/orchestration', { ...profile, spec: { nodes: [] }, mode: 'loop' });
    const chatId = await newChat();
    const sim = await server.request('POST', '/api/orchestration/simulate', { chatId, mode: 'spec' });
    expect(sim.status).toBe(400);
    expect(sim.body).toMatchObject({ code: 'no_spec_nodes' });
    expect(sim.body.error).toContain('spec.nodes');
    const chat = await server.request('PATCH', `/api/chats/${chatId}`, {
      settings: { orchestration: { enabled: true, mode: 'agenda' } },
    });
    expect(chat.body.settings.orchestration).toEqual({ enabled: true, mode: 'agenda' });
  });
});
