// Tencent Hy3 / Hy4 calls in the content of a native-mode answer: a server without the hy_v3 / hy_v4 tool
// parser passes `<tool_calls><tool_call>NAME<tool_sep><arg_key>…` on as text (Hy4: no `<tool_sep>`, its tags
// maybe suffixed). Over real HTTP against the emulator, streamed and whole: the call runs, no markup stays.
import { describe, expect, it } from 'vitest';
import { runtimeWithAdd } from './__fixtures__/add-runtime.js';
import { contentAnswer, openaiConnection } from './__fixtures__/answers.js';
import { emulatorPerFile } from './__fixtures__/emulator.js';

const emulator = emulatorPerFile();

const ask = [{ role: 'user' as const, content: 'What is 1 + 2?' }];

const REPLIES: [model: string, reply: string][] = [
  [
    'tencent/Hy3-preview',
    'I will add them.<tool_calls>\n<tool_call>add<tool_sep>\n<arg_key>a</arg_key>\n<arg_value>1</arg_value>\n<arg_key>b</arg_key>\n<arg_value>2</arg_value>\n</tool_call>\n</tool_calls>',
  ],
  [
    'tencent/Hy4-preview',
    'I will add them.<tool_calls:opensource><tool_call:opensource>add<arg_key:opensource>a</arg_key:opensource><arg_value:opensource>1</arg_value:opensource><arg_key:opensource>b</arg_key:opensource><arg_value:opensource>2</arg_value:opensource></tool_call:opensource></tool_calls:opensource>',
  ],
  [
    'local-model',
    'I will add them.<tool_calls><tool_call>add<arg_key>a</arg_key><arg_value>1</arg_value><arg_key>b</arg_key><arg_value>2</arg_value></tool_call></tool_calls>',
  ],
];

describe('Tencent Hy3 / Hy4 calls as content, native mode', () => {
  it('the call in the block runs and the block leaves the content, named or not', async () => {
    for (const [model, reply] of REPLIES) {
      for (const stream of [true, false]) {
        const replies = [reply, '1 + 2 = 3.'];
        let n = 0;
        emulator().on('/v1/chat/completions', (req) => contentAnswer(req, replies[n++ % 2]));
        const rt = runtimeWithAdd(
          openaiConnection(emulator().url, { model, functionCalling: { enabled: true, mode: 'native' } }),
        );
        const result = await rt.runToolLoop({ taskMessages: ask, stream });
        expect([model, result.trace.map((t) => [t.name, t.args, t.result])]).toEqual([
          model,
          [['add', { a: 1, b: 2 }, { sum: 3 }]],
        ]);
        expect(result.steps.map((s) => s.assistantText)).toEqual(['I will add them.', '1 + 2 = 3.']);
        const sent = JSON.stringify(result.messages);
        for (const markup of ['tool_calls', 'tool_call', 'arg_key', 'arg_value', 'tool_sep'])
          expect([model, markup, sent.includes(`<${markup}`)]).toEqual([model, markup, false]);
      }
    }
  });
});
