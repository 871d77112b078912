// "Ask before running write tools" over real HTTP: Allow, Deny, the timeout, a page reload while the run waits,
// and Stop.
import { type Emulator, openaiChunk, openaiStream, type RecordedRequest } from '@toolsmith/emulator';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { collect, getSse, nextEvent, postSse, type SseCall } from '../generation/__fixtures__/sse-client.js';
import { chatGenerationsFor } from '../generation/chat-generations.js';
import {
  createEmulatorConnection,
  type EmulatedServer,
  startEmulatedServer,
} from '../test-support/emulated-server.js';
import type { TestServer } from '../test-support/test-server.js';

function textStream(text: string) {
  return openaiStream([
    openaiChunk({ role: 'assistant', content: '' }),
    openaiChunk({ content: text }),
    openaiChunk({}, { finishReason: 'stop' }),
  ]);
}

function callStream(id: string, name: string, args: unknown) {
  return openaiStream([
    openaiChunk({ role: 'assistant', content: null }),
    openaiChunk({
      tool_calls: [{ index: 0, id, type: 'function', function: { name, arguments: JSON.stringify(args) } }],
    }),
    openaiChunk({}, { finishReason: 'tool_calls' }),
  ]);
}

/** The tool message the model got back in a follow-up request. */
const toolReply = (request: RecordedRequest) =>
  (request.body as { messages: Array<{ role: string; content: string }> }).messages.findLast(
    (m) => m.role === 'tool',
  )?.content ?? '';

async function setUp({ server, emulator }: EmulatedServer) {
  const connectionId = await createEmulatorConnection(server, emulator);
  for (const [name, mode] of [
    ['save_note', 'write'],
    ['read_note', 'read'],
  ]) {
    await server.request('POST', '/api/tools', {
      name,
      description: `${name} tool`,
      parameters: { type: 'object', properties: { text: { type: 'string' } } },
      mode,
      kind: 'static',
      staticResult: `${name} done`,
    });
  }
  return (
    await server.request('POST', '/api/chats', {
      connectionId,
      settings: { toolUse: true, approveWriteTools: true },
    })
  ).body.id as string;
}

describe('tool approval for write tools', () => {
  let setup: EmulatedServer;
  let server: TestServer;
  let emulator: Emulator;
  let chatId: string;

  beforeAll(async () => {
    setup = await startEmulatedServer({ connection: false });
    ({ server, emulator } = setup);
    chatId = await setUp(setup);
  });
  afterAll(() => setup.close());
  beforeEach(() => emulator.reset());

  const approve = (callId: string, allow: unknown) =>
    server.request('POST', `/api/chats/${chatId}/tool-approvals/${callId}`, { allow });
  const start = (content: string) => postSse(`${server.url}/api/chats/${chatId}/generate`, { content });

  it('Allow runs the write tool; a read tool is never asked about', async () => {
    emulator.enqueue(
      '/v1/chat/completions',
      callStream('c_read', 'read_note', {}),
      callStream('c_save', 'save_note', { text: 'buy rope' }),
      textStream('Saved.'),
    );
    const call = await start('Save a note');
    const asked = await nextEvent(call, 'tool-approval');
    expect(asked.data).toEqual({
      id: 'c_save',
      name: 'save_note',
      args: { text: 'buy rope' },
      expiresAt: expect.any(String),
    });
    const state = await server.request('GET', `/api/chats/${chatId}/generation`);
    expect(state.body).toEqual({ running: true, pendingApprovals: [asked.data] });
    expect((await approve('c_save', 'yes')).status).toBe(400);
    expect(await approve('c_save', true)).toMatchObject({ status: 200, body: { decision: 'allowed' } });
    expect((await approve('c_save', true)).body.code).toBe('approval_not_found');
    const rest = await collect(call);
    expect(rest.find((e) => e.event === 'tool-approval-end')?.data).toEqual({
      id: 'c_save',
      decision: 'allowed',
    });
    expect(rest.find((e) => e.event === 'tool-result')?.data).toMatchObject({ id: 'c_save', ok: true });
    expect(rest.at(-1)).toMatchObject({ event: 'finish', data: { reason: 'completed' } });
    expect(toolReply(emulator.requests[2])).toContain('save_note done');
  });

  it('Deny is a tool error the model reads; the tool never runs', async () => {
    emulator.enqueue(
      '/v1/chat/completions',
      callStream('c_no', 'save_note', { text: 'x' }),
      textStream('Okay.'),
    );
    const call = await start('Save another');
    await nextEvent(call, 'tool-approval');
    expect((await approve('c_no', false)).body.decision).toBe('denied');
    const result = await nextEvent(call, 'tool-result');
    expect(result.data).toMatchObject({
      ok: false,
      error: { code: 'denied', message: 'The user did not allow save_note to run.' },
    });
    await collect(call);
    expect(toolReply(emulator.requests[1])).toContain('The user did not allow save_note to run.');
    const messages = (await server.request('GET', `/api/chats/${chatId}/messages`)).body.messages;
    expect(messages.at(-2).toolInvocations[0]).toMatchObject({ ok: false, error: { code: 'denied' } });
  });

  it('survives a page reload: the run waits, a new client attaches, replays and approves', async () => {
    emulator.enqueue(
      '/v1/chat/completions',
      callStream('c_r', 'save_note', { text: 'r' }),
      textStream('Done.'),
    );
    const first = await start('Reload me');
    await nextEvent(first, 'tool-approval');
    first.abort();
    // the run is still there, waiting
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(
      (await server.request('GET', `/api/chats/${chatId}/generation`)).body.pendingApprovals,
    ).toHaveLength(1);

    const attached = await getSse(`${server.url}/api/chats/${chatId}/generation/events`);
    const replayed = await nextEvent(attached, 'tool-approval');
    expect(replayed.data.id).toBe('c_r');
    await approve('c_r', true);
    const rest = await collect(attached);
    expect(rest.map((e) => e.event)).toEqual(
      expect.arrayContaining(['tool-approval-end', 'tool-result', 'text-delta', 'finish']),
    );
    expect(rest.at(-1)?.data.reason).toBe('completed');
    expect((await server.request('GET', `/api/chats/${chatId}/generation`)).body.running).toBe(false);
    const none = await server.request('GET', `/api/chats/${chatId}/generation/events`);
    expect(none).toMatchObject({ status: 404, body: { code: 'not_generating' } });
  });

  it('a client that leaves while nothing waits stops the run; Stop ends a waiting run', async () => {
    emulator.enqueue('/v1/chat/completions', callStream('c_s', 'save_note', { text: 's' }));
    const call: SseCall = await start('Stop me');
    await nextEvent(call, 'tool-approval');
    const idle = chatGenerationsFor(server.app.toolsmith).whenIdle(chatId);
    expect((await server.request('POST', `/api/chats/${chatId}/generation/stop`)).status).toBe(202);
    const rest = await collect(call);
    expect(rest.find((e) => e.event === 'tool-result')?.data.error.code).toBe('aborted');
    expect(rest.at(-1)).toMatchObject({ event: 'finish', data: { reason: 'aborted' } });
    expect(await idle).toEqual({ stoppedBecause: 'aborted' });
    expect((await server.request('POST', `/api/chats/${chatId}/generation/stop`)).status).toBe(404);
  });
});

describe('tool approval timeout', () => {
  it('counts as Deny and tells the model', async () => {
    const setup = await startEmulatedServer({ env: { TOOL_APPROVAL_TIMEOUT_MS: '1000' }, connection: false });
    const { server, emulator } = setup;
    try {
      const chatId = await setUp(setup);
      emulator.enqueue(
        '/v1/chat/completions',
        callStream('c_t', 'save_note', { text: 't' }),
        textStream('Fine.'),
      );
      const events = await collect(
        await postSse(`${server.url}/api/chats/${chatId}/generate`, { content: 'Go' }),
      );
      expect(events.find((e) => e.event === 'tool-approval-end')?.data).toEqual({
        id: 'c_t',
        decision: 'timeout',
      });
      expect(events.find((e) => e.event === 'tool-result')?.data.error).toMatchObject({
        code: 'denied',
        message: 'Nobody approved save_note in time, so it did not run.',
      });
      expect(toolReply(emulator.requests[1])).toContain('Nobody approved save_note in time');
    } finally {
      await setup.close();
    }
  });
});
