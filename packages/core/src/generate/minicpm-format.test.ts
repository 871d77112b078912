// MiniCPM5's calls in the content of a native-mode answer: a server without the minicpm5 tool parser passes
// the bare `<function name="NAME"><param name="KEY">v</param></function>` blocks on as text. Over real HTTP
// against the emulator, streamed and whole: the call runs, the block leaves the content.
import { describe, expect, it } from 'vitest';
import { runtimeWithAdd } from './__fixtures__/add-runtime.js';
import { contentAnswer, openaiConnection } from './__fixtures__/answers.js';
import { emulatorPerFile } from './__fixtures__/emulator.js';

const emulator = emulatorPerFile();

const ask = [{ role: 'user' as const, content: 'What is 1 + 2?' }];

describe("MiniCPM5's calls as content, native mode", () => {
  it('the call in the block runs and the block leaves the content, named or not', async () => {
    const replies = [
      'I will add them.\n<function name="add"><param name="a">1</param><param name="b"><![CDATA[2]]></param></function>',
      '1 + 2 = 3.',
    ];
    let n = 0;
    emulator().on('/v1/chat/completions', (req) => contentAnswer(req, replies[n++ % 2]));
    for (const model of ['openbmb/MiniCPM5-2B', 'local-model']) {
      for (const stream of [true, false]) {
        const rt = runtimeWithAdd(
          openaiConnection(emulator().url, { model, functionCalling: { enabled: true, mode: 'native' } }),
        );
        const result = await rt.runToolLoop({ taskMessages: ask, stream });
        expect(result.trace.map((t) => [t.name, t.args, t.result])).toEqual([
          ['add', { a: 1, b: 2 }, { sum: 3 }],
        ]);
        expect(result.steps.map((s) => s.assistantText)).toEqual(['I will add them.\n', '1 + 2 = 3.']);
        const sent = JSON.stringify(result.messages);
        for (const markup of ['<function', '<param', 'CDATA'])
          expect([markup, sent.includes(markup)]).toEqual([markup, false]);
      }
    }
  });
});
