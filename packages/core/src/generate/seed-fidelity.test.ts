// issue 11 item 11: generateTask as the seed (Luker's generateTask reference) documents it — its defaults,
// protocolStyle 'json_schema', runtimeWorldInfo as a ready snapshot, worldInfoType, formatMessage.
import { createEmulator, type Emulator } from '@toolsmith/emulator';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ToolLoopEvent } from '../loop/types.js';
import { createRuntime } from '../runtime/create-runtime.js';
import { ToolRegistry } from '../tools/registry.js';
import { body, openaiAnswer, openaiConnection, triggerOf, xmlCalls } from './__fixtures__/answers.js';
import type { GenerateTaskOptions } from './types.js';

const PATH = '/v1/chat/completions';
const ask = [{ role: 'user' as const, content: 'Who guards the glade?' }];
const searchTool = {
  type: 'function' as const,
  function: {
    name: 'search_web',
    description: 'Search the web for information.',
    parameters: { type: 'object', properties: { query: { type: 'string' } }, required: ['query'] },
  },
};

let emulator: Emulator;
beforeAll(async () => {
  emulator = await createEmulator();
});
afterAll(async () => {
  await emulator.close();
});
beforeEach(() => {
  emulator.reset();
  emulator.on(PATH, (req) => openaiAnswer(req, { text: 'Seraphina does.' }));
});

function runtime(registry?: ToolRegistry) {
  return createRuntime({
    connections: [
      openaiConnection(emulator.url),
      openaiConnection(emulator.url, { name: 'other', model: 'other-model' }),
    ],
    presets: [
      { name: 'default', temperature: 0.7 },
      { name: 'low-temp', temperature: 0.1 },
    ],
    characters: [{ name: 'Seraphina', description: 'A forest guardian.', scenario: 'A glade.' }],
    chat: { id: 'c1', characterName: 'Seraphina', messages: [] },
    ...(registry ? { registry } : {}),
  });
}
const CARD = '[Character: Seraphina]\nA forest guardian.\nScenario: A glade.';
const sent = (i = 0) => emulator.requests[i].body as Record<string, unknown>;

describe("generateTask: the seed's defaults", () => {
  it('includes the character card unless told not to', async () => {
    await runtime().generateTask({ taskMessages: ask });
    expect(sent()).toEqual({
      model: 'gpt-test',
      messages: [
        { role: 'system', content: CARD },
        { role: 'user', content: 'Who guards the glade?' },
      ],
      temperature: 0.7,
    });
    await runtime().generateTask({ taskMessages: ask, includeCharacterCard: false });
    expect((sent(1).messages as unknown[]).length).toBe(1);
  });

  it('accepts every documented default written out (null and empty names included)', async () => {
    const seedDefaults: GenerateTaskOptions = {
      taskMessages: ask,
      includeCharacterCard: true,
      worldInfoSource: 'none',
      customWorldInfoMessages: null,
      runtimeWorldInfo: null,
      forceWorldInfoResimulate: false,
      worldInfoType: 'quiet',
      apiPresetName: '',
      llmPresetName: '',
      tools: null,
      toolChoice: 'auto',
      jsonSchema: null,
      functionCallMode: 'auto',
      functionCallOptions: null,
      abortSignal: null,
      substituteMacros: true,
    };
    const result = await runtime().generateTask(seedDefaults);
    expect(result.assistantText).toBe('Seraphina does.');
    expect(result.details).toMatchObject({ connection: 'oa', preset: 'default' });
    expect(sent()).toEqual({
      model: 'gpt-test',
      messages: [
        { role: 'system', content: CARD },
        { role: 'user', content: 'Who guards the glade?' },
      ],
      temperature: 0.7,
    });
    // the stream and the loop take them as well
    for await (const _event of runtime().generateTaskStream(seedDefaults)) {
      // drain
    }
    const loop = await runtime().runToolLoop({ ...seedDefaults, tools: undefined });
    expect(loop.finalText).toBe('Seraphina does.');
  });

  it('names still pick the connection and preset', async () => {
    await runtime().generateTask({ taskMessages: ask, apiPresetName: 'other', llmPresetName: 'low-temp' });
    expect(sent()).toMatchObject({ model: 'other-model', temperature: 0.1 });
  });
});

describe("protocolStyle: 'json_schema' (the seed's migration example)", () => {
  it('native connection: the tools go natively and the call comes back', async () => {
    emulator.reset();
    emulator.on(PATH, (req) =>
      openaiAnswer(req, { toolCalls: [{ id: 'c1', name: 'search_web', args: { query: 'opus 4' } }] }),
    );
    const result = await runtime().generateTask({
      taskMessages: ask,
      includeCharacterCard: true,
      worldInfoSource: 'chat',
      tools: [searchTool],
      toolChoice: 'auto',
      functionCallMode: 'auto',
      functionCallOptions: { protocolStyle: 'json_schema' },
    });
    expect(result.mode).toBe('native');
    expect(result.toolCalls.map((c) => [c.name, c.args])).toEqual([['search_web', { query: 'opus 4' }]]);
    expect(sent().tools).toEqual([searchTool]);
  });

  it('text protocol: the XML calling protocol with the full parameter guide', async () => {
    emulator.reset();
    emulator.on(PATH, (req) =>
      openaiAnswer(req, {
        text: xmlCalls(triggerOf(req), [{ name: 'search_web', args: { query: 'opus 4' } }]),
      }),
    );
    for (const protocolStyle of ['json_schema', 'table'] as const) {
      const result = await runtime().generateTask({
        taskMessages: ask,
        tools: [searchTool],
        functionCallMode: 'prompt_xml',
        functionCallOptions: { protocolStyle },
      });
      expect(result.mode).toBe('prompt_xml');
      expect(result.toolCalls.map((c) => c.args)).toEqual([{ query: 'opus 4' }]);
    }
    const system = String((body(emulator.requests[0]).messages[0] as { content: string }).content);
    expect(system).toContain('<function_calls>');
    expect(system).toContain('`query` (string, required)');
  });

  it('refuses a style it does not know, naming the ones it does', async () => {
    const error = await runtime()
      .generateTask({
        taskMessages: ask,
        tools: [searchTool],
        functionCallOptions: { protocolStyle: 'yaml' as never },
      })
      .catch((e: Error) => e);
    expect((error as Error).message).toContain('"json_schema"');
  });
});

describe('runtimeWorldInfo as a ready snapshot', () => {
  it("Luker's snapshot object is placed as it is: before/after around the card, depth blocks in the chat", async () => {
    await runtime().generateTask({
      taskMessages: [
        { role: 'system', content: 'Task.' },
        { role: 'user', content: 'First.' },
        { role: 'assistant', content: 'Reply.' },
        { role: 'user', content: 'Second.' },
      ],
      worldInfoSource: 'none',
      runtimeWorldInfo: {
        worldInfoBefore: 'The glade is sacred. {{user}}',
        worldInfoAfter: 'Wolves roam at night.',
        worldInfoDepth: [{ depth: 1, role: 1, entries: ['[Remember: it is raining.]'] }],
        worldInfoExamples: [],
        outletEntries: {},
      },
    });
    expect(sent().messages).toEqual([
      {
        role: 'system',
        content: `Task.\n\nThe glade is sacred. {{user}}\n\n${CARD}\n\nWolves roam at night.`,
      },
      { role: 'user', content: 'First.' },
      { role: 'assistant', content: 'Reply.' },
      { role: 'user', content: '[Remember: it is raining.]' },
      { role: 'user', content: 'Second.' },
    ]);
  });

  it("entries with worldInfoSource 'none' are taken as activated, without matching keys", async () => {
    const result = await runtime().generateTask({
      taskMessages: ask,
      includeCharacterCard: false,
      worldInfoSource: 'none',
      runtimeWorldInfo: [
        { uid: 'a', keys: ['dragon'], content: 'Dragons sleep.', order: 2 },
        { uid: 'b', keys: ['castle'], content: 'The castle stands.', order: 1 },
        { uid: 'c', keys: [], content: 'Off.', disabled: true },
        { uid: 'd', keys: [], content: 'Late.', position: 'after' },
      ],
    });
    expect(sent().messages).toEqual([
      { role: 'system', content: 'The castle stands.\nDragons sleep.\n\nLate.' },
      { role: 'user', content: 'Who guards the glade?' },
    ]);
    expect(result.details.worldInfo).toMatchObject({ source: 'none', snapshot: true });
  });
});

describe('worldInfoType', () => {
  const entries = [
    { uid: 'any', keys: ['glade'], content: 'Any type.' },
    { uid: 'chat', keys: ['glade'], content: 'Chat replies only.', triggers: ['normal'] },
    // a SillyTavern import keeps the field in passthrough
    { uid: 'bg', keys: ['glade'], content: 'Background only.', passthrough: { triggers: ['quiet'] } },
  ];
  it("filters entries by their triggers: default 'quiet', or the type given", async () => {
    const quiet = await runtime().generateTask({
      taskMessages: ask,
      includeCharacterCard: false,
      worldInfoSource: 'task',
      runtimeWorldInfo: entries,
    });
    expect((sent(0).messages as Array<{ content: string }>)[0].content).toBe('Any type.\nBackground only.');
    expect(quiet.details.worldInfo?.trace.find((t) => t.entry.uid === 'chat')?.skipped).toBe('trigger');
    await runtime().generateTask({
      taskMessages: ask,
      includeCharacterCard: false,
      worldInfoSource: 'task',
      worldInfoType: 'normal',
      runtimeWorldInfo: entries,
    });
    expect((sent(1).messages as Array<{ content: string }>)[0].content).toBe('Any type.\nChat replies only.');
  });
});

describe('formatMessage is applied', () => {
  it('each call announces itself before it runs: the tool text, or "Invoking tool: NAME"', async () => {
    const registry = new ToolRegistry({ logger: { warn() {} } });
    registry.registerFunctionTool({
      name: 'search_web',
      description: 'Search.',
      parameters: searchTool.function.parameters,
      action: () => 'results',
      formatMessage: (args) => `Searching the web for “${String(args.query)}”…`,
    });
    registry.registerFunctionTool({
      name: 'roll',
      displayName: 'Dice roller',
      description: 'Roll.',
      action: () => 4,
    });
    emulator.reset();
    let n = 0;
    emulator.on(PATH, (req) =>
      openaiAnswer(
        req,
        n++ === 0
          ? {
              toolCalls: [
                { id: 'c1', name: 'search_web', args: { query: 'glade' } },
                { id: 'c2', name: 'roll', args: {} },
              ],
            }
          : { text: 'Done.' },
      ),
    );
    const events: ToolLoopEvent[] = [];
    const result = await runtime(registry).runToolLoop({
      taskMessages: ask,
      onEvent: (e) => void events.push(e),
    });
    expect(events.filter((e) => e.type === 'tool-start')).toEqual([
      {
        type: 'tool-start',
        round: 1,
        id: 'c1',
        name: 'search_web',
        args: { query: 'glade' },
        message: 'Searching the web for “glade”…',
      },
      {
        type: 'tool-start',
        round: 1,
        id: 'c2',
        name: 'roll',
        args: {},
        message: 'Invoking tool: Dice roller',
      },
    ]);
    const types = events.map((e) => e.type).filter((t) => t.startsWith('tool-'));
    expect(types.indexOf('tool-start')).toBeLessThan(types.indexOf('tool-result'));
    expect(result.trace.map((t) => t.message)).toEqual(['Searching the web for “glade”…', undefined]);
  });
});
