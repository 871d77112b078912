import { createEmulator, type Emulator, type RecordedRequest } from '@toolsmith/emulator';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { body, type OpenAIAnswer, openaiAnswer } from '../generate/__fixtures__/answers.js';
import type { ToolDefinition } from '../tools/types.js';
import {
  script as scriptAgents,
  scriptedSetup,
  systemOf,
  toolNames,
  type WireMessage,
} from './__fixtures__/scripted-run.js';
import { OutcomeRecorder } from './outcome-tools.js';
import { defaultOrchestrationProfile } from './profile.js';
import { runAgent, runOrchestration } from './run-orchestration.js';
import type { OrchestrationEvent, OrchestrationProfile } from './types.js';

const PATH = '/v1/chat/completions';
const chat = [
  { role: 'user' as const, content: 'We enter the tavern.' },
  { role: 'assistant' as const, content: 'The tavern is loud.' },
  { role: 'user' as const, content: 'I order a drink.' },
];

let emulator: Emulator;
beforeAll(async () => {
  emulator = await createEmulator();
});
afterAll(async () => {
  await emulator.close();
});
beforeEach(() => emulator.reset());

type WireTool = {
  function: { name: string; parameters: { properties?: Record<string, { enum?: string[] }> } };
};
const requestsOf = (marker: string) => emulator.requests.filter((r) => systemOf(r).includes(marker));
const script = (answers: Record<string, (n: number, req: RecordedRequest) => OpenAIAnswer | 'hang'>) =>
  scriptAgents(emulator, answers);
const setup = () => scriptedSetup(emulator);

const obj = (properties: Record<string, unknown> = {}, required: string[] = []) => ({
  type: 'object',
  properties,
  required,
});

const weather: ToolDefinition = {
  name: 'weather',
  description: 'Profile tool: the weather in the scene.',
  parameters: obj(),
  mode: 'read',
  kind: 'static',
  staticResult: 'rainy',
  enabled: true,
};

function profile(changes: Partial<OrchestrationProfile> = {}): OrchestrationProfile {
  const base = defaultOrchestrationProfile();
  return {
    ...base,
    tools: [weather],
    loop: { agent: { name: 'planner', systemPrompt: 'PLANNER: plan the scene.', tools: [] } },
    director: {
      agent: { name: 'boss', systemPrompt: 'DIRECTOR: delegate.', tools: [] },
      subAgents: [
        {
          name: 'scout',
          description: 'Finds facts.',
          agent: { name: 'scout', systemPrompt: 'SCOUT: find facts.', tools: [] },
          toolOverrides: { lookup: false },
        },
        { name: 'scribe', agent: { name: 'scribe', systemPrompt: 'SCRIBE: write.', tools: [] } },
      ],
    },
    ...changes,
  };
}

describe('runOrchestration — loop mode', () => {
  it('runs the loop agent over the chat and returns notes, forced entries and variable writes', async () => {
    const { runtime, registry, lookups } = setup();
    script({
      PLANNER: (n) =>
        n === 0
          ? {
              toolCalls: [
                { id: 'c1', name: 'weather', args: {} },
                { id: 'c2', name: 'lookup', args: { q: 'ale' } },
              ],
            }
          : n === 1
            ? {
                toolCalls: [
                  { id: 'c3', name: 'orchestration_note', args: { text: 'It is raining.' } },
                  {
                    id: 'c4',
                    name: 'orchestration_activate_entries',
                    args: {
                      entries: [{ book: 'tavern', uid: 3 }, { uid: 'x' }, { book: 'tavern', uid: '3' }],
                    },
                  },
                  { id: 'c5', name: 'orchestration_set_variable', args: { name: 'mood', value: 'wet' } },
                ],
              }
            : { text: 'Keep the barkeep grumpy.' },
    });
    const events: OrchestrationEvent[] = [];
    const { outcome, trace, error } = await runOrchestration({
      runtime,
      profile: profile(),
      messages: chat,
      onEvent: (e) => void events.push(e),
    });
    expect(error).toBeUndefined();
    expect(outcome).toEqual({
      notes: 'It is raining.\n\nKeep the barkeep grumpy.',
      forcedEntries: [{ book: 'tavern', uid: 3 }, { uid: 'x' }],
      variableWrites: [{ scope: 'chat', name: 'mood', value: 'wet' }],
    });
    expect(lookups).toEqual(['ale']);
    // the agent saw its system prompt and the chat, and was offered the profile's tool
    const first = emulator.requests[0];
    expect((body(first).messages as WireMessage[]).map((m) => m.role)).toEqual([
      'system',
      'user',
      'assistant',
      'user',
    ]);
    expect(toolNames(first)).toEqual(
      [
        'lookup',
        'mark_scene',
        'orchestration_activate_entries',
        'orchestration_note',
        'orchestration_set_variable',
        'weather',
      ].sort(),
    );
    expect(trace.mode).toBe('loop');
    expect(trace.root).toMatchObject({
      agent: 'planner',
      role: 'loop',
      stoppedBecause: 'completed',
      finalText: 'Keep the barkeep grumpy.',
    });
    expect(trace.root.rounds.map((r) => r.calls.map((c) => c.name))).toEqual([
      ['weather', 'lookup'],
      ['orchestration_note', 'orchestration_activate_entries', 'orchestration_set_variable'],
      [],
    ]);
    expect(trace.root.rounds[0].calls[0]).toMatchObject({
      ok: true,
      result: 'rainy',
      simulated: false,
      unvalidated: false,
    });
    expect(events[0]).toMatchObject({ type: 'agent-start', agent: 'planner', role: 'loop' });
    expect(events.at(-1)).toMatchObject({ type: 'agent-end', agent: 'planner', stoppedBecause: 'completed' });
    // the run's scopes and profile tools are gone afterwards
    expect(registry.resolve('weather')).toBeUndefined();
    expect(registry.scopes.has('orch-1')).toBe(false);
  });

  it('an empty answer after the tool rounds ends the agent normally; an empty first answer is a failure', async () => {
    const { runtime } = setup();
    script({
      PLANNER: (n) =>
        n === 0
          ? { toolCalls: [{ id: 'n', name: 'orchestration_note', args: { text: 'Rain.' } }] }
          : { text: '' },
    });
    const done = await runOrchestration({ runtime, profile: profile(), messages: chat });
    expect(done.error).toBeUndefined();
    expect(done.trace.root).toMatchObject({ stoppedBecause: 'completed', finalText: '' });
    expect(done.outcome.notes).toBe('Rain.');

    emulator.reset();
    script({ PLANNER: () => ({ text: '' }) });
    const failed = await runOrchestration({ runtime, profile: profile(), messages: chat });
    expect(failed.error?.code).toBe('no_response');
  });

  it("applies the mode's switches: custom tools off, one builtin switched off by name", async () => {
    const { runtime } = setup();
    script({ PLANNER: () => ({ text: 'ok' }) });
    const p = profile();
    p.modes.loop = { custom: false, builtin: true, tools: { lookup: false } };
    await runOrchestration({ runtime, profile: p, messages: chat });
    expect(toolNames(emulator.requests[0])).toEqual([
      'orchestration_activate_entries',
      'orchestration_note',
      'orchestration_set_variable',
    ]);
  });

  it('offers a pinned agent exactly its own tools', async () => {
    const { runtime } = setup();
    script({ PLANNER: () => ({ text: 'ok' }) });
    const p = profile();
    p.loop.agent.tools = ['weather', 'orchestration_note'];
    await runOrchestration({ runtime, profile: p, messages: chat });
    expect(toolNames(emulator.requests[0])).toEqual(['orchestration_note', 'weather']);
  });
});

describe('runOrchestration — director mode', () => {
  it('delegates through the delegate tool; the sub-agent runs with its overrides and its text comes back', async () => {
    const { runtime, lookups } = setup();
    script({
      DIRECTOR: (n) =>
        n === 0
          ? {
              toolCalls: [
                { id: 'd1', name: 'delegate', args: { agent: 'scout', task: 'Check the weather.' } },
              ],
            }
          : { text: 'Scene: rain outside.' },
      SCOUT: (n) =>
        n === 0 ? { toolCalls: [{ id: 's1', name: 'weather', args: {} }] } : { text: 'It is rainy.' },
    });
    const { outcome, trace } = await runOrchestration({
      runtime,
      profile: profile(),
      mode: 'director',
      messages: chat,
    });
    expect(outcome.notes).toBe('Scene: rain outside.');
    expect(lookups).toEqual([]);

    const [director0, director1] = requestsOf('DIRECTOR');
    const delegate = (body(director0) as unknown as { tools: WireTool[] }).tools.find(
      (t) => t.function.name === 'delegate',
    );
    expect(delegate?.function.parameters.properties?.agent.enum).toEqual(['scout', 'scribe']);
    // the profile enables lookup; the scout's override switches it off, and delegate is the director's alone
    const [scout0] = requestsOf('SCOUT');
    expect(toolNames(scout0)).not.toContain('lookup');
    expect(toolNames(scout0)).not.toContain('delegate');
    expect(toolNames(scout0)).toContain('weather');
    expect(toolNames(director0)).toContain('lookup');
    // the task arrives as the sub-agent's last user turn
    expect(JSON.stringify((body(scout0).messages as WireMessage[]).at(-1))).toContain(
      'Task: Check the weather.',
    );
    // the sub-agent's final text is the delegate call's result the director reads
    const toolMessage = (body(director1).messages as Array<WireMessage & { tool_call_id?: string }>).find(
      (m) => m.role === 'tool',
    );
    expect(String(toolMessage?.content)).toContain('It is rainy.');

    const call = trace.root.rounds[0].calls[0];
    expect(call).toMatchObject({ name: 'delegate', ok: true, result: 'It is rainy.' });
    expect(call.delegation).toMatchObject({
      agent: 'scout',
      role: 'sub-agent',
      finalText: 'It is rainy.',
      stoppedBecause: 'completed',
    });
    expect(call.delegation?.offeredTools).not.toContain('lookup');
    expect(call.delegation?.rounds[0].calls[0]).toMatchObject({ name: 'weather', result: 'rainy' });
  });

  it('a sub-agent asking for a tool its override disables gets a tool result, not the tool', async () => {
    const { runtime, lookups } = setup();
    script({
      DIRECTOR: (n) =>
        n === 0
          ? { toolCalls: [{ id: 'd1', name: 'delegate', args: { agent: 'scout', task: 'Look up ale.' } }] }
          : { text: 'done' },
      SCOUT: (n) =>
        n === 0 ? { toolCalls: [{ id: 's1', name: 'lookup', args: { q: 'ale' } }] } : { text: 'no lookup' },
    });
    const { trace } = await runOrchestration({
      runtime,
      profile: profile(),
      mode: 'director',
      messages: chat,
    });
    expect(lookups).toEqual([]);
    const scoutCall = trace.root.rounds[0].calls[0].delegation?.rounds[0].calls[0];
    expect(scoutCall).toMatchObject({ name: 'lookup', ok: false });
    expect(['disabled', 'not_allowed']).toContain(scoutCall?.error?.code);
  });

  it('round limits apply to the sub-agent too', async () => {
    const { runtime } = setup();
    let scoutRequests = 0;
    script({
      DIRECTOR: (n) =>
        n === 0
          ? { toolCalls: [{ id: 'd1', name: 'delegate', args: { agent: 'scribe', task: 'Loop.' } }] }
          : { text: 'done' },
      SCRIBE: (n) => {
        scoutRequests++;
        return { toolCalls: [{ id: `w${n}`, name: 'weather', args: { n } }] };
      },
    });
    const p = profile({ limits: { maxRounds: 2 } });
    p.tools = [{ ...weather, parameters: obj({ n: { type: 'integer' } }) }];
    const { trace } = await runOrchestration({ runtime, profile: p, mode: 'director', messages: chat });
    const sub = trace.root.rounds[0].calls[0].delegation!;
    expect(sub.stoppedBecause).toBe('max_rounds');
    // two tool rounds, then one answer-now call without tools
    expect(scoutRequests).toBe(3);
    expect(sub.rounds.at(-1)?.final).toBe(true);
  });

  it('repeated identical calls stop a sub-agent', async () => {
    const { runtime } = setup();
    script({
      DIRECTOR: (n) =>
        n === 0
          ? { toolCalls: [{ id: 'd1', name: 'delegate', args: { agent: 'scribe', task: 'Repeat.' } }] }
          : { text: 'done' },
      SCRIBE: (n) => ({ toolCalls: [{ id: `w${n}`, name: 'weather', args: {} }] }),
    });
    const { trace } = await runOrchestration({
      runtime,
      profile: profile({ limits: { repeatLimit: 2 } }),
      mode: 'director',
      messages: chat,
    });
    expect(trace.root.rounds[0].calls[0].delegation?.stoppedBecause).toBe('repeated_call');
    expect(trace.root.stoppedBecause).toBe('completed');
  });

  it('the wall-clock budget covers the nested loops', async () => {
    // The director's first answer must arrive inside the budget even on a loaded CI machine (300 ms was
    // not enough there); the hanging scout then uses up the rest.
    const { runtime } = setup();
    script({
      DIRECTOR: (n) =>
        n === 0
          ? { toolCalls: [{ id: 'd1', name: 'delegate', args: { agent: 'scout', task: 'Wait.' } }] }
          : 'hang',
      SCOUT: () => 'hang',
    });
    const { trace } = await runOrchestration({
      runtime,
      profile: profile({ limits: { wallClockBudgetMs: 1500 } }),
      mode: 'director',
      messages: chat,
    });
    expect(trace.root.stoppedBecause).toBe('budget');
    expect(trace.root.rounds[0].calls[0].delegation?.stoppedBecause).toBe('budget');
  });

  it('an abort stops the sub-agent and the director', async () => {
    const { runtime } = setup();
    const controller = new AbortController();
    script({
      DIRECTOR: () => ({
        toolCalls: [{ id: 'd1', name: 'delegate', args: { agent: 'scout', task: 'Wait.' } }],
      }),
      SCOUT: () => {
        controller.abort();
        return 'hang';
      },
    });
    const { trace } = await runOrchestration({
      runtime,
      profile: profile(),
      mode: 'director',
      messages: chat,
      abortSignal: controller.signal,
    });
    expect(trace.root.stoppedBecause).toBe('aborted');
    expect(trace.root.rounds[0].calls[0].delegation?.stoppedBecause).toBe('aborted');
  });

  it('a provider failure in a sub-agent becomes the delegate call failing, with the sub-agent traced', async () => {
    const { runtime } = setup();
    let director = 0;
    emulator.on(PATH, (req) => {
      if (systemOf(req).includes('SCOUT')) return { status: 401, json: { error: { message: 'bad key' } } };
      return openaiAnswer(
        req,
        director++ === 0
          ? { toolCalls: [{ id: 'd1', name: 'delegate', args: { agent: 'scout', task: 'x' } }] }
          : { text: 'went on without it' },
      );
    });
    const { trace, outcome } = await runOrchestration({
      runtime,
      profile: profile(),
      mode: 'director',
      messages: chat,
    });
    const call = trace.root.rounds[0].calls[0];
    expect(call.ok).toBe(false);
    expect(call.error?.message).toContain('Sub-agent "scout" failed');
    expect(call.delegation?.error?.code).toBe('auth_missing');
    expect(outcome.notes).toBe('went on without it');
  });
});

describe('simulation', () => {
  it('reads run for real, writes use the placeholder and are marked unvalidated; the outcome is only returned', async () => {
    const { runtime, lookups } = setup();
    script({
      PLANNER: (n) =>
        n === 0
          ? {
              toolCalls: [
                { id: 'c1', name: 'lookup', args: { q: 'mead' } },
                { id: 'c2', name: 'mark_scene', args: { tag: 'x' } },
                {
                  id: 'c3',
                  name: 'orchestration_set_variable',
                  args: { name: 'hp', value: 3, scope: 'global' },
                },
              ],
            }
          : { text: 'notes' },
    });
    const { outcome, trace } = await runOrchestration({
      runtime,
      profile: profile(),
      messages: chat,
      simulate: true,
    });
    expect(trace.simulate).toBe(true);
    expect(lookups).toEqual(['mead']);
    const [read, write, variable] = trace.root.rounds[0].calls;
    expect(read).toMatchObject({
      ok: true,
      simulated: true,
      unvalidated: false,
      result: 'definition of mead',
    });
    expect(write).toMatchObject({
      ok: true,
      simulated: true,
      unvalidated: true,
      result: { ok: true, simulated: true, unvalidated: true },
    });
    expect(variable).toMatchObject({ ok: true, simulated: true, unvalidated: false });
    expect(outcome.variableWrites).toEqual([{ scope: 'global', name: 'hp', value: 3 }]);
  });
});

describe('outcome recorder', () => {
  it('collects what other tools record into a recorder the caller passes', async () => {
    const { runtime, registry } = setup();
    const recorder = new OutcomeRecorder();
    registry.register(
      {
        name: 'set_flag',
        description: 'Sets a flag.',
        parameters: obj(),
        mode: 'write',
        kind: 'native',
        enabled: true,
      },
      {
        layer: 'builtin',
        run: () => {
          throw new Error('must not run in simulation');
        },
        simulate: () => {
          recorder.variableWrites.push({ scope: 'chat', name: 'flag', value: true });
          return 'would set';
        },
      },
    );
    script({
      PLANNER: (n) => (n === 0 ? { toolCalls: [{ id: 'f', name: 'set_flag', args: {} }] } : { text: '' }),
    });
    const { outcome } = await runOrchestration({
      runtime,
      profile: profile(),
      messages: chat,
      simulate: true,
      recorder,
    });
    expect(outcome).toEqual({
      notes: '',
      forcedEntries: [],
      variableWrites: [{ scope: 'chat', name: 'flag', value: true }],
    });
  });
});

describe('runAgent', () => {
  it('runs one agent on demand with its pinned tools', async () => {
    const { runtime } = setup();
    script({
      SOLO: (n) =>
        n === 0 ? { toolCalls: [{ id: 'a', name: 'lookup', args: { q: 'x' } }] } : { text: 'solo done' },
    });
    const { trace, outcome } = await runAgent({
      runtime,
      agent: { name: 'solo', systemPrompt: 'SOLO agent', tools: ['lookup'] },
      messages: chat,
    });
    expect(toolNames(emulator.requests[0])).toEqual(['lookup']);
    expect(trace).toMatchObject({
      mode: 'agent',
      root: { agent: 'solo', role: 'agent', stoppedBecause: 'completed' },
    });
    expect(outcome.notes).toBe('solo done');
  });
});
