// A connection on the OpenAI Responses API (`api: "openai-responses"`) through the real server: a chat turn with
// a tool call, the reasoning item replayed statelessly in the next round, the answer stored.
import {
  type Emulator,
  responsesErrors,
  responsesEventsFor,
  responsesItem,
  responsesStream,
} from '@toolsmith/emulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collect, postSse } from '../generation/__fixtures__/sse-client.js';
import { type EmulatedServer, startEmulatedServer } from '../test-support/emulated-server.js';
import type { TestServer } from '../test-support/test-server.js';

describe('openai-responses connections', () => {
  let setup: EmulatedServer;
  let server: TestServer;
  let emulator: Emulator;
  beforeAll(async () => {
    setup = await startEmulatedServer({ connection: false });
    ({ server, emulator } = setup);
  });
  afterAll(() => setup.close());

  it('runs a chat turn with a tool over /responses, replaying the reasoning item without previous_response_id', async () => {
    const connection = await server.request('POST', '/api/connections', {
      name: 'responses',
      api: 'openai-responses',
      baseUrl: `${emulator.url}/v1`,
      model: 'gpt-5-mini',
      apiKey: 'sk-responses',
      thinking: { effort: 'low', includeThoughts: true },
    });
    expect(connection.status).toBe(201);
    expect(connection.body.api).toBe('openai-responses');
    const tool = await server.request('POST', '/api/tools', {
      name: 'store_hours',
      description: 'Opening hours.',
      parameters: { type: 'object', properties: {} },
      mode: 'read',
      kind: 'static',
      staticResult: 'Open 9 to 5',
    });
    expect(tool.status).toBe(201);
    const chat = await server.request('POST', '/api/chats', {
      title: 't',
      connectionId: connection.body.id,
      settings: { toolUse: true, tools: [] },
    });
    let round = 0;
    emulator.on('/v1/responses', (req) => {
      round++;
      if (round === 1) {
        return responsesStream(
          responsesEventsFor([
            responsesItem.reasoning('rs_1', ['Look up the hours.'], 'enc-1'),
            responsesItem.functionCall('fc_1', 'call_1', 'store_hours', '{}'),
          ]),
        );
      }
      const input = (req.body as { input: Array<Record<string, unknown>> }).input;
      const at = input.findIndex((item) => item.type === 'reasoning');
      if (at === -1 || input[at + 1]?.type !== 'function_call') return responsesErrors.missingFollowingItem();
      return responsesStream(responsesEventsFor([responsesItem.message('msg_1', 'We open at 9.')]));
    });
    const events = await collect(
      await postSse(`${server.url}/api/chats/${chat.body.id}/generate`, { content: 'Hours?' }),
    );
    const types = events.map((e) => e.event);
    expect(types).toContain('reasoning-delta');
    expect(events.find((e) => e.event === 'tool-result')?.data).toMatchObject({
      name: 'store_hours',
      ok: true,
    });
    expect(events.at(-1)?.event).toBe('finish');
    const [first, second] = emulator.requests.map((r) => r.body as Record<string, any>);
    expect(first).toMatchObject({
      model: 'gpt-5-mini',
      store: false,
      reasoning: { effort: 'low', summary: 'auto' },
    });
    expect(emulator.requests[0].headers.authorization).toBe('Bearer sk-responses');
    expect(second).not.toHaveProperty('previous_response_id');
    expect(second.input.slice(-3)).toEqual([
      {
        type: 'reasoning',
        id: 'rs_1',
        summary: [{ type: 'summary_text', text: 'Look up the hours.' }],
        encrypted_content: 'enc-1',
      },
      { type: 'function_call', call_id: 'call_1', name: 'store_hours', arguments: '{}', id: 'fc_1' },
      { type: 'function_call_output', call_id: 'call_1', output: 'Open 9 to 5' },
    ]);
    const messages = (await server.request('GET', `/api/chats/${chat.body.id}/messages`)).body.messages;
    expect(messages.at(-1)).toMatchObject({ role: 'assistant', content: 'We open at 9.' });
  });

  it('refuses quirks and prompt caching on a Responses connection', async () => {
    const res = await server.request('POST', '/api/connections', {
      name: 'responses-bad',
      api: 'openai-responses',
      quirks: { profile: 'mistral' },
    });
    expect(res.status).toBe(400);
    expect(res.body.details[0].field).toBe('quirks');
  });
});
