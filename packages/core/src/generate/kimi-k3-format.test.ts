// Kimi K3 channels in the content of a native-mode answer: a server without the kimi_k3 tool parser passes
// `<|open|>think<|sep|>…`, `<|open|>response<|sep|>…` and `<|open|>tools<|sep|><|open|>call tool="NAME" …` on as
// text. Over real HTTP against the emulator, streamed and whole: the call runs, reasoning leaves the content,
// no markup stays.
import { describe, expect, it } from 'vitest';
import { runtimeWithAdd } from './__fixtures__/add-runtime.js';
import { contentAnswer, openaiConnection } from './__fixtures__/answers.js';
import { emulatorPerFile } from './__fixtures__/emulator.js';

const emulator = emulatorPerFile();

const ask = [{ role: 'user' as const, content: 'What is 1 + 2?' }];

const TOOLS =
  '<|open|>tools<|sep|><|open|>call tool="add" index="1"<|sep|><|open|>argument key="a" type="number"<|sep|>1<|close|>argument<|sep|><|open|>argument key="b" type="number"<|sep|>2<|close|>argument<|sep|><|close|>call<|sep|><|close|>tools<|sep|><|close|>message<|sep|>';

const REPLIES: [model: string, reply: string][] = [
  [
    'moonshotai/Kimi-K3',
    `<|open|>think<|sep|>Two numbers: use add.<|close|>think<|sep|><|open|>response<|sep|>I will add them.<|close|>response<|sep|>${TOOLS}`,
  ],
  // thinking off: the template opened the response channel
  ['moonshotai/Kimi-K3', `I will add them.<|close|>response<|sep|>${TOOLS}<|end_of_msg|>`],
  ['local-model', `<|open|>response<|sep|>I will add them.<|close|>response<|sep|>${TOOLS}`],
];

describe('Kimi K3 calls as content, native mode', () => {
  it('the call in the tools channel runs and no channel markup stays, named or not', async () => {
    for (const [model, reply] of REPLIES) {
      for (const stream of [true, false]) {
        const replies = [
          reply,
          '<|open|>response<|sep|>1 + 2 = 3.<|close|>response<|sep|><|close|>message<|sep|>',
        ];
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
        for (const markup of ['<|open|>', '<|close|>', '<|sep|>', '<|end_of_msg|>', 'Two numbers'])
          expect([model, markup, sent.includes(markup)]).toEqual([model, markup, false]);
      }
    }
  });
});
