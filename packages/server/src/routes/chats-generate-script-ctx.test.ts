// Script tools' host functions during a chat generation: ctx.variables.get/set, ctx.eventSource.emit and
// ctx.getExtensionApi, with the real QuickJS sandbox, over real HTTP against the provider emulator.
import { type Emulator, openaiChunk, openaiStream } from '@toolsmith/emulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collect, postSse } from '../generation/__fixtures__/sse-client.js';
import { type EmulatedServer, startEmulatedServer } from '../test-support/emulated-server.js';
import type { TestServer } from '../test-support/test-server.js';

const callStream = (name: string) =>
  openaiStream([
    openaiChunk({
      role: 'assistant',
      content: null,
      tool_calls: [{ index: 0, id: 'c1', type: 'function', function: { name, arguments: '{}' } }],
    }),
    openaiChunk({}, { finishReason: 'tool_calls' }),
  ]);
const textStream = (text: string) =>
  openaiStream([
    openaiChunk({ role: 'assistant', content: text }),
    openaiChunk({}, { finishReason: 'stop' }),
  ]);

const BODY = `
  const before = await ctx.variables.get('visits');
  await ctx.variables.set('visits', (before ?? 0) + 1);
  await ctx.variables.set('motd', 'hello', 'global');
  await ctx.eventSource.emit('visited', { count: (before ?? 0) + 1 });
  const weather = await ctx.getExtensionApi('weather').today('Oslo');
  return { before, after: await ctx.variables.get('visits'), weather, missing: ctx.getExtensionApi('nope') };
`;

describe("script tools' host functions in a chat generation", () => {
  let emulator: Emulator;
  let server: TestServer;
  let setup: EmulatedServer;
  let chatId: string;

  beforeAll(async () => {
    setup = await startEmulatedServer({
      env: { CUSTOM_TOOL_SCRIPT_ENABLED: 'true' },
      deps: { extensionApis: { weather: { today: (city) => ({ city, sky: 'clear' }) } } },
      sandbox: true,
      connection: { model: 'emulated-model' },
    });
    ({ server, emulator } = setup);
    await server.app.toolsmith.storage.tools.create({
      name: 'visit',
      displayName: '',
      description: 'Counts visits.',
      parameters: { type: 'object', properties: {} },
      mode: 'write',
      kind: 'script',
      body: BODY,
      simulateBody: '',
      staticResult: '',
      webhookUrl: '',
      includeHiddenContext: false,
      enabled: true,
    });
    const chat = await server.request('POST', '/api/chats', {
      title: 'Host functions',
      connectionId: setup.connectionId,
      settings: { toolUse: true, tools: ['visit'] },
    });
    chatId = chat.body.id;
  });
  afterAll(() => setup.close());

  it('reads and writes chat and global variables, emits events to the stream, and reaches extension APIs', async () => {
    emulator.enqueue('/v1/chat/completions', callStream('visit'), textStream('Counted.'));
    const events = await collect(
      await postSse(`${server.url}/api/chats/${chatId}/generate`, { content: 'Visit' }),
    );
    const result = events.find((e) => e.event === 'tool-result')?.data;
    expect(result).toMatchObject({
      name: 'visit',
      ok: true,
      result: { before: null, after: 1, weather: { city: 'Oslo', sky: 'clear' }, missing: null },
    });
    const emitted = events.filter((e) => e.event === 'script-event').map((e) => e.data);
    expect(emitted).toEqual([
      { name: 'visited', payload: { count: 1 }, traceId: expect.stringMatching(/^tr_/) },
    ]);
    expect((await server.request('GET', `/api/chats/${chatId}/variables`)).body).toMatchObject({
      variables: { visits: 1 },
    });
    expect((await server.request('GET', '/api/variables')).body).toMatchObject({
      variables: { motd: 'hello' },
    });

    // the next turn sees what the script stored
    emulator.enqueue('/v1/chat/completions', callStream('visit'), textStream('Counted again.'));
    const again = await collect(
      await postSse(`${server.url}/api/chats/${chatId}/generate`, { content: 'Again' }),
    );
    expect(again.find((e) => e.event === 'tool-result')?.data).toMatchObject({
      result: { before: 1, after: 2 },
    });
  });
});
