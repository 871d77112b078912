// Issue 9 item 7: script tools stored 3 MiB values, 3,000 variables and names like `a::b{{x}}` through
// ctx.variables.set, and an 8 MiB result was stored and sent back to the provider. (Found since: a result
// nested 5,000 levels deep ended the chat turn with "Maximum call stack size exceeded".) Scripts now get the
// variables API's limits and the webhooks' 512 KiB result cap, each with a clear error — over real HTTP.
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

const SCRIPTS: Record<string, string> = {
  big_value: `await ctx.variables.set('big', 'x'.repeat(3 * 1024 * 1024)); return 'stored';`,
  bad_name: `await ctx.variables.set('a::b{{x}}', 1); return 'stored';`,
  many: `for (let i = 0; i < 1001; i++) await ctx.variables.set('v' + i, i); return 'stored';`,
  big_result: `return 'y'.repeat(8 * 1024 * 1024);`,
  // just over the cap: cheap enough for the dry run's short deadline on a busy machine
  over_cap: `return 'y'.repeat(513 * 1024);`,
  deep_value: `let v = []; for (let i = 0; i < 5000; i++) v = [v]; await ctx.variables.set('deep', v); return 'stored';`,
  deep_result: `let v = []; for (let i = 0; i < 5000; i++) v = [v]; return v;`,
  twin_names: `await ctx.variables.set('twin\\ud800', 1); await ctx.variables.set('twin\\udfff', 2); return 'stored';`,
  fits: `await ctx.variables.set('ok', 'fine', 'global'); return 'z'.repeat(500 * 1024);`,
};

let emulator: Emulator;
let server: TestServer;
let setup: EmulatedServer;
let chatId: string;

beforeAll(async () => {
  setup = await startEmulatedServer({ env: { CUSTOM_TOOL_SCRIPT_ENABLED: 'true' } });
  ({ server, emulator } = setup);
  for (const [name, body] of Object.entries(SCRIPTS)) {
    const created = await server.request('POST', '/api/tools', {
      name,
      description: `Script ${name}.`,
      kind: 'script',
      mode: 'write',
      body,
    });
    expect(created.status).toBe(201);
  }
  chatId = (
    await server.request('POST', '/api/chats', {
      title: 'Limits',
      connectionId: setup.connectionId,
      settings: { toolUse: true },
    })
  ).body.id;
});
afterAll(() => setup.close());

async function runTool(name: string) {
  emulator.reset();
  emulator.enqueue('/v1/chat/completions', callStream(name), textStream('Done.'));
  const events = await collect(
    await postSse(`${server.url}/api/chats/${chatId}/generate`, { content: name }),
  );
  return events.find((e) => e.event === 'tool-result')?.data;
}

const chatVariables = async () =>
  (await server.request('GET', `/api/chats/${chatId}/variables`)).body.variables as Record<string, unknown>;

describe('script tools obey the variables API limits', () => {
  it('a value over 100,000 characters of JSON is refused, nothing stored', async () => {
    const result = await runTool('big_value');
    expect(result).toMatchObject({ ok: false });
    expect(result.error.message).toContain('100000');
    expect(await chatVariables()).not.toHaveProperty('big');
  });

  it('a name with "::", "{{" or "}}" is refused', async () => {
    const result = await runTool('bad_name');
    expect(result).toMatchObject({ ok: false });
    expect(result.error.message).toContain('cannot contain "::"');
    expect(Object.keys(await chatVariables())).not.toContain('a::b{{x}}');
  });

  it('the 1,001st variable of a scope is refused', async () => {
    const result = await runTool('many');
    expect(result).toMatchObject({ ok: false });
    expect(result.error.message).toContain('1000 variables');
    expect(Object.keys(await chatVariables()).length).toBeLessThanOrEqual(1000);
  });
});

describe('deeply nested values and lone surrogates from scripts', () => {
  it('a variable nested deeper than 256 levels is refused, and the variables stay readable', async () => {
    const result = await runTool('deep_value');
    expect(result).toMatchObject({ ok: false });
    expect(result.error.message).toContain('256 levels');
    const res = await server.request('GET', `/api/chats/${chatId}/variables`);
    expect(res.status).toBe(200);
    expect(res.body.variables).not.toHaveProperty('deep');
  });

  it('a result nested deeper than 256 levels fails the call with a message; the chat goes on', async () => {
    const result = await runTool('deep_result');
    expect(result).toMatchObject({ ok: false });
    expect(result.error.message).toContain('256 levels');
    const messages = await server.request('GET', `/api/chats/${chatId}/messages`);
    expect(messages.status).toBe(200);
  });

  it('a variable name with a lone surrogate is refused (two such names would become one when stored)', async () => {
    const result = await runTool('twin_names');
    expect(result).toMatchObject({ ok: false });
    expect(result.error.message).toContain('surrogate');
    expect(Object.keys(await chatVariables()).filter((n) => n.startsWith('twin'))).toEqual([]);
  });
});

describe('script results', () => {
  it('are capped at 512 KiB with a clear error; nothing of it is stored or sent to the provider', async () => {
    const result = await runTool('big_result');
    expect(result).toMatchObject({ ok: false });
    expect(result.error.message).toContain('512 KiB');
    const followUp = emulator.requests.at(-1)!;
    expect(followUp.rawBody.length).toBeLessThan(64 * 1024);
    const messages = (await server.request('GET', `/api/chats/${chatId}/messages`)).body.messages;
    expect(JSON.stringify(messages).length).toBeLessThan(1024 * 1024);
  });

  it('under the cap, run as before', async () => {
    const result = await runTool('fits');
    expect(result).toMatchObject({ ok: true });
    expect(result.result).toHaveLength(500 * 1024);
    expect((await server.request('GET', '/api/variables')).body.variables).toMatchObject({ ok: 'fine' });
  });

  it('the dry run says the same', async () => {
    const res = await server.request('POST', '/api/tools/dry-run', { name: 'over_cap', args: {} });
    expect(res.body.ok).toBe(false);
    expect(res.body.error).toContain('512 KiB');
  });
});
