// Functionary v3.2 through a server that passes its reply on as content (Ollama, LM Studio, llama.cpp
// without its Functionary parser), and on KoboldCpp with the functionary-v3.2 instruct template: the template
// ends the prompt with `>>>`, so each reply starts with its recipient — a tool's name before the call's JSON,
// `all` before text. Over real HTTP against the emulator, streamed and whole.
import type { RecordedRequest } from '@toolsmith/emulator';
import { describe, expect, it } from 'vitest';
import { runtimeWithAdd } from './__fixtures__/add-runtime.js';
import { contentAnswer, openaiConnection } from './__fixtures__/answers.js';
import { emulatorPerFile } from './__fixtures__/emulator.js';
import { koboldAnswers, koboldConnection, promptOf } from './__fixtures__/kobold.js';

const emulator = emulatorPerFile();

const ask = [{ role: 'user' as const, content: 'What is 1 + 2?' }];

describe('Functionary v3.2 replies as content, native mode', () => {
  it('the call after the template’s `>>>` runs, and the answer loses its `all` header', async () => {
    const replies = ['add\n{"a": 1, "b": 2}', 'all\n1 + 2 = **3**.<|eot_id|>'];
    let n = 0;
    emulator().on('/v1/chat/completions', (req) => contentAnswer(req, replies[Math.min(n++, 1)]));
    for (const stream of [true, false]) {
      n = 0;
      const rt = runtimeWithAdd(
        openaiConnection(emulator().url, {
          model: 'functionary-small-v3.2',
          functionCalling: { enabled: true, mode: 'native' },
        }),
      );
      const result = await rt.runToolLoop({ taskMessages: ask, stream });
      expect(result.trace.map((t) => [t.name, t.args, t.result])).toEqual([
        ['add', { a: 1, b: 2 }, { sum: 3 }],
      ]);
      expect(result.finalText).toBe('1 + 2 = **3**.');
      expect(result.steps.map((s) => s.assistantText)).toEqual(['', '1 + 2 = **3**.']);
      expect(JSON.stringify(result.messages)).not.toMatch(/>>>|all\\n|eot_id/);
    }
  });

  it('text, then a call with `>>>`, in one reply: the text stays, the call runs', async () => {
    const replies = ['all\nLet me add them.>>>add\n{"a": 1, "b": 2}', 'all\nIt is 3.'];
    let n = 0;
    emulator().on('/v1/chat/completions', (req) => contentAnswer(req, replies[Math.min(n++, 1)]));
    const rt = runtimeWithAdd(
      openaiConnection(emulator().url, {
        model: 'meetkai/functionary-medium-v3.2',
        functionCalling: { enabled: true, mode: 'native' },
      }),
    );
    const result = await rt.runToolLoop({ taskMessages: ask, stream: true });
    expect(result.trace.map((t) => t.result)).toEqual([{ sum: 3 }]);
    expect(result.steps.map((s) => s.assistantText)).toEqual(['Let me add them.', 'It is 3.']);
  });
});

describe('Functionary v3.2 on the functionary-v3.2 instruct template (KoboldCpp)', () => {
  it('the prompt ends at `>>>`; the reply’s own call runs and its `all` header goes, streamed and whole', async () => {
    let n = 0;
    koboldAnswers(emulator(), () => (n++ % 2 === 0 ? 'add\n{"a": 1, "b": 2}' : 'all\nIt is 3.'));
    for (const stream of [true, false]) {
      const rt = runtimeWithAdd(
        koboldConnection(emulator().url, 'functionary-small-v3.2.Q4_K_M', 'functionary-v3.2'),
      );
      const result = await rt.runToolLoop({ taskMessages: ask, stream });
      expect(result.trace.map((t) => t.result)).toEqual([{ sum: 3 }]);
      expect(result.finalText).toBe('It is 3.');
    }
    const first = emulator().requests[0] as RecordedRequest;
    expect(promptOf(first)).toMatch(
      /<\|start_header_id\|>user<\|end_header_id\|>\n\nWhat is 1 \+ 2\?<\|eot_id\|><\|start_header_id\|>assistant<\|end_header_id\|>\n\n>>>$/,
    );
    expect((first.body as { stop_sequence?: string[] }).stop_sequence).toEqual(
      expect.arrayContaining(['<|eot_id|>', '<|start_header_id|>']),
    );
  });
});
