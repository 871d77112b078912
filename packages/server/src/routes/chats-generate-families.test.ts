// Generation through the other wire formats: Gemini (functionCall / functionResponse with thoughtSignature)
// and the text protocol (a connection without native function calling), plus streamed reasoning.
import {
  type Emulator,
  geminiChunksFor,
  geminiStream,
  openaiChunk,
  openaiStream,
  type RecordedRequest,
} from '@toolsmith/emulator';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { collect, postSse, type SseEvent } from '../generation/__fixtures__/sse-client.js';
import { type EmulatedServer, startEmulatedServer } from '../test-support/emulated-server.js';
import type { TestServer } from '../test-support/test-server.js';

const TRIGGER_RE = /<Function_[A-Za-z0-9]{4}_Start\/>/;
const ofType = (events: SseEvent[], type: string) =>
  events.filter((e) => e.event === type).map((e) => e.data);
const openaiText = (text: string) =>
  openaiStream([
    openaiChunk({ role: 'assistant', content: text }),
    openaiChunk({}, { finishReason: 'stop' }),
  ]);

describe('generation across provider families', () => {
  let emulator: Emulator;
  let server: TestServer;
  let setup: EmulatedServer;

  beforeAll(async () => {
    setup = await startEmulatedServer({ connection: false });
    ({ server, emulator } = setup);
    const created = await server.request('POST', '/api/tools', {
      name: 'store_hours',
      description: 'Opening hours.',
      parameters: { type: 'object', properties: {} },
      mode: 'read',
      kind: 'static',
      staticResult: 'Open 9 to 5',
    });
    expect(created.status).toBe(201);
  });
  afterAll(() => setup.close());
  beforeEach(() => emulator.reset());

  const chatFor = async (connection: Record<string, unknown>) => {
    const connectionId = (await server.request('POST', '/api/connections', connection)).body.id;
    return (
      await server.request('POST', '/api/chats', {
        connectionId,
        settings: { toolUse: true, tools: ['store_hours'] },
      })
    ).body.id as string;
  };
  const generate = async (chatId: string, content: string) =>
    collect(await postSse(`${server.url}/api/chats/${chatId}/generate`, { content }));

  it('Gemini: the call goes back as functionCall with its thoughtSignature, the result as functionResponse', async () => {
    const chatId = await chatFor({
      name: 'emu-gemini',
      api: 'google',
      baseUrl: `${emulator.url}/v1beta`,
      model: 'gemini-emulated',
      apiKey: 'g-key',
    });
    const path = /\/v1beta\/models\/gemini-emulated:streamGenerateContent$/;
    emulator.enqueue(
      path,
      geminiStream(
        geminiChunksFor([{ functionCall: { name: 'store_hours', args: {} }, thoughtSignature: 'sig-1' }]),
      ),
      geminiStream(geminiChunksFor([{ text: 'Nine to five.' }])),
    );
    const events = await generate(chatId, 'Hours?');
    expect(ofType(events, 'error')).toEqual([]);
    expect(ofType(events, 'tool-result')[0]).toMatchObject({
      name: 'store_hours',
      ok: true,
      result: 'Open 9 to 5',
    });

    const contents = (emulator.requests[1].body as any).contents;
    expect(contents.slice(-2)).toEqual([
      {
        role: 'model',
        parts: [{ functionCall: { name: 'store_hours', args: {} }, thoughtSignature: 'sig-1' }],
      },
      { role: 'user', parts: [{ functionResponse: { name: 'store_hours', response: expect.any(Object) } }] },
    ]);
    expect(JSON.stringify(contents[contents.length - 1])).toContain('Open 9 to 5');

    // next turn: rebuilt from storage, still Gemini's shape
    emulator.enqueue(path, geminiStream(geminiChunksFor([{ text: 'Bye.' }])));
    await generate(chatId, 'Thanks');
    const next = (emulator.requests[2].body as any).contents;
    expect(next.map((c: any) => [c.role, Object.keys(c.parts[0])[0]])).toEqual([
      ['user', 'text'],
      ['model', 'functionCall'],
      ['user', 'functionResponse'],
      ['model', 'text'],
      ['user', 'text'],
    ]);
  });

  it('text protocol: calls parsed from the text, results sent back as <tool_result> user messages', async () => {
    const chatId = await chatFor({
      name: 'emu-text',
      api: 'openai',
      baseUrl: `${emulator.url}/v1`,
      model: 'plain-model',
      // the text protocol is a mode; function calling switched off would send no tools at all
      functionCalling: { enabled: true, mode: 'prompt_xml' },
    });
    const call =
      '<function_calls><function_call><tool>store_hours</tool><args_json><![CDATA[{}]]></args_json></function_call></function_calls>';
    const triggerOf = (request: RecordedRequest) => {
      const system = (request.body as any).messages.find((m: any) => m.role === 'system');
      return TRIGGER_RE.exec(String(system?.content ?? ''))?.[0] ?? 'no-trigger';
    };
    let answered = 0;
    emulator.on('/v1/chat/completions', (request) =>
      answered++ === 0
        ? openaiText(`Checking.\n${triggerOf(request)}\n${call}`)
        : openaiText('Open 9 to 5, then.'),
    );
    const events = await generate(chatId, 'Hours?');
    expect(ofType(events, 'tool-call')[0]).toMatchObject({ name: 'store_hours', args: {} });
    expect(ofType(events, 'tool-result')[0]).toMatchObject({ ok: true, result: 'Open 9 to 5' });
    // the protocol markup never reaches the client as text
    expect(
      ofType(events, 'text-delta')
        .map((d) => d.text)
        .join(''),
    ).not.toContain('function_calls');

    const first = emulator.requests[0].body as any;
    expect(first.tools).toBeUndefined();
    const second = (emulator.requests[1].body as any).messages;
    expect(second.some((m: any) => m.role === 'tool')).toBe(false);
    expect(second.at(-1).role).toBe('user');
    expect(second.at(-1).content).toContain('<tool_result name="store_hours"');
    expect(second.at(-1).content).toContain('Open 9 to 5');

    const messages = (await server.request('GET', `/api/chats/${chatId}/messages`)).body.messages;
    expect(messages[1].toolInvocations[0]).toMatchObject({ name: 'store_hours', ok: true });
  });

  it('streams reasoning as reasoning-delta and stores it with the answer', async () => {
    const chatId = await chatFor({
      name: 'emu-reasoning',
      api: 'openai',
      baseUrl: `${emulator.url}/v1`,
      model: 'thinker',
    });
    emulator.enqueue(
      '/v1/chat/completions',
      openaiStream([
        openaiChunk({ role: 'assistant', reasoning_content: 'Think ' }),
        openaiChunk({ reasoning_content: 'hard.' }),
        openaiChunk({ content: 'Answer.' }),
        openaiChunk({}, { finishReason: 'stop' }),
      ]),
    );
    const events = await generate(chatId, 'Why?');
    expect(
      ofType(events, 'reasoning-delta')
        .map((d) => d.text)
        .join(''),
    ).toBe('Think hard.');
    const messages = (await server.request('GET', `/api/chats/${chatId}/messages`)).body.messages;
    expect(messages[1]).toMatchObject({ role: 'assistant', content: 'Answer.', reasoning: 'Think hard.' });
  });
});
