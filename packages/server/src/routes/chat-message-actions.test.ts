// Greetings, swipes, edit, delete, regenerate, continue and retry over real HTTP against the provider emulator.
import {
  type Emulator,
  openaiChunk,
  openaiErrors,
  openaiStream,
  type RecordedRequest,
} from '@toolsmith/emulator';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { collect, postSse } from '../generation/__fixtures__/sse-client.js';
import { CONTINUE_NUDGE } from '../generation/run-chat-generation.js';
import { type EmulatedServer, startEmulatedServer } from '../test-support/emulated-server.js';
import type { TestServer } from '../test-support/test-server.js';

function textStream(pieces: string[], finishReason = 'stop') {
  return openaiStream([
    openaiChunk({ role: 'assistant', content: '' }),
    ...pieces.map((content) => openaiChunk({ content })),
    openaiChunk({}, { finishReason }),
  ]);
}

function callStream(id: string, name: string, args: unknown, text = '') {
  return openaiStream([
    openaiChunk({ role: 'assistant', content: text || null }),
    openaiChunk({
      tool_calls: [{ index: 0, id, type: 'function', function: { name, arguments: JSON.stringify(args) } }],
    }),
    openaiChunk({}, { finishReason: 'tool_calls' }),
  ]);
}

/** The chat part of a provider request: role and text of each message after the leading system text. */
const wire = (request: RecordedRequest) =>
  (request.body as { messages: Array<{ role: string; content: unknown; tool_calls?: unknown[] }> }).messages
    .filter((m, i, all) => !(m.role === 'system' && all.slice(0, i).every((p) => p.role === 'system')))
    .map((m) => [m.role, typeof m.content === 'string' ? m.content : m.tool_calls ? 'tool_calls' : null]);

describe('chat message actions', () => {
  let server: TestServer;
  let setup: EmulatedServer;
  let emulator: Emulator;
  let connectionId: string;

  beforeAll(async () => {
    setup = await startEmulatedServer();
    ({ server, emulator, connectionId } = setup);
    await server.request('POST', '/api/tools', {
      name: 'tide_table',
      description: 'High tide times.',
      parameters: { type: 'object', properties: {} },
      mode: 'read',
      kind: 'static',
      staticResult: 'High tide at 6',
    });
  });
  afterAll(() => setup.close());
  beforeEach(() => emulator.reset());

  const messagesOf = async (chatId: string) =>
    (await server.request('GET', `/api/chats/${chatId}/messages`)).body.messages as any[];
  const generate = async (chatId: string, body: unknown) =>
    collect(await postSse(`${server.url}/api/chats/${chatId}/generate`, body));
  const newChat = async (extra: Record<string, unknown> = {}) =>
    (await server.request('POST', '/api/chats', { connectionId, ...extra })).body.id as string;

  it("opens with the character's greeting, alternate greetings as swipes, named by who wrote them", async () => {
    const persona = (await server.request('POST', '/api/personas', { name: 'Kit', description: '' })).body;
    const ayla = (
      await server.request('POST', '/api/characters', {
        name: 'Ayla',
        first_mes: '*waves* Hello, {{user}}.',
        alternate_greetings: ['The lamp flickers.', '', '{{char}} looks up.'],
      })
    ).body;
    const chatId = await newChat({ characterIds: [ayla.id], personaId: persona.id });
    const [greeting] = await messagesOf(chatId);
    expect(greeting).toMatchObject({
      role: 'assistant',
      content: '*waves* Hello, Kit.',
      name: 'Ayla',
      characterId: ayla.id,
      swipe: { index: 0, count: 3 },
      editedAt: null,
    });

    const chosen = await server.request('PUT', `/api/chats/${chatId}/messages/${greeting.id}/swipe`, {
      index: 2,
    });
    expect(chosen.status).toBe(200);
    expect(chosen.body.messages).toHaveLength(1);
    expect(chosen.body.messages[0]).toMatchObject({
      content: 'Ayla looks up.',
      swipe: { index: 2, count: 3 },
    });
    const outOfRange = await server.request('PUT', `/api/chats/${chatId}/messages/${greeting.id}/swipe`, {
      index: 3,
    });
    expect(outOfRange.status).toBe(400);
    expect(outOfRange.body.details[0]).toMatchObject({ field: 'index' });

    // the greeting is not generated, so it cannot be regenerated
    const refused = await server.request('POST', `/api/chats/${chatId}/generate`, { mode: 'regenerate' });
    expect(refused).toMatchObject({ status: 409, body: { code: 'greeting' } });

    emulator.enqueue('/v1/chat/completions', textStream(['Evening.']));
    const events = await generate(chatId, { content: 'Hi Ayla' });
    expect(events[0]).toMatchObject({
      event: 'generation-start',
      data: { mode: 'send', characterId: ayla.id, name: 'Ayla' },
    });
    // the chosen greeting is what the model reads, after the new-chat line providers need first
    expect(wire(emulator.requests[0])).toEqual([
      ['user', '[Start a new Chat]'],
      ['assistant', 'Ayla looks up.'],
      ['user', 'Hi Ayla'],
    ]);
    const messages = await messagesOf(chatId);
    expect(messages.map((m) => [m.role, m.name, m.content])).toEqual([
      ['assistant', 'Ayla', 'Ayla looks up.'],
      ['user', 'Kit', 'Hi Ayla'],
      ['assistant', 'Ayla', 'Evening.'],
    ]);
    expect(messages[1]).toMatchObject({ personaId: persona.id, replyId: null, swipe: null });

    // once the user has written, other characters no longer replace the greeting
    const bram = (await server.request('POST', '/api/characters', { name: 'Bram', first_mes: 'Hm.' })).body;
    await server.request('PATCH', `/api/chats/${chatId}`, { characterIds: [bram.id] });
    expect((await messagesOf(chatId))[0].content).toBe('Ayla looks up.');
    // before that, they do
    const fresh = await newChat({ characterIds: [ayla.id] });
    await server.request('PATCH', `/api/chats/${fresh}`, { characterIds: [bram.id, ayla.id] });
    expect((await messagesOf(fresh)).map((m) => [m.name, m.content, m.swipe.count])).toEqual([
      ['Bram', 'Hm.', 1],
      ['Ayla', '*waves* Hello, User.', 3],
    ]);
  });

  it('regenerate adds a swipe with its own tool calls; choosing a swipe changes what the model reads', async () => {
    const chatId = await newChat({ settings: { toolUse: true, tools: ['tide_table'] } });
    emulator.enqueue(
      '/v1/chat/completions',
      callStream('call_t1', 'tide_table', {}, 'Let me check. '),
      textStream(['High tide is at six.']),
    );
    await generate(chatId, { content: 'When is high tide?' });
    const first = await messagesOf(chatId);
    expect(first.map((m) => [m.role, m.content, m.toolInvocations.length])).toEqual([
      ['user', 'When is high tide?', 0],
      ['assistant', 'Let me check. ', 1],
      ['assistant', 'High tide is at six.', 0],
    ]);
    const replyId = first[1].replyId;
    expect(first[2]).toMatchObject({ replyId, swipe: { index: 0, count: 1 } });

    emulator.reset();
    emulator.enqueue('/v1/chat/completions', textStream(['Six, by the table.']));
    const events = await generate(chatId, { mode: 'regenerate' });
    expect(events[0]).toMatchObject({
      event: 'generation-start',
      data: { mode: 'regenerate', replyId, swipe: 1 },
    });
    expect(events.some((e) => e.event === 'user-message')).toBe(false);
    // the model answers the same question again, without the old answer
    expect(wire(emulator.requests[0])).toEqual([['user', 'When is high tide?']]);
    const second = await messagesOf(chatId);
    expect(second.map((m) => [m.content, m.swipe])).toEqual([
      ['When is high tide?', null],
      ['Six, by the table.', { index: 1, count: 2 }],
    ]);

    // back to the first swipe: both its rounds and its tool call return
    const back = await server.request('PUT', `/api/chats/${chatId}/messages/${second[1].id}/swipe`, {
      index: 0,
    });
    expect(back.body.messages.map((m: any) => [m.content, m.toolInvocations.length, m.swipe])).toEqual([
      ['When is high tide?', 0, null],
      ['Let me check. ', 1, { index: 0, count: 2 }],
      ['High tide is at six.', 0, { index: 0, count: 2 }],
    ]);
    emulator.reset();
    emulator.enqueue('/v1/chat/completions', textStream(['You are welcome.']));
    await generate(chatId, { content: 'Thanks' });
    expect(wire(emulator.requests[0])).toEqual([
      ['user', 'When is high tide?'],
      ['assistant', 'Let me check. '],
      ['tool', 'High tide at 6'],
      ['assistant', 'High tide is at six.'],
      ['user', 'Thanks'],
    ]);
  });

  it('edits and deletes messages; an answer goes with all its rounds and swipes', async () => {
    const chatId = await newChat();
    emulator.enqueue('/v1/chat/completions', textStream(['Blue.']), textStream(['Green.']));
    await generate(chatId, { content: 'Favourite colour?' });
    await generate(chatId, { mode: 'regenerate' });
    const [question, answer] = await messagesOf(chatId);

    const edited = await server.request('PATCH', `/api/chats/${chatId}/messages/${question.id}`, {
      content: 'Favourite color?',
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ content: 'Favourite color?', editedAt: expect.any(String) });
    const editedAnswer = await server.request('PATCH', `/api/chats/${chatId}/messages/${answer.id}`, {
      content: '*thinks* Green.',
    });
    expect(editedAnswer.body).toMatchObject({ content: '*thinks* Green.', swipe: { index: 1, count: 2 } });
    expect(
      (await server.request('PATCH', `/api/chats/${chatId}/messages/${question.id}`, { content: ' ' }))
        .status,
    ).toBe(400);
    const unknownField = await server.request('PATCH', `/api/chats/${chatId}/messages/${question.id}`, {
      role: 'assistant',
    });
    expect(unknownField.body.details).toEqual([
      { field: 'role', message: expect.stringContaining('only content') },
    ]);
    expect(
      (await server.request('PATCH', `/api/chats/${chatId}/messages/m_nope`, { content: 'x' })).status,
    ).toBe(404);

    emulator.reset();
    emulator.enqueue('/v1/chat/completions', textStream(['Noted.']));
    await generate(chatId, { content: 'Why?' });
    expect(wire(emulator.requests[0])).toEqual([
      ['user', 'Favourite color?'],
      ['assistant', '*thinks* Green.'],
      ['user', 'Why?'],
    ]);

    const deleted = await server.request('DELETE', `/api/chats/${chatId}/messages/${answer.id}`);
    expect(deleted.status).toBe(200);
    expect(deleted.body.messages.map((m: any) => m.content)).toEqual(['Favourite color?', 'Why?', 'Noted.']);
    // the other swipe went too: nothing comes back
    expect((await messagesOf(chatId)).some((m) => m.content === 'Blue.')).toBe(false);
    const userDeleted = await server.request('DELETE', `/api/chats/${chatId}/messages/${question.id}`);
    expect(userDeleted.body.messages.map((m: any) => m.content)).toEqual(['Why?', 'Noted.']);
  });

  it('continue extends the cut answer in place; retry answers the stranded user message once', async () => {
    const chatId = await newChat();
    emulator.enqueue('/v1/chat/completions', textStream(['The storm'], 'length'));
    await generate(chatId, { content: 'Tell me about the night.' });
    const [, cut] = await messagesOf(chatId);
    emulator.reset();
    emulator.enqueue('/v1/chat/completions', textStream([' rolled in at dusk.']));
    const events = await generate(chatId, { mode: 'continue' });
    expect(events[0].data).toMatchObject({ mode: 'continue', continues: cut.id });
    expect(wire(emulator.requests[0])).toEqual([
      ['user', 'Tell me about the night.'],
      ['assistant', 'The storm'],
      ['system', CONTINUE_NUDGE],
    ]);
    const after = await messagesOf(chatId);
    expect(after.map((m) => [m.id, m.content])).toEqual([
      [after[0].id, 'Tell me about the night.'],
      [cut.id, 'The storm rolled in at dusk.'],
    ]);

    // a failed answer leaves the user's message alone at the end: retry answers it, without a second copy
    const failing = await newChat();
    emulator.reset();
    emulator.enqueue('/v1/chat/completions', openaiErrors.server());
    const failed = await generate(failing, { content: 'Are you there?' });
    expect(failed.at(-1)?.event).toBe('error');
    const continueRefused = await server.request('POST', `/api/chats/${failing}/generate`, {
      mode: 'continue',
    });
    expect(continueRefused).toMatchObject({ status: 409, body: { code: 'no_answer' } });
    expect(continueRefused.body.error).toContain('retry');
    emulator.reset();
    emulator.enqueue('/v1/chat/completions', textStream(['I am here.']));
    const retried = await generate(failing, { mode: 'retry' });
    expect(retried.map((e) => e.event)).not.toContain('user-message');
    expect(wire(emulator.requests[0])).toEqual([['user', 'Are you there?']]);
    expect((await messagesOf(failing)).map((m) => [m.role, m.content])).toEqual([
      ['user', 'Are you there?'],
      ['assistant', 'I am here.'],
    ]);

    const badMode = await server.request('POST', `/api/chats/${failing}/generate`, { mode: 'again' });
    expect(badMode.body.details[0]).toMatchObject({ field: 'mode' });
    const contentWithMode = await server.request('POST', `/api/chats/${failing}/generate`, {
      mode: 'retry',
      content: 'x',
    });
    expect(contentWithMode.body.details[0]).toMatchObject({ field: 'content' });
    const empty = await newChat();
    expect((await server.request('POST', `/api/chats/${empty}/generate`, { mode: 'retry' })).body.code).toBe(
      'nothing_to_answer',
    );
  });
});
