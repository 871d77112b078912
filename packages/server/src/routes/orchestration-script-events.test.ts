// ctx.eventSource.emit from a script tool of the orchestration run is streamed to the chat as `script-event`,
// like the events of the chat generation's own scripts, before the main reply; the run is kept as the chat's
// last one (GET /api/chats/:id/orchestration/last).
import type { Emulator } from '@toolsmith/emulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collect, postSse } from '../generation/__fixtures__/sse-client.js';
import { scriptAgents } from '../orchestration/__fixtures__/scripted-agents.js';
import { type EmulatedServer, startEmulatedServer } from '../test-support/emulated-server.js';
import type { TestServer } from '../test-support/test-server.js';

describe('script events from orchestration runs', () => {
  let emulator: Emulator;
  let server: TestServer;
  let setup: EmulatedServer;

  beforeAll(async () => {
    setup = await startEmulatedServer({
      env: { CUSTOM_TOOL_SCRIPT_ENABLED: 'true' },
      sandbox: true,
      connection: { apiKey: 'sk-test' },
    });
    ({ server, emulator } = setup);
  });
  afterAll(() => setup.close());

  it('streams ctx.eventSource.emit of an orchestration script to the chat', async () => {
    const { connectionId } = setup;
    const chatId = (
      await server.request('POST', '/api/chats', {
        title: 'c',
        connectionId,
        settings: { orchestration: { enabled: true } },
      })
    ).body.id;
    const put = await server.request('PUT', '/api/orchestration', {
      tools: [
        {
          name: 'read_sky',
          description: 'Reads the sky.',
          parameters: { type: 'object', properties: {} },
          mode: 'read',
          kind: 'script',
          body: "await ctx.eventSource.emit('weather', { sky: 'grey' }); return 'grey';",
          enabled: true,
        },
      ],
      loop: { agent: { name: 'watcher', systemPrompt: 'WATCHER agent', tools: [] } },
    });
    expect(put.status).toBe(200);
    scriptAgents(emulator, {
      WATCHER: (n) =>
        n === 0
          ? {
              toolCalls: [
                { id: 'a', name: 'read_sky', args: {} },
                { id: 'b', name: 'orchestration_note', args: { text: 'The sky is grey.' } },
              ],
            }
          : { text: '' },
      'Orchestration notes': () => ({ text: 'It will rain.' }),
    });
    const events = await collect(
      await postSse(`${server.url}/api/chats/${chatId}/generate`, { content: 'Look up.' }),
    );
    const names = events.map((e) => e.event);
    const scriptEvent = events.find((e) => e.event === 'script-event');
    expect(scriptEvent?.data).toEqual({
      name: 'weather',
      payload: { sky: 'grey' },
      traceId: expect.stringMatching(/^tr_/),
      source: 'orchestration',
    });
    expect(names.indexOf('script-event')).toBeLessThan(names.indexOf('orchestration-result'));
    expect(names.indexOf('orchestration-result')).toBeLessThan(names.indexOf('text-delta'));

    // the run is kept as the chat's last one, trace and outcome as streamed
    const last = await server.request('GET', `/api/chats/${chatId}/orchestration/last`);
    expect(last.status).toBe(200);
    expect(last.body.run.result).toEqual(events.find((e) => e.event === 'orchestration-result')?.data);
    expect(last.body.run.result.outcome.notes).toBe('The sky is grey.');
    expect(Date.parse(last.body.run.at)).not.toBeNaN();
    const other = (await server.request('POST', '/api/chats', { title: 'd', connectionId })).body.id;
    expect((await server.request('GET', `/api/chats/${other}/orchestration/last`)).body).toEqual({
      run: null,
    });
    expect((await server.request('GET', '/api/chats/chat_none/orchestration/last')).status).toBe(404);
  });
});
