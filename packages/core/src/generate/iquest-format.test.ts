// IQuest Coder V2 calls in the content of a native-mode answer: GLM-4.7's body in its own wrapper,
// `<iquestcoder_tool_call>NAME<arg_key>k</arg_key><arg_value>v</arg_value></iquestcoder_tool_call>`, passed
// on as text by a server without its tool parser. Over real HTTP against the emulator, streamed and whole.
import { describe, expect, it } from 'vitest';
import { runtimeWithAdd } from './__fixtures__/add-runtime.js';
import { contentAnswer, openaiConnection } from './__fixtures__/answers.js';
import { emulatorPerFile } from './__fixtures__/emulator.js';

const emulator = emulatorPerFile();

const ask = [{ role: 'user' as const, content: 'What is 1 + 2?' }];

const REPLY =
  'I will add them.<iquestcoder_tool_call>add<arg_key>a</arg_key><arg_value>1</arg_value><arg_key>b</arg_key><arg_value>2</arg_value></iquestcoder_tool_call>';

describe('IQuest Coder V2 calls as content, native mode', () => {
  it('the call runs and its wrapper leaves the content, named or not', async () => {
    for (const model of ['IQuestLab/IQuest-Coder-V2-40B-Instruct', 'local-model']) {
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
        const sent = JSON.stringify(result.messages);
        for (const markup of ['iquestcoder_tool_call', '<arg_key>', '<arg_value>'])
          expect([model, markup, sent.includes(markup)]).toEqual([model, markup, false]);
      }
    }
  });
});
