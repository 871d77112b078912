// LM Studio's own tool-call format in the content of a native-mode answer: for a model whose chat template
// has no tool support, LM Studio asks for `[TOOL_REQUEST]{…}[END_TOOL_REQUEST]` and turns it into tool_calls;
// a block it could not turn (or a model that keeps the convention) reaches us as content. Over real HTTP
// against the emulator, streamed and whole.
import { describe, expect, it } from 'vitest';
import { runtimeWithAdd } from './__fixtures__/add-runtime.js';
import { contentAnswer, openaiConnection } from './__fixtures__/answers.js';
import { emulatorPerFile } from './__fixtures__/emulator.js';

const emulator = emulatorPerFile();

const ask = [{ role: 'user' as const, content: 'What is 1 + 2?' }];

describe("LM Studio's tool format as content, native mode", () => {
  it('the call in the block runs and the block leaves the content, for any model name', async () => {
    const replies = [
      'I will add them.\n[TOOL_REQUEST]\n{"name": "add", "arguments": {"a": 1, "b": 2}}\n[END_TOOL_REQUEST]',
      '1 + 2 = 3.',
    ];
    let n = 0;
    emulator().on('/v1/chat/completions', (req) => contentAnswer(req, replies[n++ % 2]));
    for (const model of ['lmstudio-community/Zephyr-7B-beta-GGUF', 'local-model']) {
      for (const stream of [true, false]) {
        const rt = runtimeWithAdd(
          openaiConnection(emulator().url, { model, functionCalling: { enabled: true, mode: 'native' } }),
        );
        const result = await rt.runToolLoop({ taskMessages: ask, stream });
        expect(result.trace.map((t) => [t.name, t.args, t.result])).toEqual([
          ['add', { a: 1, b: 2 }, { sum: 3 }],
        ]);
        expect(result.steps.map((s) => s.assistantText)).toEqual(['I will add them.\n', '1 + 2 = 3.']);
        expect(JSON.stringify(result.messages)).not.toContain('TOOL_REQUEST');
      }
    }
  });
});
