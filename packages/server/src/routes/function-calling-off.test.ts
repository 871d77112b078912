// issue 11 item 1 through the real server: a connection with `functionCalling.enabled: false` sends no tools,
// no tool guide and runs no tool on every path — chat generation, the gateway (client tools, server tools,
// execute) and orchestration.
import {
  type Emulator,
  openaiChunk,
  openaiCompletion,
  openaiStream,
  openaiToolCall,
} from '@toolsmith/emulator';
import OpenAI from 'openai';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { collect, postSse } from '../generation/__fixtures__/sse-client.js';
import { type EmulatedServer, startEmulatedServer } from '../test-support/emulated-server.js';
import type { TestServer } from '../test-support/test-server.js';

const PATH = '/v1/chat/completions';
const textStream = (text: string) =>
  openaiStream([
    openaiChunk({ role: 'assistant', content: '' }),
    openaiChunk({ content: text }),
    openaiChunk({}, { finishReason: 'stop' }),
  ]);
/** A model that asks for a tool even though none was offered (it must not run). */
const rogueCallStream = () =>
  openaiStream([
    openaiChunk({
      role: 'assistant',
      tool_calls: [
        { index: 0, id: 'call_x', type: 'function', function: { name: 'store_hours', arguments: '{}' } },
      ],
    }),
    openaiChunk({ content: 'Open 9 to 5.' }),
    openaiChunk({}, { finishReason: 'tool_calls' }),
  ]);
const guideless = (body: any) => !JSON.stringify(body.messages).match(/Function_|function_calls|# Tools/);

describe('function calling off on a connection, through the server', () => {
  let server: TestServer;
  let setup: EmulatedServer;
  let emulator: Emulator;
  let backupId: string;
  let client: OpenAI;

  beforeAll(async () => {
    setup = await startEmulatedServer({ connection: false });
    ({ server, emulator } = setup);
    const created = await server.request('POST', '/api/connections', {
      name: 'backup',
      api: 'openai',
      baseUrl: `${emulator.url}/v1`,
      model: 'emu-model',
      functionCalling: { enabled: false, mode: 'auto' },
    });
    expect(created.status).toBe(201);
    backupId = created.body.id;
    await server.request('POST', '/api/tools', {
      name: 'store_hours',
      description: 'Opening hours.',
      parameters: { type: 'object', properties: {} },
      mode: 'read',
      kind: 'static',
      staticResult: 'Open 9 to 5',
    });
    client = new OpenAI({ baseURL: `${server.url}/v1`, apiKey: 'loopback', maxRetries: 0 });
  });
  afterAll(() => setup.close());
  beforeEach(() => emulator.reset());

  it('chat: a chat with tool use on sends the exact tool-free request and runs nothing', async () => {
    const chat = await server.request('POST', '/api/chats', {
      title: 'Backup chat',
      connectionId: backupId,
      settings: { toolUse: true, tools: [] },
    });
    emulator.enqueue(PATH, rogueCallStream());
    const events = await collect(
      await postSse(`${server.url}/api/chats/${chat.body.id}/generate`, { content: 'When do you open?' }),
    );
    expect(events.map((e) => e.event).filter((type) => type.startsWith('tool-'))).toEqual([]);
    expect(events.some((e) => e.event === 'text-delta')).toBe(true);
    expect(events.at(-1)?.data).toMatchObject({ reason: 'completed', finishReason: 'stop' });
    expect(emulator.requests).toHaveLength(1);
    expect(emulator.requests[0].body).toEqual({
      model: 'emu-model',
      messages: [{ role: 'user', content: 'When do you open?' }],
      stream: true,
      stream_options: { include_usage: true },
    });
    const messages = (await server.request('GET', `/api/chats/${chat.body.id}/messages`)).body.messages;
    expect(messages.flatMap((m: any) => m.toolInvocations)).toEqual([]);
  });

  it('gateway: client tools are left out and the answer has no tool_calls', async () => {
    emulator.enqueue(PATH, {
      json: openaiCompletion(
        { content: 'It is sunny.', tool_calls: [openaiToolCall('c1', 'get_weather', { city: 'Paris' })] },
        { finishReason: 'tool_calls' },
      ),
    });
    const completion = await client.chat.completions.create({
      model: 'backup',
      messages: [{ role: 'user', content: 'Weather in Paris?' }],
      tools: [
        {
          type: 'function',
          function: { name: 'get_weather', parameters: { type: 'object', properties: {} } },
        },
      ],
    });
    expect(completion.choices[0].message.content).toBe('It is sunny.');
    expect(completion.choices[0].message.tool_calls).toBeUndefined();
    expect(completion.choices[0].finish_reason).toBe('stop');
    expect(emulator.requests[0].body).toEqual({
      model: 'emu-model',
      messages: [{ role: 'user', content: 'Weather in Paris?' }],
    });
  });

  it('gateway: a required tool choice is a 400 naming the switch', async () => {
    const error = await client.chat.completions
      .create({
        model: 'backup',
        messages: [{ role: 'user', content: 'Weather?' }],
        tools: [{ type: 'function', function: { name: 'get_weather', parameters: { type: 'object' } } }],
        tool_choice: 'required',
      })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OpenAI.APIError);
    expect((error as InstanceType<typeof OpenAI.APIError>).status).toBe(400);
    expect((error as Error).message).toContain('function calling switched off');
    expect(emulator.requests).toHaveLength(0);
  });

  it('gateway execute: server tools are not offered and not run', async () => {
    emulator.enqueue(PATH, {
      json: openaiCompletion(
        { content: 'We open at 9.', tool_calls: [openaiToolCall('c1', 'store_hours', {})] },
        { finishReason: 'tool_calls' },
      ),
    });
    const completion = await client.chat.completions.create({
      model: 'backup',
      messages: [{ role: 'user', content: 'When do you open?' }],
      // @ts-expect-error: the gateway's own extension field
      toolsmith: { serverTools: true, execute: true },
    });
    expect(completion.choices[0].message.content).toBe('We open at 9.');
    expect((completion as any).toolsmith).toEqual({ stoppedBecause: 'completed', trace: [] });
    expect(emulator.requests).toHaveLength(1);
    expect(emulator.requests[0].body).toEqual({
      model: 'emu-model',
      messages: [{ role: 'user', content: 'When do you open?' }],
    });
  });

  it('orchestration: the loop agent on the chat connection is offered nothing and runs nothing', async () => {
    const chat = await server.request('POST', '/api/chats', {
      title: 'Orchestrated',
      connectionId: backupId,
      settings: { toolUse: true, tools: [] },
    });
    emulator.enqueue(PATH, textStream('Nothing to note.'), rogueCallStream());
    const sim = await server.request('POST', '/api/orchestration/simulate', { chatId: chat.body.id });
    expect(sim.status).toBe(200);
    expect(sim.body.trace.root.offeredTools).toEqual([]);
    expect(sim.body.trace.root.rounds.flatMap((r: any) => r.calls)).toEqual([]);
    for (const request of emulator.requests) {
      expect((request.body as any).tools).toBeUndefined();
      expect(guideless(request.body)).toBe(true);
    }
  });
});
