// A text-completion connection whose template opens the reasoning block for the reply (DeepSeek-R1, QwQ):
// the model writes only `</think>`; through the real server to KoboldCpp's wire format on the emulator, the
// chat streams the text before it as reasoning and stores the answer alone.
import {
  contentCallChunks,
  type Emulator,
  koboldStream,
  openaiChunk,
  openaiStream,
  type RecordedRequest,
} from '@toolsmith/emulator';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { collect, postSse, type SseEvent } from '../generation/__fixtures__/sse-client.js';
import { type EmulatedServer, startEmulatedServer } from '../test-support/emulated-server.js';
import type { TestServer } from '../test-support/test-server.js';

const ofType = (events: SseEvent[], type: string) =>
  events.filter((e) => e.event === type).map((e) => e.data);
const joined = (events: SseEvent[], type: string) =>
  ofType(events, type)
    .map((d) => d.text)
    .join('');
const promptOf = (req: RecordedRequest) => String((req.body as { prompt: string }).prompt);

describe('chats: a reasoning model template on a text-completion connection', () => {
  let setup: EmulatedServer;
  let server: TestServer;
  let emulator: Emulator;
  beforeAll(async () => {
    setup = await startEmulatedServer({ connection: false });
    ({ server, emulator } = setup);
  });
  afterAll(() => setup.close());
  beforeEach(() => emulator.reset());

  const chatWith = async (instructTemplate: string) => {
    const created = await server.request('POST', '/api/connections', {
      name: `kobold-${instructTemplate.length}-${Math.random().toString(36).slice(2, 6)}`,
      api: 'text-completion',
      textBackend: 'koboldcpp',
      baseUrl: emulator.url,
      model: 'DeepSeek-R1-Distill-Qwen-14B',
      instructTemplate,
    });
    expect(created.status).toBe(201);
    return (await server.request('POST', '/api/chats', { connectionId: created.body.id })).body.id as string;
  };

  it('deepseek-r1: the reply before </think> streams as reasoning and is stored apart from the answer', async () => {
    const chatId = await chatWith('deepseek-r1');
    const reply = 'The user says hi. 我應該友善地回答。\n</think>\n\nHello! How can I help?';
    emulator.on('/api/extra/generate/stream', () => koboldStream(reply.match(/[\s\S]{1,4}/gu) ?? []));
    const events = await collect(
      await postSse(`${server.url}/api/chats/${chatId}/generate`, { content: 'Hi' }),
    );
    expect(ofType(events, 'error')).toEqual([]);
    expect(promptOf(emulator.requests[0])).toMatch(/<｜User｜>Hi<｜Assistant｜><think>\n$/);
    expect(joined(events, 'reasoning-delta')).toBe('The user says hi. 我應該友善地回答。\n');
    expect(joined(events, 'text-delta')).toBe('Hello! How can I help?');
    const messages = (await server.request('GET', `/api/chats/${chatId}/messages`)).body.messages;
    expect(messages[1]).toMatchObject({
      role: 'assistant',
      content: 'Hello! How can I help?',
      reasoning: 'The user says hi. 我應該友善地回答。\n',
    });

    // the next request's history holds the answer only, and opens the block for the new reply once
    emulator.on('/api/extra/generate/stream', () => koboldStream(['Again.\n</th', 'ink>\nHi again!']));
    await collect(await postSse(`${server.url}/api/chats/${chatId}/generate`, { content: 'Hi again' }));
    const second = promptOf(emulator.requests[1]);
    expect(second).toContain('<｜Assistant｜>Hello! How can I help?<｜end▁of▁sentence｜>');
    expect(second.match(/<think>/g)).toHaveLength(1);
    expect(second).not.toContain('我應該');
  });

  it('plain deepseek: the lone </think> is dropped, the text before it stored as the answer, and a notice says why', async () => {
    const chatId = await chatWith('deepseek');
    emulator.on('/api/extra/generate/stream', () =>
      koboldStream(['The user says hi.\n</th', 'ink>\n\nHello!']),
    );
    const events = await collect(
      await postSse(`${server.url}/api/chats/${chatId}/generate`, { content: 'Hi' }),
    );
    const messages = (await server.request('GET', `/api/chats/${chatId}/messages`)).body.messages;
    expect(messages[1]).toMatchObject({ content: 'The user says hi.\nHello!', reasoning: '' });
    expect(ofType(events, 'reply-notice')).toEqual([
      { kind: 'lone-reasoning-close', tag: '</think>', messageId: messages[1].id },
    ]);
    // opened by deepseek-r1: no notice
    const opened = await chatWith('deepseek-r1');
    const again = await collect(
      await postSse(`${server.url}/api/chats/${opened}/generate`, { content: 'Hi' }),
    );
    expect(ofType(again, 'reply-notice')).toEqual([]);
    expect(joined(again, 'reasoning-delta')).toBe('The user says hi.\n');
  });

  it('a custom template with a replyPrefix is previewed with it, and a bad one is refused naming the field', async () => {
    const custom = JSON.stringify({ userPrefix: 'U: ', assistantPrefix: 'A: ', replyPrefix: '<think>\n' });
    const preview = await server.request('POST', '/api/connections/instruct-preview', {
      instructTemplate: custom,
    });
    expect(preview.status).toBe(200);
    expect(preview.body.prompt).toMatch(/A: <think>\n$/);

    const bad = await server.request('POST', '/api/connections', {
      name: 'kobold-bad-reply-prefix',
      api: 'text-completion',
      textBackend: 'koboldcpp',
      baseUrl: emulator.url,
      model: 'm',
      instructTemplate: JSON.stringify({
        userPrefix: 'U: ',
        assistantPrefix: 'A: ',
        replyPrefix: ['<think>'],
      }),
    });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toMatch(/instructTemplate.*replyPrefix must be a string/);
    const names = (await server.request('GET', '/api/connections')).body.connections.map(
      (c: { name: string }) => c.name,
    );
    expect(names).not.toContain('kobold-bad-reply-prefix');
  });

  it('replyStartsInReasoning: stored and served, a bad value refused naming it, and a chat reads the reply so', async () => {
    const created = await server.request('POST', '/api/connections', {
      name: 'vllm-qwq',
      api: 'openai',
      baseUrl: `${emulator.url}/v1`,
      model: 'Qwen/QwQ-32B',
    });
    expect(created.status).toBe(201);
    expect(created.body.replyStartsInReasoning).toBe(false);
    const id = created.body.id as string;

    const bad = await server.request('PATCH', `/api/connections/${id}`, { replyStartsInReasoning: 'yes' });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toMatch(/replyStartsInReasoning must be true .* or false/);
    expect((await server.request('GET', `/api/connections/${id}`)).body.replyStartsInReasoning).toBe(false);

    const patched = await server.request('PATCH', `/api/connections/${id}`, { replyStartsInReasoning: true });
    expect(patched.status).toBe(200);
    expect((await server.request('GET', `/api/connections/${id}`)).body.replyStartsInReasoning).toBe(true);
    // other changes keep it
    await server.request('PATCH', `/api/connections/${id}`, { model: 'Qwen/QwQ-32B-AWQ' });
    expect((await server.request('GET', `/api/connections/${id}`)).body.replyStartsInReasoning).toBe(true);

    const chatId = (await server.request('POST', '/api/chats', { connectionId: id })).body.id as string;
    emulator.on('/v1/chat/completions', () =>
      openaiStream(contentCallChunks('Greeting, keep it short.\n</think>\n\nHi there!')),
    );
    const events = await collect(
      await postSse(`${server.url}/api/chats/${chatId}/generate`, { content: 'Hi' }),
    );
    expect(ofType(events, 'error')).toEqual([]);
    expect(joined(events, 'reasoning-delta')).toBe('Greeting, keep it short.\n');
    expect(joined(events, 'text-delta')).toBe('Hi there!');
    const messages = (await server.request('GET', `/api/chats/${chatId}/messages`)).body.messages;
    expect(messages[1]).toMatchObject({ content: 'Hi there!', reasoning: 'Greeting, keep it short.\n' });

    // the same connection to a server that separates the reasoning itself: the answer stays the answer
    emulator.on('/v1/chat/completions', () =>
      openaiStream([
        openaiChunk({ role: 'assistant', reasoning_content: 'Second greeting.' }),
        openaiChunk({ content: 'Hello again!' }),
        openaiChunk({}, { finishReason: 'stop' }),
      ]),
    );
    const again = await collect(
      await postSse(`${server.url}/api/chats/${chatId}/generate`, { content: 'Hi again' }),
    );
    expect(ofType(again, 'error')).toEqual([]);
    expect([joined(again, 'reasoning-delta'), joined(again, 'text-delta')]).toEqual([
      'Second greeting.',
      'Hello again!',
    ]);
  });

  it('a SillyTavern instruct template pasted as exported: its last output sequence opens <think>', async () => {
    const chatmlThinking = {
      name: 'ChatML Thinking',
      input_sequence: '<|im_start|>user',
      input_suffix: '<|im_end|>\n',
      output_sequence: '<|im_start|>assistant',
      output_suffix: '<|im_end|>\n',
      last_output_sequence: '<|im_start|>assistant\n<think>',
      system_sequence: '<|im_start|>system',
      system_suffix: '<|im_end|>\n',
      stop_sequence: '<|im_end|>',
      wrap: true,
      macro: true,
      names_behavior: 'force',
      system_same_as_user: false,
      sequences_as_stop_strings: true,
    };
    const chatId = await chatWith(JSON.stringify(chatmlThinking));
    emulator.on('/api/extra/generate/stream', () =>
      koboldStream(['Short greeting.', '\n</think>\n\n', 'Hey!']),
    );
    const events = await collect(
      await postSse(`${server.url}/api/chats/${chatId}/generate`, { content: 'Hi' }),
    );
    expect(ofType(events, 'error')).toEqual([]);
    const request = emulator.requests[0].body as { prompt: string; stop_sequence: string[] };
    expect(request.prompt).toMatch(/<\|im_start\|>user\nHi<\|im_end\|>\n<\|im_start\|>assistant\n<think>\n$/);
    expect(request.stop_sequence).toEqual(expect.arrayContaining(['<|im_end|>', '\n<|im_start|>user']));
    expect(joined(events, 'reasoning-delta')).toBe('Short greeting.\n');
    expect(joined(events, 'text-delta')).toBe('Hey!');

    const macro = await server.request('POST', '/api/connections/instruct-preview', {
      instructTemplate: JSON.stringify({ ...chatmlThinking, output_sequence: '<|im_start|>{{char}}' }),
    });
    expect(macro.status).toBe(400);
    expect(JSON.stringify(macro.body)).toMatch(/output_sequence uses a SillyTavern macro \({{char}}\)/);
  });

  it('an Apriel model on a chat server that passes its reply on as content: reasoning, answer, no markers', async () => {
    const created = await server.request('POST', '/api/connections', {
      name: 'lmstudio-apriel',
      api: 'openai',
      baseUrl: `${emulator.url}/v1`,
      model: 'apriel-1.6-15b-thinker',
    });
    expect(created.status).toBe(201);
    const chatId = (await server.request('POST', '/api/chats', { connectionId: created.body.id })).body
      .id as string;
    emulator.on('/v1/chat/completions', () =>
      openaiStream(
        contentCallChunks(
          'The user greets me; answer briefly.\n[BEGIN FINAL RESPONSE]\nHello! 你好！\n[END FINAL RESPONSE]',
        ),
      ),
    );
    const events = await collect(
      await postSse(`${server.url}/api/chats/${chatId}/generate`, { content: 'Hi' }),
    );
    expect(ofType(events, 'error')).toEqual([]);
    expect(joined(events, 'reasoning-delta')).toBe('The user greets me; answer briefly.\n');
    expect(joined(events, 'text-delta')).toBe('Hello! 你好！\n');
    const messages = (await server.request('GET', `/api/chats/${chatId}/messages`)).body.messages;
    // the line break before the closing marker stays (it streamed before the marker could be seen)
    expect(messages[1]).toMatchObject({
      content: 'Hello! 你好！\n',
      reasoning: 'The user greets me; answer briefly.\n',
    });
  });

  it("reasoningTags: a model's own reasoning tags are stored, checked naming the field, and read in a chat", async () => {
    const bad = await server.request('POST', '/api/connections', {
      name: 'lmstudio-own-tags-bad',
      api: 'openai',
      baseUrl: `${emulator.url}/v1`,
      model: 'rp-finetune-12b',
      reasoningTags: { open: 'reasoning:', close: 'end' },
    });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toMatch(/reasoningTags.*open must start with < or \[/);
    const names = (await server.request('GET', '/api/connections')).body.connections.map(
      (c: { name: string }) => c.name,
    );
    expect(names).not.toContain('lmstudio-own-tags-bad');

    const created = await server.request('POST', '/api/connections', {
      name: 'lmstudio-own-tags',
      api: 'openai',
      baseUrl: `${emulator.url}/v1`,
      model: 'rp-finetune-12b',
      reasoningTags: { open: '<reasoning>', close: '</reasoning>' },
    });
    expect(created.status).toBe(201);
    expect(created.body.reasoningTags).toEqual({ open: '<reasoning>', close: '</reasoning>' });
    const id = created.body.id as string;
    const chatId = (await server.request('POST', '/api/chats', { connectionId: id })).body.id as string;
    emulator.on('/v1/chat/completions', () =>
      openaiStream(contentCallChunks('<reasoning>She is wary; keep it short.</reasoning>\n\n*nods* "Fine."')),
    );
    const events = await collect(
      await postSse(`${server.url}/api/chats/${chatId}/generate`, { content: 'Hi' }),
    );
    expect(ofType(events, 'error')).toEqual([]);
    expect(joined(events, 'reasoning-delta')).toBe('She is wary; keep it short.');
    expect(joined(events, 'text-delta')).toBe('*nods* "Fine."');

    const cleared = await server.request('PATCH', `/api/connections/${id}`, { reasoningTags: null });
    expect(cleared.status).toBe(200);
    expect((await server.request('GET', `/api/connections/${id}`)).body.reasoningTags).toBeNull();
    const wrongShape = await server.request('PATCH', `/api/connections/${id}`, { reasoningTags: '<r>' });
    expect(wrongShape.status).toBe(400);
    expect(JSON.stringify(wrongShape.body)).toMatch(/reasoningTags must be an object \{ open, close \}/);
  });
});
