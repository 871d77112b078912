// A streamed reply that is over before the server says so — the model invented a tool result after its call,
// or wrote the user's next turn after its own: what follows would be dropped anyway, so the stream is not read
// to its end (a local model can go on for minutes). The emulated servers here never end those streams: the
// runs finish only because the reader stops. Over real HTTP: KoboldCpp in text mode, an OpenAI-compatible
// server in native mode.
import { koboldStream, openaiChunk, openaiStream } from '@toolsmith/emulator';
import { describe, expect, it } from 'vitest';
import { runtimeWithAdd } from './__fixtures__/add-runtime.js';
import { openaiConnection, TRIGGER_RE } from './__fixtures__/answers.js';
import { emulatorPerFile } from './__fixtures__/emulator.js';
import { koboldConnection, promptOf } from './__fixtures__/kobold.js';

const emulator = emulatorPerFile();

const ask = [{ role: 'user' as const, content: 'What is 1 + 2?' }];
/** Streamed in small pieces, then the connection stays open: the server never says the reply ended. */
const neverEnding = (text: string) =>
  openaiStream(
    [
      openaiChunk({ role: 'assistant', content: '' }),
      ...(text.match(/[\s\S]{1,6}/g) ?? []).map((piece) => openaiChunk({ content: piece })),
    ],
    { done: false },
  );

describe('a streamed reply that is over before the server ends it', () => {
  it('text mode: after an invented tool result the stream is left; the tool runs, the loop goes on', async () => {
    let n = 0;
    emulator().on('/api/extra/generate/stream', (req) => {
      if (n++ % 2 === 1) return koboldStream(['It ', 'is 3.']);
      const trigger = TRIGGER_RE.exec(promptOf(req))?.[0] ?? 'none';
      const reply = `${trigger}\n<function_calls><function_call><tool>add</tool><args_json><![CDATA[{"a":1,"b":2}]]></args_json></function_call></function_calls>\n<tool_result name="add">{"sum": 4}</tool_result>\nThe sum is 4, and`;
      return { ...koboldStream(reply.match(/[\s\S]{1,7}/g) ?? [], { finishReason: null }), thenHang: true };
    });
    const rt = runtimeWithAdd(koboldConnection(emulator().url, 'Qwen2.5-1.5B-Instruct-Q4_K_M', 'chatml'));
    const result = await rt.runToolLoop({ taskMessages: ask, stream: true });
    expect(result.trace.map((t) => t.result)).toEqual([{ sum: 3 }]);
    expect(result.finalText).toBe('It is 3.');
  });

  it('native mode: a call as content, then an invented <tool_response>: the call runs', async () => {
    let n = 0;
    emulator().on('/v1/chat/completions', () =>
      n++ % 2 === 0
        ? {
            ...neverEnding(
              '<tool_call>\n{"name": "add", "arguments": {"a": 1, "b": 2}}\n</tool_call>\n<tool_response>\n{"sum": 4}\n</tool_response>\nIt is',
            ),
            thenHang: true,
          }
        : openaiStream([openaiChunk({ content: 'It is 3.' }), openaiChunk({}, { finishReason: 'stop' })]),
    );
    const rt = runtimeWithAdd(
      openaiConnection(emulator().url, {
        model: 'qwen2.5:1.5b',
        functionCalling: { enabled: true, mode: 'native' },
      }),
    );
    const result = await rt.runToolLoop({ taskMessages: ask, stream: true });
    expect(result.trace.map((t) => [t.name, t.result])).toEqual([['add', { sum: 3 }]]);
    expect(result.steps.map((s) => [s.assistantText.trim(), s.finishReason])).toEqual([
      ['', 'tool_calls'],
      ['It is 3.', 'stop'],
    ]);
  });

  it('a model that writes the user’s next turn after its answer: the answer ends there', async () => {
    emulator().on('/v1/chat/completions', () => ({
      ...neverEnding('It is 3.<|im_end|>\n<|im_start|>user\nAnd 2 + 2?<|im_end|>\n<|im_start|>assistant\n'),
      thenHang: true,
    }));
    const rt = runtimeWithAdd(openaiConnection(emulator().url, { model: 'some-finetune' }));
    const result = await rt.runToolLoop({ taskMessages: ask, stream: true });
    expect([result.finalText, result.steps.map((s) => s.finishReason)]).toEqual(['It is 3.', ['stop']]);
  });
});
