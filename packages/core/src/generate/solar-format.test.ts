// Upstage Solar Open2 calls in the content of a native-mode answer: a server without the solar_open2 tool
// parser passes `<|tool_call:start|>NAME\n<|tool_arg:start|>K<|tool_arg:value|>V<|tool_arg:end|>…` on as
// text. Over real HTTP against the emulator, streamed and whole: the call runs, no markup stays.
import { describe, expect, it } from 'vitest';
import { runtimeWithAdd } from './__fixtures__/add-runtime.js';
import { contentAnswer, openaiConnection } from './__fixtures__/answers.js';
import { emulatorPerFile } from './__fixtures__/emulator.js';

const emulator = emulatorPerFile();

const ask = [{ role: 'user' as const, content: 'What is 1 + 2?' }];

const CALL =
  '<|tool_call:start|>add\n<|tool_arg:start|>a<|tool_arg:value|>1<|tool_arg:end|>\n<|tool_arg:start|>b<|tool_arg:value|>2<|tool_arg:end|>\n<|tool_call:end|>';

const REPLIES: [model: string, reply: string][] = [
  ['upstage/Solar-Open2-250B', `I will add them.${CALL}`],
  ['local-model', `I will add them.${CALL}`],
];

describe('Solar Open2 calls as content, native mode', () => {
  it('the call runs and its markup leaves the content, named or not', async () => {
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
        for (const markup of ['<|tool_call:', '<|tool_arg:'])
          expect([model, markup, sent.includes(markup)]).toEqual([model, markup, false]);
      }
    }
  });
});
