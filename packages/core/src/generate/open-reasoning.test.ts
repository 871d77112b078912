// Replies that start inside a reasoning block the prompt opened (DeepSeek-R1 / QwQ templates, a prefilled
// `<think>`): the model writes only `</think>`, and what comes before it is reasoning, never the answer.
// Over real HTTP against the emulator: KoboldCpp (text completion) and an OpenAI-compatible server.
import { contentCallChunks, openaiChunk, openaiStream } from '@toolsmith/emulator';
import { describe, expect, it } from 'vitest';
import { runtimeWithAdd } from './__fixtures__/add-runtime.js';
import { body, contentAnswer, openaiConnection, TRIGGER_RE, xmlCalls } from './__fixtures__/answers.js';
import { emulatorPerFile } from './__fixtures__/emulator.js';
import { koboldAnswers, koboldConnection, promptOf } from './__fixtures__/kobold.js';
import type { GenerateTaskOptions, GenerateTaskResult } from './types.js';

const emulator = emulatorPerFile();

const ask = [{ role: 'user' as const, content: 'What is 1 + 2?' }];
const kobold = (instructTemplate: string) =>
  koboldConnection(emulator().url, 'DeepSeek-R1-Distill-Qwen-14B', instructTemplate);

/** The result of a streamed request (generateTaskStream) and of a one-piece one (generateTask). */
async function streamedAndNot(
  rt: ReturnType<typeof runtimeWithAdd>,
  options: GenerateTaskOptions,
): Promise<GenerateTaskResult[]> {
  let streamed: GenerateTaskResult | undefined;
  for await (const event of rt.generateTaskStream(options))
    if (event.type === 'result') streamed = event.result;
  if (!streamed) throw new Error('no result event');
  return [streamed, await rt.generateTask(options)];
}

describe('text completion with a reasoning model template', () => {
  it('deepseek-r1 opens <think> for the reply; the text before </think> is reasoning, streamed or not', async () => {
    koboldAnswers(emulator(), () => 'The user wants 1 + 2.\nThat is 3.\n</think>\n\n1 + 2 = **3**.');
    const rt = runtimeWithAdd(kobold('deepseek-r1'));
    let text = '';
    let reasoning = '';
    for await (const event of rt.generateTaskStream({ taskMessages: ask })) {
      if (event.type === 'text-delta') text += event.text;
      if (event.type === 'reasoning-delta') reasoning += event.text;
    }
    expect([reasoning, text]).toEqual(['The user wants 1 + 2.\nThat is 3.\n', '1 + 2 = **3**.']);
    expect(emulator().requests[0].path).toBe('/api/extra/generate/stream');
    for (const result of await streamedAndNot(rt, { taskMessages: ask })) {
      expect(result.reasoning).toBe('The user wants 1 + 2.\nThat is 3.\n');
      expect(result.assistantText).toBe('1 + 2 = **3**.');
      expect(result.message.content).toBe('1 + 2 = **3**.');
    }
    expect(emulator().requests.map((r) => r.path)).toContain('/api/v1/generate');
    for (const request of emulator().requests)
      expect(promptOf(request)).toMatch(/<｜User｜>What is 1 \+ 2\?<｜Assistant｜><think>\n$/);
  });

  it('the same reply under plain deepseek shows no reasoning (the prompt opened none) and says why', async () => {
    koboldAnswers(emulator(), () => 'The user wants 1 + 2.\n</think>\n\n3.');
    const result = await runtimeWithAdd(kobold('deepseek')).generateTask({ taskMessages: ask });
    expect(promptOf(emulator().requests[0])).toMatch(/<｜Assistant｜>$/);
    expect(result.reasoning).toBe('');
    expect(result.details.loneReasoningClose).toBe('</think>');
    // under deepseek-r1 the block is opened: nothing to say
    const opened = await runtimeWithAdd(kobold('deepseek-r1')).generateTask({ taskMessages: ask });
    expect(opened.details.loneReasoningClose).toBeUndefined();
  });

  it('text-mode tool loop: the reasoning is not read for calls, the call after </think> runs', async () => {
    let n = 0;
    koboldAnswers(emulator(), (req) => {
      const trigger = TRIGGER_RE.exec(promptOf(req))?.[0] ?? 'missing';
      const quoted = xmlCalls(trigger, [{ name: 'add', args: { a: 9, b: 9 } }]);
      return n++ === 0
        ? `I could write ${quoted} but the user asked 1 + 2.\n</think>\n\n${xmlCalls(trigger, [{ name: 'add', args: { a: 1, b: 2 } }])}`
        : 'Added them.\n</think>\n\nIt is 3.';
    });
    const result = await runtimeWithAdd(kobold('qwq')).runToolLoop({ taskMessages: ask, stream: true });
    expect(result.stoppedBecause).toBe('completed');
    expect(result.steps[0].mode).toBe('prompt_xml');
    expect(result.trace).toHaveLength(1);
    expect(result.trace[0]).toMatchObject({ name: 'add', args: { a: 1, b: 2 }, result: { sum: 3 } });
    expect(result.finalText).toBe('It is 3.');
    expect(promptOf(emulator().requests[0])).toMatch(/<\|im_start\|>assistant\n<think>\n$/);
  });

  it('a custom template with a replyPrefix opens the block too', async () => {
    koboldAnswers(emulator(), () => 'Hmm.\n</think>\nThree.');
    const custom = JSON.stringify({
      userPrefix: '### User\n',
      userSuffix: '\n',
      assistantPrefix: '### Assistant\n',
      replyPrefix: '<think>\n',
    });
    for (const result of await streamedAndNot(runtimeWithAdd(kobold(custom)), { taskMessages: ask }))
      expect(result).toMatchObject({ reasoning: 'Hmm.\n', assistantText: 'Three.' });
    expect(promptOf(emulator().requests[0])).toBe('### User\nWhat is 1 + 2?\n### Assistant\n<think>\n');
  });
});

describe('a chat server whose own template opens <think> (replyStartsInReasoning)', () => {
  it('the reply is reasoning up to </think>; without the setting it is the answer, as the server sent it', async () => {
    const reply = 'Okay, the user wants a sum.\n</think>\n\nIt is 3.';
    emulator().on('/v1/chat/completions', (req) => contentAnswer(req, reply));
    const on = runtimeWithAdd(
      openaiConnection(emulator().url, { model: 'QwQ-32B', replyStartsInReasoning: true }),
    );
    for (const result of await streamedAndNot(on, { taskMessages: ask })) {
      expect(result).toMatchObject({ reasoning: 'Okay, the user wants a sum.\n', assistantText: 'It is 3.' });
      expect(result.details.loneReasoningClose).toBeUndefined();
    }
    // without it the reasoning stays in the answer, and the result says which tag gave it away
    const off = runtimeWithAdd(openaiConnection(emulator().url, { model: 'QwQ-32B' }));
    for (const result of await streamedAndNot(off, { taskMessages: ask })) {
      expect(result).toMatchObject({ reasoning: '', assistantText: 'Okay, the user wants a sum.\nIt is 3.' });
      expect(result.details.loneReasoningClose).toBe('</think>');
    }
  });
});

describe('replyStartsInReasoning with a server that separates the reasoning itself', () => {
  it('native and text mode alike: reasoning of its own first means the content is the answer', async () => {
    emulator().on('/v1/chat/completions', () =>
      openaiStream([
        openaiChunk({ role: 'assistant', reasoning_content: 'A sum.' }),
        openaiChunk({ content: 'It is 3.' }),
        openaiChunk({}, { finishReason: 'stop' }),
      ]),
    );
    for (const mode of ['native', 'prompt_xml'] as const) {
      const rt = runtimeWithAdd(
        openaiConnection(emulator().url, {
          model: 'QwQ-32B',
          replyStartsInReasoning: true,
          functionCalling: { enabled: true, mode },
        }),
      );
      const result = await rt.runToolLoop({ taskMessages: ask, stream: true });
      expect([result.steps[0].mode, result.steps[0].reasoning, result.finalText]).toEqual([
        mode,
        'A sum.',
        'It is 3.',
      ]);
    }
  });
});

describe('a chat API with a prefilled <think>', () => {
  it('the continued reply is reasoning up to </think>, streamed or not', async () => {
    const reply = 'Simple sum.\n</think>\n\nIt is 3.';
    emulator().on('/v1/chat/completions', (req) => contentAnswer(req, reply));
    const rt = runtimeWithAdd(openaiConnection(emulator().url));
    const options: GenerateTaskOptions = {
      taskMessages: [...ask, { role: 'assistant', content: '<think>\n' }],
    };
    for (const result of await streamedAndNot(rt, options))
      expect(result).toMatchObject({ reasoning: 'Simple sum.\n', assistantText: 'It is 3.' });
    expect(emulator().requests.map((r) => body(r).stream === true)).toEqual([true, false]);
  });

  it('a reply that reasons until the token limit and never closes the block says so, not "an empty answer"', async () => {
    emulator().on('/v1/chat/completions', () =>
      openaiStream(contentCallChunks('Let me think about every case. First', 'length')),
    );
    const rt = runtimeWithAdd(openaiConnection(emulator().url));
    const options: GenerateTaskOptions = {
      taskMessages: [...ask, { role: 'assistant', content: '<think>\n' }],
    };
    let reasoning = '';
    let failure: unknown;
    try {
      for await (const event of rt.generateTaskStream(options))
        if (event.type === 'reasoning-delta') reasoning += event.text;
    } catch (error) {
      failure = error;
    }
    expect(reasoning).toBe('Let me think about every case. First');
    expect(failure).toMatchObject({
      code: 'no_response',
      message: expect.stringMatching(
        /used all its tokens on reasoning and gave no answer: raise the maximum tokens/,
      ),
      details: { finishReason: 'length' },
    });
  });
});
