// Spec and agenda modes against the provider emulator: dependency order, parallel nodes, inputs, failures,
// the planner's agenda tools and limits, and per-node overrides that shadow the profile's switches.
import { createEmulator, type Emulator } from '@toolsmith/emulator';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { lastUserOf, script, scriptedSetup, systemOf, toolNames } from './__fixtures__/scripted-run.js';
import { defaultOrchestrationProfile } from './profile.js';
import { runOrchestration } from './run-orchestration.js';
import type { Agent, OrchestrationEvent, OrchestrationProfile } from './types.js';

const chat = [{ role: 'user' as const, content: 'We reach the harbor.' }];
const agent = (name: string, marker: string, tools: string[] = []): Agent => ({
  name,
  systemPrompt: `${marker}: you are ${name}.`,
  tools,
});

let emulator: Emulator;
beforeAll(async () => {
  emulator = await createEmulator();
});
afterAll(async () => {
  await emulator.close();
});
beforeEach(() => emulator.reset());

const requestsOf = (marker: string) => emulator.requests.filter((r) => systemOf(r).includes(marker));

/** Resolves once `count` callers have arrived (or after a while, so a sequential run fails its assertion). */
function barrier(count: number) {
  let arrived = 0;
  let open: () => void = () => {};
  const all = new Promise<void>((resolve) => {
    open = resolve;
  });
  return {
    async wait(): Promise<boolean> {
      arrived++;
      if (arrived >= count) open();
      const timeout = new Promise<'late'>((resolve) => setTimeout(() => resolve('late'), 3000));
      return (await Promise.race([all, timeout])) !== 'late';
    },
  };
}

function specProfile(): OrchestrationProfile {
  return {
    ...defaultOrchestrationProfile(),
    mode: 'spec',
    // the mode switches mark_scene off; the write node's override switches it back on
    modes: {
      ...defaultOrchestrationProfile().modes,
      spec: { custom: true, builtin: true, tools: { mark_scene: false } },
    },
    spec: {
      nodes: [
        {
          name: 'write',
          task: 'Write the scene.',
          agent: agent('write', 'WRITER'),
          inputs: ['scout', 'mood'],
          toolOverrides: { mark_scene: true },
        },
        { name: 'scout', agent: agent('scout', 'SCOUT'), inputs: [], toolOverrides: { lookup: false } },
        { name: 'mood', agent: agent('mood', 'MOOD', ['lookup']), inputs: [] },
      ],
    },
  };
}

describe('runOrchestration — spec mode', () => {
  it('runs nodes in dependency order, independent ones in parallel, each with its overrides and inputs', async () => {
    const { runtime } = setupFresh();
    const together = barrier(2);
    const parallel: boolean[] = [];
    script(emulator, {
      SCOUT: async () => {
        parallel.push(await together.wait());
        return { text: 'Rain over the docks.' };
      },
      MOOD: async () => {
        parallel.push(await together.wait());
        return { text: 'Grim.' };
      },
      WRITER: (n) =>
        n === 0
          ? { toolCalls: [{ id: 'w1', name: 'mark_scene', args: { tag: 'docks' } }] }
          : { text: 'The docks lie grim under the rain.' },
    });
    const events: OrchestrationEvent[] = [];
    const { outcome, trace, error } = await runOrchestration({
      runtime,
      profile: specProfile(),
      messages: chat,
      onEvent: (e) => void events.push(e),
    });
    expect(error).toBeUndefined();
    expect(parallel).toEqual([true, true]);
    // the writer ran after both of its inputs and read them after its task
    const [writer0] = requestsOf('WRITER');
    expect(lastUserOf(writer0)).toContain(
      'Task: Write the scene.\n\nInputs from earlier steps:\n[scout]\nRain over the docks.\n\n[mood]\nGrim.',
    );
    // overrides shadow the profile: lookup off for the scout, mark_scene back on for the writer only
    expect(toolNames(requestsOf('SCOUT')[0])).not.toContain('lookup');
    expect(toolNames(requestsOf('SCOUT')[0])).not.toContain('mark_scene');
    expect(toolNames(requestsOf('MOOD')[0])).toEqual(['lookup']);
    expect(toolNames(writer0)).toContain('mark_scene');
    expect(toolNames(writer0)).toContain('lookup');

    expect(trace.mode).toBe('spec');
    expect(trace.root).toMatchObject({ agent: 'spec', role: 'spec', stoppedBecause: 'completed' });
    expect(trace.root.children?.map((c) => [c.agent, c.role])).toEqual([
      ['scout', 'node'],
      ['mood', 'node'],
      ['write', 'node'],
    ]);
    const write = trace.root.children![2];
    expect(write.inputs).toEqual(['scout', 'mood']);
    expect(write.rounds[0].calls[0]).toMatchObject({ name: 'mark_scene', ok: true, result: 'marked' });
    expect(outcome.notes).toBe('The docks lie grim under the rain.');
    expect(events[0]).toMatchObject({ type: 'agent-start', agent: 'spec', role: 'spec', path: ['spec'] });
    expect(events.find((e) => e.type === 'agent-start' && e.agent === 'write')).toMatchObject({
      path: ['spec', 'write'],
    });
    expect(events.at(-1)).toMatchObject({ type: 'agent-end', agent: 'spec' });
  });

  it('a failed node skips the nodes that read it; the others finish and the run reports the failure', async () => {
    const { runtime } = setupFresh();
    emulator.on('/v1/chat/completions', (req) =>
      systemOf(req).includes('SCOUT')
        ? { status: 401, json: { error: { message: 'bad key' } } }
        : {
            status: 200,
            json: {
              id: 'x',
              object: 'chat.completion',
              created: 0,
              model: 'm',
              choices: [
                { index: 0, message: { role: 'assistant', content: 'Grim.' }, finish_reason: 'stop' },
              ],
            },
          },
    );
    const { trace, error } = await runOrchestration({ runtime, profile: specProfile(), messages: chat });
    expect(error?.code).toBe('auth_missing');
    const byName = Object.fromEntries(trace.root.children!.map((c) => [c.agent, c]));
    expect(byName.scout.error?.code).toBe('auth_missing');
    expect(byName.mood.finalText).toBe('Grim.');
    expect(byName.write.skipped).toBe('its input "scout" did not finish');
    expect(requestsOf('WRITER')).toHaveLength(0);
    expect(trace.root.error?.code).toBe('auth_missing');
  });

  it('refuses to run a spec without nodes', async () => {
    const { runtime } = setupFresh();
    const p = { ...specProfile(), spec: { nodes: [] } };
    await expect(runOrchestration({ runtime, profile: p, messages: chat })).rejects.toMatchObject({
      code: 'no_spec_nodes',
    });
  });
});

function agendaProfile(changes: Partial<OrchestrationProfile['agenda']> = {}): OrchestrationProfile {
  return {
    ...defaultOrchestrationProfile(),
    mode: 'agenda',
    // the mode switches lookup off; the clerk's override gives it back to the clerk alone
    modes: {
      ...defaultOrchestrationProfile().modes,
      agenda: { custom: true, builtin: true, tools: { lookup: false } },
    },
    agenda: {
      planner: agent('boss', 'PLANNER'),
      agents: [
        {
          name: 'clerk',
          description: 'Counts things.',
          agent: agent('clerk', 'CLERK'),
          toolOverrides: { lookup: true },
        },
        { name: 'scout', agent: agent('scout', 'SCOUT') },
      ],
      items: ['Count the gold', 'Look outside'],
      ...changes,
    },
  };
}

describe('runOrchestration — agenda mode', () => {
  it('the planner assigns items to agents, completes them and adds new ones; the agenda is traced', async () => {
    const { runtime, lookups } = setupFresh();
    script(emulator, {
      PLANNER: (n) =>
        n === 0
          ? {
              toolCalls: [
                {
                  id: 'a1',
                  name: 'agenda_assign',
                  args: { item: 1, agent: 'clerk', instructions: 'Be exact.' },
                },
                { id: 'a2', name: 'agenda_assign', args: { item: '2', agent: 'scout' } },
              ],
            }
          : n === 1
            ? {
                toolCalls: [
                  { id: 'c1', name: 'agenda_complete', args: { item: 1, summary: '12 gold' } },
                  { id: 'c2', name: 'agenda_complete', args: { item: 2 } },
                  { id: 'c3', name: 'agenda_add_item', args: { items: ['Tell the party'] } },
                ],
              }
            : { text: 'The party has 12 gold; it rains.' },
      CLERK: (n) =>
        n === 0 ? { toolCalls: [{ id: 'l1', name: 'lookup', args: { q: 'gold' } }] } : { text: '12 gold' },
      SCOUT: () => ({ text: 'Raining.' }),
    });
    const { trace, outcome, error } = await runOrchestration({
      runtime,
      profile: agendaProfile(),
      messages: chat,
    });
    expect(error).toBeUndefined();
    expect(lookups).toEqual(['gold']);
    const [planner0] = requestsOf('PLANNER');
    expect(lastUserOf(planner0)).toContain('Agenda:\n1. [open] Count the gold\n2. [open] Look outside');
    expect(toolNames(planner0)).toEqual(
      expect.arrayContaining(['agenda_add_item', 'agenda_assign', 'agenda_complete', 'agenda_list']),
    );
    expect(toolNames(planner0)).not.toContain('lookup');
    const clerk0 = requestsOf('CLERK')[0];
    expect(toolNames(clerk0)).toContain('lookup');
    expect(toolNames(clerk0)).not.toContain('agenda_assign');
    expect(toolNames(requestsOf('SCOUT')[0])).not.toContain('lookup');
    expect(lastUserOf(clerk0)).toContain('Task: Agenda item 1: Count the gold\n\nBe exact.');

    expect(trace.mode).toBe('agenda');
    expect(trace.root).toMatchObject({ agent: 'boss', role: 'planner', stoppedBecause: 'completed' });
    const [assignClerk, assignScout] = trace.root.rounds[0].calls;
    expect(assignClerk).toMatchObject({
      name: 'agenda_assign',
      ok: true,
      result: { item: '1', agent: 'clerk', result: '12 gold' },
    });
    expect(assignClerk.delegation).toMatchObject({ agent: 'clerk', role: 'sub-agent', finalText: '12 gold' });
    expect(assignClerk.delegation?.rounds[0].calls[0]).toMatchObject({ name: 'lookup', ok: true });
    expect(assignScout.delegation).toMatchObject({ agent: 'scout', finalText: 'Raining.' });
    expect(trace.agenda).toEqual([
      {
        id: '1',
        text: 'Count the gold',
        status: 'done',
        assignedTo: 'clerk',
        result: '12 gold',
        note: '12 gold',
      },
      { id: '2', text: 'Look outside', status: 'done', assignedTo: 'scout', result: 'Raining.' },
      { id: '3', text: 'Tell the party', status: 'open' },
    ]);
    expect(outcome.notes).toBe('The party has 12 gold; it rains.');
  });

  it('limits: assignments past maxAssignments, items past maxItems and unknown items fail as tool results', async () => {
    const { runtime } = setupFresh();
    script(emulator, {
      PLANNER: (n) =>
        n === 0
          ? {
              toolCalls: [
                { id: 'a1', name: 'agenda_assign', args: { item: 1, agent: 'scout' } },
                { id: 'a9', name: 'agenda_assign', args: { item: 9, agent: 'scout' } },
                { id: 'x1', name: 'agenda_add_item', args: { items: ['A third'] } },
              ],
            }
          : n === 1
            ? { toolCalls: [{ id: 'a2', name: 'agenda_assign', args: { item: 2, agent: 'scout' } }] }
            : { text: 'Stopped at the limits.' },
      SCOUT: () => ({ text: 'Done.' }),
    });
    const { trace } = await runOrchestration({
      runtime,
      profile: agendaProfile({ maxAssignments: 1, maxItems: 2 }),
      messages: chat,
    });
    const [first, unknown, tooMany] = trace.root.rounds[0].calls;
    expect(first.ok).toBe(true);
    expect(unknown).toMatchObject({ ok: false });
    expect(unknown.error?.message).toContain('No agenda item "9"');
    expect(tooMany.error?.message).toContain('The agenda is full (2 items, agenda.maxItems)');
    const second = trace.root.rounds[1].calls[0];
    expect(second.ok).toBe(false);
    expect(second.error?.message).toContain('The assignment limit is reached (1, agenda.maxAssignments)');
    expect(requestsOf('SCOUT')).toHaveLength(1);
    expect(trace.agenda?.map((i) => i.status)).toEqual(['assigned', 'open']);
  });
});

function setupFresh() {
  return scriptedSetup(emulator);
}
