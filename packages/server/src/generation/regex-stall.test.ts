// Issue 9.2: a lorebook key such as /^(\w+\s?)*\d$/ pinned the event loop forever on the next chat message
// (and again after a restart, since the book is stored). The server runs in its own process here, so a
// regression fails this test instead of freezing the test runner.
import { createEmulator, type Emulator, openaiChunk, openaiStream } from '@toolsmith/emulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ServerProcess, startServerProcess } from '../test-support/server-process.js';

/** The worst known shapes: nested quantifiers and overlapping alternatives. */
const TRAP_KEYS = ['/^(\\w+\\s?)*\\d$/', '/(x+x+)+y/', '/(\\w|[a-z])+@/i', '/^(a|a)+$/'];
/** ~10 KB that each trap almost matches: a backtracking engine would try every way of splitting it. */
const MESSAGE = `${'a '.repeat(2_560)}${'x'.repeat(5_000)}!`;
/** A tool argument a JSON Schema pattern almost matches. */
const ARGUMENT = `${'a'.repeat(10_240)}!`;
/** The bound the issue sets for /api/health while the patterns run. */
const HEALTH_BOUND_MS = 100;
/** A cold process: no freeze, whatever the machine's load. */
const FIRST_TURN_BOUND_MS = 3_000;

const textAnswer = (text: string) =>
  openaiStream([
    openaiChunk({ role: 'assistant', content: text }),
    openaiChunk({}, { finishReason: 'stop' }),
  ]);

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** GET /api/health one after the other until `until` settles; every latency, in ms. */
async function probeHealth(url: string, until: Promise<unknown>): Promise<number[]> {
  let done = false;
  const stop = () => {
    done = true;
  };
  until.then(stop, stop);
  const latencies: number[] = [];
  while (!done) {
    const started = performance.now();
    try {
      const response = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(3_000) });
      await response.text();
      latencies.push(performance.now() - started);
    } catch {
      latencies.push(Number.POSITIVE_INFINITY);
      return latencies; // the server stopped answering: no need to wait for the turn
    }
  }
  return latencies;
}

describe('user regexes during a chat turn', () => {
  let emulator: Emulator;
  let server: ServerProcess;
  beforeAll(async () => {
    emulator = await createEmulator();
    server = await startServerProcess();
  });
  afterAll(async () => {
    await server?.close();
    await emulator?.close();
  });

  it(`/api/health answers within ${HEALTH_BOUND_MS} ms while catastrophic patterns meet 10 KB inputs`, async () => {
    const api = server.request;
    const connection = await api('POST', '/api/connections', {
      name: 'emu',
      api: 'openai',
      baseUrl: `${emulator.url}/v1`,
      model: 'm',
      functionCalling: { enabled: true, mode: 'native' },
    });
    expect(connection.status, JSON.stringify(connection.body)).toBe(201);

    /** A chat whose lorebook has these keys and whose one tool checks its argument with this pattern. */
    const chatWith = async (name: string, keys: string[], pattern: string) => {
      const book = await api('POST', '/api/lorebooks', {
        name,
        entries: [{ keys, content: 'never injected' }],
      });
      expect(book.status, JSON.stringify(book.body)).toBe(201);
      const tool = await api('POST', '/api/tools', {
        name,
        description: 'Shouts the text.',
        parameters: { type: 'object', properties: { text: { type: 'string', pattern } }, required: ['text'] },
        mode: 'read',
        kind: 'static',
        staticResult: 'shouted',
      });
      expect(tool.status, JSON.stringify(tool.body)).toBe(201);
      const chat = await api('POST', '/api/chats', {
        connectionId: connection.body.id,
        settings: { toolUse: true, tools: [name], lorebookIds: [book.body.id] },
      });
      expect(chat.status, JSON.stringify(chat.body)).toBe(201);
      return { id: chat.body.id as string, tool: name };
    };
    const traps = await chatWith('traps', TRAP_KEYS, '^(a+)+$');
    // the same turn without catastrophic patterns: what a turn costs the server anyway
    const control = await chatWith('control', ['zzz', 'qqq'], '^a+$');

    /** One turn: the model calls the chat's tool with an argument its pattern rejects, then answers. */
    const turn = async (chat: { id: string; tool: string }) => {
      emulator.requests.length = 0;
      emulator.enqueue(
        '/v1/chat/completions',
        openaiStream([
          openaiChunk({
            role: 'assistant',
            tool_calls: [
              {
                index: 0,
                id: 'call_1',
                type: 'function',
                function: { name: chat.tool, arguments: JSON.stringify({ text: ARGUMENT }) },
              },
            ],
          }),
          openaiChunk({}, { finishReason: 'tool_calls' }),
        ]),
        textAnswer('Done.'),
      );
      const generating = fetch(`${server.url}/api/chats/${chat.id}/generate`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-toolsmith-request': '1' },
        body: JSON.stringify({ content: MESSAGE }),
        signal: AbortSignal.timeout(20_000),
      }).then((response) => response.text());
      const latencies = await probeHealth(server.url, generating);
      const stream = await generating.catch((error) => `the turn failed: ${error}`);
      const shown = `${chat.tool}: health latencies (ms) ${latencies.map(Math.round).join(', ')}`;
      // both model rounds ran: the world info scan and the argument check finished, and the pattern said no
      expect(stream, shown).toContain('event: finish');
      expect(emulator.requests).toHaveLength(2);
      const messages = (emulator.requests[1].body as { messages: Array<{ role: string; content: string }> })
        .messages;
      expect(messages.find((m) => m.role === 'tool')?.content).toContain('invalid_arguments');
      return { max: Math.max(...latencies), shown };
    };

    // The first turns on a fresh process also pay for loading and optimising code: the traps' must finish
    // (a backtracking engine never would).
    await turn(control);
    const first = await turn(traps);
    expect(first.max, first.shown).toBeLessThan(FIRST_TURN_BOUND_MS);
    // Then, turn for turn, the traps must not hold /api/health back more than the bound beyond what the
    // same turn without them does (on a quiet machine that is a few ms: the bound is then the issue's
    // 100 ms; on a busy one it discounts the machine's own delays, which are not the patterns').
    const controls: number[] = [];
    const trapped: number[] = [];
    const shown: string[] = [];
    for (let i = 0; i < 3; i++) {
      const c = await turn(control);
      const t = await turn(traps);
      controls.push(c.max);
      trapped.push(t.max);
      shown.push(c.shown, t.shown);
    }
    expect(median(trapped), shown.join('\n')).toBeLessThan(median(controls) + HEALTH_BOUND_MS);
    const trace = await api('GET', `/api/chats/${traps.id}/world-info`);
    expect(trace.body.activation.trace[0]).toMatchObject({ activated: false, skipped: 'no_match' });
  });
});
