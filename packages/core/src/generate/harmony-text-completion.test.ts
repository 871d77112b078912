// gpt-oss through a text-completion backend (KoboldCpp's wire format on the emulator) with the harmony template:
// the reply opens at `<|start|>assistant`, reasoning comes in the analysis channel, a call in the commentary
// channel ends the output (the backend stops at <|call|> without passing it on), the answer in the final one.
import { createEmulator, type Emulator } from '@toolsmith/emulator';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { runtimeWithAdd } from './__fixtures__/add-runtime.js';
import { koboldAnswers, koboldConnection, promptOf } from './__fixtures__/kobold.js';

let emulator: Emulator;
beforeAll(async () => {
  emulator = await createEmulator();
});
afterAll(async () => {
  await emulator.close();
});
beforeEach(() => emulator.reset());

function runtime() {
  return runtimeWithAdd(koboldConnection(emulator.url, 'gpt-oss-20b', 'gpt-oss'));
}

describe('gpt-oss on a text-completion backend (harmony template)', () => {
  it('runs the commentary-channel call and answers from the final channel, streamed and not', async () => {
    let n = 0;
    const answer = () =>
      n++ % 2 === 0
        ? '<|channel|>analysis<|message|>The user wants 1 + 2. Use add.<|end|><|start|>assistant<|channel|>commentary to=functions.add <|constrain|>json<|message|>{"a": 1, "b": 2}'
        : '<|channel|>analysis<|message|>The sum is 3.<|end|><|start|>assistant<|channel|>final<|message|>1 + 2 = **3**.';
    koboldAnswers(emulator, answer, 7);
    for (const stream of [true, false]) {
      emulator.requests.length = 0;
      const result = await runtime().runToolLoop({
        taskMessages: [{ role: 'user', content: 'What is 1 + 2?' }],
        stream,
      });
      expect(result.stoppedBecause).toBe('completed');
      expect(result.trace).toHaveLength(1);
      expect(result.trace[0]).toMatchObject({ name: 'add', args: { a: 1, b: 2 }, result: { sum: 3 } });
      expect(result.finalText).toBe('1 + 2 = **3**.');
      const prompt = promptOf(emulator.requests[0]);
      expect(prompt.startsWith('<|start|>system<|message|>')).toBe(true);
      expect(prompt).toMatch(/<\|start\|>developer<\|message\|># Instructions\n\n/);
      expect(prompt).toMatch(/<\|start\|>user<\|message\|>What is 1 \+ 2\?<\|end\|><\|start\|>assistant$/);
      expect((emulator.requests[0].body as { stop_sequence: string[] }).stop_sequence).toEqual(
        expect.arrayContaining(['<|return|>', '<|call|>']),
      );
    }
  });
});
