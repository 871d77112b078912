// A profile's own script tools in a simulation (CUSTOM_TOOL_SCRIPT_ENABLED): the read tool runs for real in
// the sandbox, the write tool runs its simulate body; nothing is written.
import type { Emulator } from '@toolsmith/emulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scriptAgents } from '../orchestration/__fixtures__/scripted-agents.js';
import { type EmulatedServer, startEmulatedServer } from '../test-support/emulated-server.js';
import type { TestServer } from '../test-support/test-server.js';

const script = (name: string, mode: 'read' | 'write', body: string, simulateBody = '') => ({
  name,
  description: `Script ${name}.`,
  parameters: { type: 'object', properties: {} },
  mode,
  kind: 'script',
  body,
  simulateBody,
  enabled: true,
});

describe('orchestration with profile script tools', () => {
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

  it('runs the read script for real and the write script through its simulate body', async () => {
    const { connectionId } = setup;
    const chatId = (await server.request('POST', '/api/chats', { title: 'c', connectionId })).body.id;
    const { storage } = server.app.toolsmith;
    await storage.messages.append(chatId, { role: 'user', content: 'Count the coins.' });
    const put = await server.request('PUT', '/api/orchestration', {
      tools: [
        script(
          'count_messages',
          'read',
          'return { n: ctx.chat.length, name1: ctx.name1, aborted: ctx.__run.aborted, trace: typeof ctx.__run.traceId };',
        ),
        script('spend_coins', 'write', 'throw new Error("must not run");', 'return { wouldSpend: 3 };'),
      ],
      loop: { agent: { name: 'counter', systemPrompt: 'COUNTER agent', tools: [] } },
    });
    expect(put.status).toBe(200);
    scriptAgents(emulator, {
      COUNTER: (n) =>
        n === 0
          ? {
              toolCalls: [
                { id: 'a', name: 'count_messages', args: {} },
                { id: 'b', name: 'spend_coins', args: {} },
              ],
            }
          : { text: 'counted' },
    });
    const before = await storage.messages.list(chatId);
    const sim = await server.request('POST', '/api/orchestration/simulate', { chatId });
    expect(sim.status).toBe(200);
    const [count, spend] = sim.body.trace.root.rounds[0].calls;
    expect(count).toMatchObject({
      name: 'count_messages',
      ok: true,
      result: { n: 1, name1: 'User', aborted: false, trace: 'string' },
      simulated: true,
      unvalidated: false,
    });
    expect(spend).toMatchObject({
      name: 'spend_coins',
      ok: true,
      result: { wouldSpend: 3 },
      unvalidated: false,
    });
    expect(await storage.messages.list(chatId)).toEqual(before);
  });
});
