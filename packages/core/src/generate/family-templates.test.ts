// Text completion (KoboldCpp on the emulator) with the instruct templates of model families whose calls the
// parser reads: the prompt is the one their own chat template writes, and the reply — reasoning first, then
// the family's own call markup — runs the call, streamed, with the reasoning kept out of the answer; a template
// that closes an empty block in the prompt (thinking off) leaves the whole reply as the answer.
import { describe, expect, it } from 'vitest';
import { getInstructTemplate } from '../providers/text-completion/templates.js';
import { runtimeWithAdd } from './__fixtures__/add-runtime.js';
import { emulatorPerFile } from './__fixtures__/emulator.js';
import { koboldAnswers, koboldConnection, promptOf } from './__fixtures__/kobold.js';

const emulator = emulatorPerFile();
const ask = [
  { role: 'system' as const, content: 'Be brief.' },
  { role: 'user' as const, content: 'What is 1 + 2?' },
];

/** Each family's two answers (reasoning and a call, then reasoning and the answer) and how its prompt starts and ends. */
const FAMILIES = [
  {
    name: 'MiniMax-M2: the reply opens inside <think>; the invoke after </think> runs',
    model: 'MiniMax-M2',
    template: 'minimax-m2',
    answers: [
      'The user wants 1 + 2.\n</think>\n\n<minimax:tool_call>\n<invoke name="add">\n<parameter name="a">1</parameter>\n<parameter name="b">2</parameter>\n</invoke>\n</minimax:tool_call>',
      'Done.\n</think>\n\nIt is 3.',
    ],
    starts: ']~!b[]~b]system\nBe brief.',
    ends: /\[e~\[\n\]~b\]user\nWhat is 1 \+ 2\?[\s\S]*\[e~\[\n\]~b\]ai\n<think>\n$/,
  },
  {
    name: 'GLM-4.7: the reply opens inside <think>; the GLM call after </think> runs',
    model: 'GLM-4.7',
    template: 'glm-4.7',
    answers: [
      'Add them.</think><tool_call>add<arg_key>a</arg_key><arg_value>1</arg_value><arg_key>b</arg_key><arg_value>2</arg_value></tool_call>',
      'It returned 3.</think>It is 3.',
    ],
    starts: '[gMASK]<sop><|system|>Be brief.',
    ends: /<\|user\|>What is 1 \+ 2\?<\|assistant\|><think>$/,
  },
  {
    name: 'Seed-OSS: the model opens <seed:think> itself; the call in <seed:tool_call> runs',
    model: 'Seed-OSS-36B-Instruct',
    template: 'seed-oss',
    answers: [
      '<seed:think>Add them.</seed:think>\n<seed:tool_call>\n<function=add>\n<parameter=a>1</parameter>\n<parameter=b>2</parameter>\n</function>\n</seed:tool_call>',
      '<seed:think>It returned 3.</seed:think>\nIt is 3.',
    ],
    starts: '<seed:bos>system\nBe brief.',
    ends: /<seed:eos><seed:bos>user\nWhat is 1 \+ 2\?<seed:eos><seed:bos>assistant\n$/,
  },
  {
    name: 'Apertus: its tools block, no reasoning; the call runs',
    model: 'Apertus-8B-Instruct-2509',
    template: 'apertus',
    answers: ['<|tools_prefix|>[{"add": {"a": 1, "b": 2}}]<|tools_suffix|>', 'It is 3.'],
    starts: '<|system_start|>Be brief.',
    ends: /<\|developer_end\|><\|user_start\|>What is 1 \+ 2\?<\|user_end\|><\|assistant_start\|>$/,
  },
];

describe('text completion with a family template: its prompt, its reasoning, its calls', () => {
  it.each(FAMILIES)('$name', async ({ model, template, answers, starts, ends }) => {
    let n = 0;
    koboldAnswers(emulator(), () => answers[Math.min(n++, 1)]);
    const rt = runtimeWithAdd(koboldConnection(emulator().url, model, template));
    const result = await rt.runToolLoop({ taskMessages: ask, stream: true });
    expect(result.stoppedBecause).toBe('completed');
    expect(result.trace.map((t) => [t.name, t.args, t.result])).toEqual([
      ['add', { a: 1, b: 2 }, { sum: 3 }],
    ]);
    expect(result.finalText).toBe('It is 3.');
    const first = promptOf(emulator().requests[0]);
    expect(first.startsWith(starts)).toBe(true);
    expect(first).toMatch(ends);
    expect(emulator().requests[0].body).toMatchObject({
      stop_sequence: expect.arrayContaining([getInstructTemplate(template).stop[0]]),
    });
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
