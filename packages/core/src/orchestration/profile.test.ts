import { describe, expect, it } from 'vitest';
import {
  defaultOrchestrationProfile,
  MSG_AGENT_NAME,
  parseAgent,
  parseOrchestrationProfile,
} from './profile.js';

describe('parseOrchestrationProfile', () => {
  it('fills defaults for an empty body', () => {
    expect(parseOrchestrationProfile({})).toEqual({ ok: true, value: defaultOrchestrationProfile() });
  });

  it('keeps a full director profile', () => {
    const raw = {
      mode: 'director',
      tools: [
        {
          name: 'weather',
          description: 'd',
          parameters: { type: 'object', properties: {} },
          mode: 'read',
          kind: 'static',
          staticResult: 'x',
          enabled: true,
        },
      ],
      modes: {
        loop: { custom: false, builtin: true },
        director: { custom: true, builtin: false, tools: { roll_dice: true } },
      },
      director: {
        agent: { name: 'boss', systemPrompt: 'lead', tools: [], connectionName: 'main' },
        subAgents: [
          {
            name: 'scout',
            description: 'facts',
            agent: { name: 'scout', systemPrompt: 's', tools: ['weather'] },
            toolOverrides: { weather: false },
          },
        ],
      },
      limits: { maxRounds: 3, wallClockBudgetMs: 5000, repeatLimit: 2 },
    };
    const parsed = parseOrchestrationProfile(raw);
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(parsed.value.director.subAgents[0]).toEqual(raw.director.subAgents[0]);
    expect(parsed.value.modes.director).toEqual(raw.modes.director);
    expect(parsed.value.limits).toEqual(raw.limits);
    expect(parsed.value.director.agent.connectionName).toBe('main');
  });

  it('lists every problem with a field path', () => {
    const parsed = parseOrchestrationProfile(
      {
        mode: 'swarm',
        extra: 1,
        tools: [
          {
            name: 'roll_dice',
            description: 'd',
            parameters: { type: 'object' },
            mode: 'read',
            kind: 'static',
            enabled: true,
          },
        ],
        director: {
          subAgents: [
            { name: 'a b', agent: { name: 'ok', systemPrompt: '', tools: [] } },
            { name: 'x', toolOverrides: { x: 'yes' } },
          ],
        },
        limits: { maxRounds: -1 },
      },
      { reservedNames: ['roll_dice'] },
    );
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    const fields = parsed.errors.map((e) => e.field);
    expect(fields).toEqual(
      expect.arrayContaining([
        'mode',
        'extra',
        'tools.0.name',
        'director.subAgents.0.name',
        'director.subAgents.1.toolOverrides.x',
        'limits.maxRounds',
      ]),
    );
    expect(parsed.errors.find((e) => e.field === 'tools.0.name')?.message).toBe(
      '"roll_dice" is a reserved built-in tool name.',
    );
    expect(parsed.errors.find((e) => e.field === 'director.subAgents.0.name')?.message).toBe(MSG_AGENT_NAME);
  });

  it('refuses director mode without sub-agents and duplicate sub-agent names', () => {
    const a = parseOrchestrationProfile({ mode: 'director' });
    expect(a.ok ? [] : a.errors.map((e) => e.field)).toEqual(['director.subAgents']);
    const b = parseOrchestrationProfile({ director: { subAgents: [{ name: 'x' }, { name: 'x' }] } });
    expect(b.ok ? [] : b.errors.map((e) => e.message)).toEqual(['A sub-agent named "x" already exists.']);
  });

  it('refuses the orchestration tool names for profile tools', () => {
    const parsed = parseOrchestrationProfile({
      tools: [
        {
          name: 'delegate',
          description: 'd',
          parameters: { type: 'object' },
          mode: 'read',
          kind: 'static',
          enabled: true,
        },
      ],
    });
    expect(parsed.ok).toBe(false);
  });
});

describe('parseAgent', () => {
  it('checks names and tool lists', () => {
    expect(parseAgent({ name: 'helper', systemPrompt: 'hi', tools: ['a', 'a', 'b'] })).toEqual({
      ok: true,
      value: { name: 'helper', systemPrompt: 'hi', tools: ['a', 'b'] },
    });
    const bad = parseAgent({ name: '', tools: ['1x'], systemPrompt: 3 });
    expect(bad.ok ? [] : bad.errors.map((e) => e.field)).toEqual(['name', 'tools', 'systemPrompt']);
  });
});

describe('parseOrchestrationProfile — spec and agenda', () => {
  const agent = (name: string) => ({ name, systemPrompt: `${name} prompt`, tools: [] });

  it('keeps a spec graph and an agenda with their overrides', () => {
    const raw = {
      mode: 'spec',
      spec: {
        nodes: [
          { name: 'scout', agent: agent('scout'), inputs: [], toolOverrides: { roll_dice: false } },
          { name: 'write', task: 'Write it up.', agent: agent('writer'), inputs: ['scout', 'scout'] },
        ],
      },
      agenda: {
        planner: agent('boss'),
        agents: [
          { name: 'clerk', description: 'Keeps books.', agent: agent('clerk'), toolOverrides: { x: true } },
        ],
        items: ['Count the gold'],
        maxItems: 5,
        maxAssignments: 3,
      },
    };
    const parsed = parseOrchestrationProfile(raw);
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(parsed.value.spec.nodes).toEqual([
      raw.spec.nodes[0],
      { name: 'write', task: 'Write it up.', agent: agent('writer'), inputs: ['scout'] },
    ]);
    expect(parsed.value.agenda).toEqual(raw.agenda);
    expect(parsed.value.modes.spec).toEqual({ custom: true, builtin: true });
  });

  it('refuses unknown inputs and cycles naming the node, and modes without their agents', () => {
    const unknown = parseOrchestrationProfile({
      spec: { nodes: [{ name: 'a', agent: agent('a'), inputs: ['ghost'] }] },
    });
    expect(unknown.ok).toBe(false);
    if (unknown.ok) return;
    expect(unknown.errors).toEqual([
      {
        field: 'spec.nodes.0.inputs',
        message: 'Node "a" takes input from "ghost", which is not a node of the spec (nodes: a).',
      },
    ]);

    const cycle = parseOrchestrationProfile({
      spec: {
        nodes: [
          { name: 'a', agent: agent('a'), inputs: ['b'] },
          { name: 'b', agent: agent('b'), inputs: ['a'] },
        ],
      },
    });
    expect(cycle.ok).toBe(false);
    if (cycle.ok) return;
    expect(cycle.errors[0].message).toContain('Node "a" is in a cycle (a → b → a)');

    const empty = parseOrchestrationProfile({ mode: 'agenda' });
    expect(empty.ok).toBe(false);
    if (empty.ok) return;
    expect(empty.errors).toEqual([
      { field: 'agenda.agents', message: 'Agenda mode needs at least one agent to assign items to.' },
    ]);
    const noNodes = parseOrchestrationProfile({ mode: 'spec' });
    expect(noNodes.ok || noNodes.errors.map((e) => e.field)).toEqual(['spec.nodes']);
  });

  it('checks agenda limits, items and duplicate names', () => {
    const parsed = parseOrchestrationProfile({
      agenda: {
        agents: [
          { name: 'clerk', agent: agent('clerk') },
          { name: 'clerk', agent: agent('clerk') },
        ],
        items: ['one', '', 'three'],
        maxItems: 1,
        maxAssignments: 0,
      },
    });
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(parsed.errors.map((e) => e.field).sort()).toEqual(
      ['agenda.agents.1.name', 'agenda.items', 'agenda.items.1', 'agenda.maxAssignments'].sort(),
    );
  });

  it('reserves the agenda tool names for profile tools', () => {
    const parsed = parseOrchestrationProfile({
      tools: [
        {
          name: 'agenda_assign',
          description: 'd',
          parameters: { type: 'object', properties: {} },
          mode: 'read',
          kind: 'static',
          staticResult: 'x',
        },
      ],
    });
    expect(parsed.ok || parsed.errors[0].field).toBe('tools.0.name');
  });
});
