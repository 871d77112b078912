// K2-Horizon (IFM) calls in the content of a native-mode answer: a server without the k2_horizon tool parser
// passes `<ifm|tool_calls><ifm|tool_call>NAME<ifm|arg_key>…` on as text. Over real HTTP against the
// emulator, streamed and whole: the call runs, no markup stays.
import { describe, expect, it } from 'vitest';
import { runtimeWithAdd } from './__fixtures__/add-runtime.js';
import { contentAnswer, openaiConnection } from './__fixtures__/answers.js';
import { emulatorPerFile } from './__fixtures__/emulator.js';

const emulator = emulatorPerFile();

const ask = [{ role: 'user' as const, content: 'What is 1 + 2?' }];

const REPLY =
  'I will add them.<ifm|tool_calls>\n<ifm|tool_call>add\n<ifm|arg_key>a</ifm|arg_key>\n<ifm|arg_type>integer</ifm|arg_type>\n<ifm|arg_value>1</ifm|arg_value>\n<ifm|arg_key>b</ifm|arg_key>\n<ifm|arg_type>integer</ifm|arg_type>\n<ifm|arg_value>2</ifm|arg_value>\n</ifm|tool_call>\n</ifm|tool_calls>';

describe('K2-Horizon calls as content, native mode', () => {
  it('the call runs and its markup leaves the content, named or not', async () => {
    for (const model of ['IFM/K2-Horizon-32B', 'local-model']) {
      for (const stream of [true, false]) {
        const replies = [REPLY, '1 + 2 = 3.'];
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
        expect([model, JSON.stringify(result.messages).includes('ifm|')]).toEqual([model, false]);
      }
    }
  });
});
