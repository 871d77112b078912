// Text completion (KoboldCpp on the emulator) with the instruct templates of model families whose calls the
// parser reads: the prompt is the one their own chat template writes, and the reply — reasoning first, then
// the family's own call markup — runs the call, streamed, with the reasoning kept out of the answer; a template
// that closes an empty block in the prompt (thinking off) leaves the whole reply as the answer.
import { describe, expect, it } from 'vitest';
import { runtimeWithAdd } from './__fixtures__/add-runtime.js';
import { emulatorPerFile } from './__fixtures__/emulator.js';
import { koboldAnswers, koboldConnection, promptOf } from './__fixtures__/kobold.js';

const emulator = emulatorPerFile();
const ask = [
  { role: 'system' as const, content: 'Be brief.' },
  { role: 'user' as const, content: 'What is 1 + 2?' },
];

describe('text completion with a family template: its prompt, its reasoning, its calls', () => {
  it('MiniMax-M2: the reply opens inside <think>; the invoke after </think> runs', async () => {
    let n = 0;
    koboldAnswers(emulator(), () =>
      n++ === 0
        ? 'The user wants 1 + 2.\n</think>\n\n<minimax:tool_call>\n<invoke name="add">\n<parameter name="a">1</parameter>\n<parameter name="b">2</parameter>\n</invoke>\n</minimax:tool_call>'
        : 'Done.\n</think>\n\nIt is 3.',
    );
    const rt = runtimeWithAdd(koboldConnection(emulator().url, 'MiniMax-M2', 'minimax-m2'));
    const result = await rt.runToolLoop({ taskMessages: ask, stream: true });
    expect(result.stoppedBecause).toBe('completed');
    expect(result.trace.map((t) => [t.name, t.args, t.result])).toEqual([
      ['add', { a: 1, b: 2 }, { sum: 3 }],
    ]);
    expect(result.finalText).toBe('It is 3.');
    const first = promptOf(emulator().requests[0]);
    expect(first.startsWith(']~!b[]~b]system\nBe brief.')).toBe(true);
    expect(first).toMatch(/\[e~\[\n\]~b\]user\nWhat is 1 \+ 2\?[\s\S]*\[e~\[\n\]~b\]ai\n<think>\n$/);
    expect(emulator().requests[0].body).toMatchObject({ stop_sequence: expect.arrayContaining(['[e~[']) });
  });

  it('GLM-4.7: the reply opens inside <think>; the GLM call after </think> runs', async () => {
    let n = 0;
    koboldAnswers(emulator(), () =>
      n++ === 0
        ? 'Add them.</think><tool_call>add<arg_key>a</arg_key><arg_value>1</arg_value><arg_key>b</arg_key><arg_value>2</arg_value></tool_call>'
        : 'It returned 3.</think>It is 3.',
    );
    const rt = runtimeWithAdd(koboldConnection(emulator().url, 'GLM-4.7', 'glm-4.7'));
    const result = await rt.runToolLoop({ taskMessages: ask, stream: true });
    expect(result.stoppedBecause).toBe('completed');
    expect(result.trace.map((t) => [t.name, t.args, t.result])).toEqual([
      ['add', { a: 1, b: 2 }, { sum: 3 }],
    ]);
    expect(result.finalText).toBe('It is 3.');
    const first = promptOf(emulator().requests[0]);
    expect(first.startsWith('[gMASK]<sop><|system|>Be brief.')).toBe(true);
    expect(first).toMatch(/<\|user\|>What is 1 \+ 2\?<\|assistant\|><think>$/);
  });

  it('Seed-OSS: the model opens <seed:think> itself; the call in <seed:tool_call> runs', async () => {
    let n = 0;
    koboldAnswers(emulator(), () =>
      n++ === 0
        ? '<seed:think>Add them.</seed:think>\n<seed:tool_call>\n<function=add>\n<parameter=a>1</parameter>\n<parameter=b>2</parameter>\n</function>\n</seed:tool_call>'
        : '<seed:think>It returned 3.</seed:think>\nIt is 3.',
    );
    const rt = runtimeWithAdd(koboldConnection(emulator().url, 'Seed-OSS-36B-Instruct', 'seed-oss'));
    const result = await rt.runToolLoop({ taskMessages: ask, stream: true });
    expect(result.stoppedBecause).toBe('completed');
    expect(result.trace.map((t) => [t.name, t.args, t.result])).toEqual([
      ['add', { a: 1, b: 2 }, { sum: 3 }],
    ]);
    expect(result.finalText).toBe('It is 3.');
    const first = promptOf(emulator().requests[0]);
    expect(first.startsWith('<seed:bos>system\nBe brief.')).toBe(true);
    expect(first).toMatch(/<seed:eos><seed:bos>user\nWhat is 1 \+ 2\?<seed:eos><seed:bos>assistant\n$/);
  });

  it('EXAONE 4.0: thinking off closes an empty block in the prompt, so the reply is the answer; thinking on opens it', async () => {
    koboldAnswers(emulator(), () => 'It is 3.');
    const off = await runtimeWithAdd(
      koboldConnection(emulator().url, 'EXAONE-4.0-32B', 'exaone-4'),
    ).generateTask({
      taskMessages: ask,
    });
    expect([off.reasoning, off.assistantText]).toEqual(['', 'It is 3.']);
    expect(promptOf(emulator().requests[0])).toMatch(/\[\|assistant\|\]\n<think>\n\n<\/think>\n\n$/);
    emulator().reset();
    koboldAnswers(emulator(), () => 'One and two.\n</think>\n\nIt is 3.');
    const on = await runtimeWithAdd(
      koboldConnection(emulator().url, 'EXAONE-4.0-32B', 'exaone-4-think'),
    ).generateTask({ taskMessages: ask });
    expect([on.reasoning, on.assistantText]).toEqual(['One and two.\n', 'It is 3.']);
    expect(promptOf(emulator().requests[0])).toMatch(/\[\|assistant\|\]\n<think>\n$/);
  });
});
