// GigaChat's tool calls in the content of a native-mode answer: a server without GigaChat's tool parser (or one
// showing special tokens) passes on `<|message_sep|>` + `function call<|role_sep|>{…}` (GigaChat 3),
// `<|function_call|>{…}` (3.1) or a `<｜GCML｜tool_calls>` block (3.5) as text. Over real HTTP against the
// emulator, streamed and whole: the call runs and its markup leaves the content.
import { describe, expect, it } from 'vitest';
import { runtimeWithAdd } from './__fixtures__/add-runtime.js';
import { contentAnswer, openaiConnection } from './__fixtures__/answers.js';
import { emulatorPerFile } from './__fixtures__/emulator.js';

const emulator = emulatorPerFile();

const ask = [{ role: 'user' as const, content: 'What is 1 + 2?' }];

const DIALECTS: [model: string, reply: string][] = [
  [
    'ai-sage/GigaChat3-10B-A1.8B',
    'I will add them.<|message_sep|>\n\nfunction call<|role_sep|>\n{"name": "add", "arguments": {"a": 1, "b": 2}}</s>',
  ],
  [
    'ai-sage/GigaChat3.1-10B-A1.8B',
    'I will add them.<|function_call|>{"name": "add", "arguments": {"a": 1, "b": 2}}',
  ],
  [
    'ai-sage/GigaChat3.5-432B-A28B',
    'I will add them.<｜GCML｜tool_calls>\n<｜GCML｜invoke name="add">\n<｜GCML｜parameter name="a" string="false">1</｜GCML｜parameter>\n<｜GCML｜parameter name="b" string="false">2</｜GCML｜parameter>\n</｜GCML｜invoke>\n</｜GCML｜tool_calls>',
  ],
];

describe("GigaChat's tool calls as content, native mode", () => {
  for (const [model, reply] of DIALECTS) {
    it(`${model}: the call runs and its markup leaves the content, named or not`, async () => {
      const replies = [reply, '1 + 2 = 3.<|message_sep|>'];
      let n = 0;
      emulator().on('/v1/chat/completions', (req) => contentAnswer(req, replies[n++ % 2]));
      for (const name of [model, 'local-model']) {
        for (const stream of [true, false]) {
          const rt = runtimeWithAdd(
            openaiConnection(emulator().url, {
              model: name,
              functionCalling: { enabled: true, mode: 'native' },
            }),
          );
          const result = await rt.runToolLoop({ taskMessages: ask, stream });
          expect(result.trace.map((t) => [t.name, t.args, t.result])).toEqual([
            ['add', { a: 1, b: 2 }, { sum: 3 }],
          ]);
          expect(result.steps.map((s) => s.assistantText)).toEqual(['I will add them.', '1 + 2 = 3.']);
          const messages = JSON.stringify(result.messages);
          for (const markup of ['message_sep', 'role_sep', 'function_call', 'GCML', '</s>'])
            expect([markup, messages.includes(markup)]).toEqual([markup, false]);
        }
      }
    });
  }
});
