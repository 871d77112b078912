// Granite (IBM) replies with thinking on: Granite 3.2 writes "Here is my thought process:" first and
// "Here is my response:" before its answer, Granite 3.3 `<think>` and `<response>`; its calls are a
// `<|tool_call|>` JSON list. Over real HTTP against the emulator: an OpenAI-compatible server that passes the
// reply on as content (Ollama, LM Studio, vLLM without `--reasoning-parser granite`), and KoboldCpp on the
// `granite` instruct template.
import type { RecordedRequest } from '@toolsmith/emulator';
import { describe, expect, it } from 'vitest';
import { runtimeWithAdd } from './__fixtures__/add-runtime.js';
import { contentAnswer, openaiConnection } from './__fixtures__/answers.js';
import { emulatorPerFile } from './__fixtures__/emulator.js';
import { koboldAnswers, koboldConnection, promptOf } from './__fixtures__/kobold.js';

const emulator = emulatorPerFile();

const ask = [{ role: 'user' as const, content: 'What is 1 + 2?' }];
const ADD_CALL = '<|tool_call|>[{"name": "add", "arguments": {"a": 1, "b": 2}}]';

describe('Granite 3.2 thinking through a server that passes its reply on as content', () => {
  it('native mode: the headers go, the reasoning comes apart and the call in the response runs', async () => {
    const replies = [
      `Here is my thought process:\nThe user asks 1 + 2. I will use add.\n\nHere is my response:\n${ADD_CALL}`,
      "Here's my thought process:\nThe tool says 3.\nHere's my response:\n1 + 2 = **3**.",
    ];
    let n = 0;
    emulator().on('/v1/chat/completions', (req) => {
      return contentAnswer(req, replies[Math.min(n++, 1)]);
    });
    for (const stream of [true, false]) {
      n = 0;
      const rt = runtimeWithAdd(
        openaiConnection(emulator().url, {
          model: 'granite3.2:8b',
          functionCalling: { enabled: true, mode: 'native' },
        }),
      );
      const result = await rt.runToolLoop({ taskMessages: ask, stream });
      expect(result.trace.map((t) => [t.name, t.args, t.result])).toEqual([
        ['add', { a: 1, b: 2 }, { sum: 3 }],
      ]);
      expect(result.steps.map((s) => s.reasoning)).toEqual([
        'The user asks 1 + 2. I will use add.\n\n',
        'The tool says 3.\n',
      ]);
      expect(result.finalText).toBe('1 + 2 = **3**.');
      expect(JSON.stringify(result)).not.toMatch(/thought process|my response|tool_call\|/);
    }
  });
});

describe('Granite on the granite instruct template (KoboldCpp)', () => {
  it('sends its roles and stops; 3.3 thinking: <think> is reasoning, <response> goes, its own call runs', async () => {
    let n = 0;
    koboldAnswers(emulator(), () =>
      n++ === 0
        ? `<think>Need the sum.</think>\n<response>${ADD_CALL}</response>`
        : '<think>Got 3.</think>\n<response>It is 3.</response>',
    );
    const rt = runtimeWithAdd(koboldConnection(emulator().url, 'granite-3.3-8b-instruct-Q4_K_M', 'granite'));
    const result = await rt.runToolLoop({ taskMessages: ask, stream: true });
    const first = emulator().requests[0] as RecordedRequest;
    expect(promptOf(first)).toMatch(
      /^<\|start_of_role\|>system<\|end_of_role\|>[\s\S]*<\|end_of_text\|>\n<\|start_of_role\|>user<\|end_of_role\|>What is 1 \+ 2\?<\|end_of_text\|>\n<\|start_of_role\|>assistant<\|end_of_role\|>$/,
    );
    expect((first.body as { stop_sequence?: string[] }).stop_sequence).toEqual(
      expect.arrayContaining(['<|end_of_text|>', '<|start_of_role|>']),
    );
    expect(result.trace.map((t) => t.result)).toEqual([{ sum: 3 }]);
    expect(result.steps.map((s) => s.reasoning)).toEqual(['Need the sum.', 'Got 3.']);
    expect(result.finalText).toBe('It is 3.');
  });
});
