// A connection's toolCallFormat: checked and stored by the API, and used by chat generation over real HTTP
// (the native-mode fallback for servers that return a model's calls as content, and text mode).
import { TOOL_CALL_FAMILIES } from '@toolsmith/core';
import { contentCallChunks, type Emulator, openaiStream } from '@toolsmith/emulator';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { collect, postSse, type SseEvent } from '../generation/__fixtures__/sse-client.js';
import { type EmulatedServer, startEmulatedServer } from '../test-support/emulated-server.js';
import type { TestServer } from '../test-support/test-server.js';

const ofType = (events: SseEvent[], type: string) =>
  events.filter((e) => e.event === type).map((e) => e.data);

describe('connections: toolCallFormat', () => {
  let setup: EmulatedServer;
  let server: TestServer;
  let emulator: Emulator;
  beforeAll(async () => {
    setup = await startEmulatedServer({ connection: false });
    ({ server, emulator } = setup);
    const created = await server.request('POST', '/api/tools', {
      name: 'store_hours',
      description: 'Opening hours of a store.',
      parameters: { type: 'object', properties: { store: { type: 'string' } }, required: ['store'] },
      mode: 'read',
      kind: 'static',
      staticResult: 'Open 9 to 5',
    });
    expect(created.status).toBe(201);
  });
  afterAll(() => setup.close());
  beforeEach(() => emulator.reset());

  const base = (name: string) => ({ name, api: 'openai', baseUrl: `${emulator.url}/v1`, model: 'GLM-4.6' });

  it('defaults to auto, stores a family, and refuses an unknown one naming the field and the choices', async () => {
    const created = await server.request('POST', '/api/connections', base('fmt-default'));
    expect(created.status).toBe(201);
    expect(created.body.toolCallFormat).toBe('auto');

    const patched = await server.request('PATCH', `/api/connections/${created.body.id}`, {
      toolCallFormat: 'deepseek',
    });
    expect(patched.status).toBe(200);
    expect(patched.body.toolCallFormat).toBe('deepseek');
    expect((await server.request('GET', `/api/connections/${created.body.id}`)).body.toolCallFormat).toBe(
      'deepseek',
    );

    for (const bad of ['qwen', 42, null]) {
      const res = await server.request('PATCH', `/api/connections/${created.body.id}`, {
        toolCallFormat: bad,
      });
      expect(res.status).toBe(400);
      expect(res.body.details).toEqual([
        {
          field: 'toolCallFormat',
          // every family, named as a connection takes it
          message: expect.stringMatching(/^toolCallFormat must be "auto" \(.*\) or one family: /),
        },
      ]);
      expect(res.body.details[0].message).toContain(`one family: ${TOOL_CALL_FAMILIES.join(', ')}.`);
    }
    // nothing half-written
    expect((await server.request('GET', `/api/connections/${created.body.id}`)).body.toolCallFormat).toBe(
      'deepseek',
    );
  });

  const chatFor = async (connection: Record<string, unknown>) => {
    const res = await server.request('POST', '/api/connections', connection);
    expect(res.status).toBe(201);
    return (
      await server.request('POST', '/api/chats', {
        connectionId: res.body.id,
        settings: { toolUse: true, tools: ['store_hours'] },
      })
    ).body.id as string;
  };

  /**
   * The model answers `markup` (a store_hours call for Main St written as content), then a sentence: the call
   * runs with its arguments and no error comes. Returns the text the chat showed.
   */
  const expectStoreHoursRun = async (chatId: string, markup: string) => {
    let answered = 0;
    emulator.on('/v1/chat/completions', () =>
      openaiStream(contentCallChunks(answered++ === 0 ? markup : 'It is open 9 to 5.')),
    );
    const events = await collect(
      await postSse(`${server.url}/api/chats/${chatId}/generate`, { content: 'Hours?' }),
    );
    expect(ofType(events, 'error')).toEqual([]);
    expect(ofType(events, 'tool-call')[0]).toMatchObject({ name: 'store_hours', args: { store: 'Main St' } });
    expect(ofType(events, 'tool-result')[0]).toMatchObject({ ok: true, result: 'Open 9 to 5' });
    return ofType(events, 'text-delta')
      .map((d) => d.text)
      .join('');
  };

  it('native mode: a GLM call written as content (llama.cpp without a tool parser) runs, markup never shown', async () => {
    const chatId = await chatFor({
      ...base('glm-native'),
      functionCalling: { enabled: true, mode: 'native' },
    });
    const text = await expectStoreHoursRun(
      chatId,
      '<think>The user asks for hours.</think>\nChecking.\n<tool_call>store_hours\n<arg_key>store</arg_key>\n<arg_value>Main St</arg_value>\n</tool_call>',
    );
    expect(text).not.toMatch(/tool_call|arg_key|think>/);
    expect(text).toContain('Checking.');
    // the second request carries the call back as a native tool call and its result
    const second = (emulator.requests[1].body as any).messages;
    expect(second.find((m: any) => m.role === 'assistant').tool_calls[0].function.name).toBe('store_hours');
    expect(second.find((m: any) => m.role === 'tool').content).toContain('Open 9 to 5');
  });

  it('native mode: a Llama 3.1 custom tool call written as content runs with its arguments', async () => {
    // `<function=NAME>{json}</function>` was read as a call with no arguments (the JSON dropped)
    const chatId = await chatFor({
      ...base('llama-native'),
      model: 'Llama-3.1-8B-Instruct',
      functionCalling: { enabled: true, mode: 'native' },
    });
    const text = await expectStoreHoursRun(
      chatId,
      'Let me look.\n<function=store_hours>{"store": "Main St"}</function>',
    );
    expect(text).not.toMatch(/function|store_hours/);
    expect(text).toContain('Let me look.');
  });

  it('native mode: Gemma 4 thinks in its thought channel, then calls; neither shows as text', async () => {
    // the thought channel stayed in the answer as raw markup (`<|channel>thought …<channel|>`)
    const chatId = await chatFor({
      ...base('gemma4-native'),
      model: 'google/gemma-4-31b-it',
      functionCalling: { enabled: true, mode: 'native' },
    });
    const text = await expectStoreHoursRun(
      chatId,
      '<|channel>thought\nThe user asks for Main St hours.<channel|><|tool_call>call:store_hours{store:<|"|>Main St<|"|>}<tool_call|>',
    );
    expect(text).not.toMatch(/channel|thought|tool_call|Main St hours/);
  });

  it('native mode: a pythonic call with a bare word named like an Object member is reported, not a crash', async () => {
    // `constructor` found Object.prototype's function in the literal table: the parser threw mid-stream and
    // the chat showed "Could not reach the provider."
    const chatId = await chatFor({
      ...base('pythonic-native'),
      model: 'Llama-4-Scout-17B-16E-Instruct',
      functionCalling: { enabled: true, mode: 'native' },
    });
    emulator.on('/v1/chat/completions', () =>
      openaiStream(contentCallChunks('[store_hours(store=constructor)]')),
    );
    const events = await collect(
      await postSse(`${server.url}/api/chats/${chatId}/generate`, { content: 'Hours?' }),
    );
    expect(ofType(events, 'tool-call')).toEqual([]);
    expect(ofType(events, 'error')).toEqual([
      {
        code: 'tool_call_parse',
        message: expect.stringMatching(/could not be read: .*"constructor" is not a value/),
      },
    ]);
  });

  it('a connection set to one family does not read another family’s markup', async () => {
    const chatId = await chatFor({
      ...base('glm-only'),
      model: 'local',
      functionCalling: { enabled: true, mode: 'native' },
      toolCallFormat: 'glm',
    });
    const mistral = '[TOOL_CALLS]store_hours[ARGS]{"store": "Main St"}';
    emulator.on('/v1/chat/completions', () => openaiStream(contentCallChunks(mistral)));
    const events = await collect(
      await postSse(`${server.url}/api/chats/${chatId}/generate`, { content: 'Hours?' }),
    );
    expect(ofType(events, 'tool-call')).toEqual([]);
    expect(
      ofType(events, 'text-delta')
        .map((d) => d.text)
        .join(''),
    ).toBe(mistral);
  });
});
