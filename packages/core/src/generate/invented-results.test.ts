// A small model on a text-completion backend that writes its call, then invents the tool's result and answers
// from it: the invented part never reaches the reply, the real tool runs, and the answer comes next round
// from the real result. KoboldCpp through the emulator, streamed and whole.
import { describe, expect, it } from 'vitest';
import { runtimeWithAdd } from './__fixtures__/add-runtime.js';
import { TRIGGER_RE } from './__fixtures__/answers.js';
import { emulatorPerFile } from './__fixtures__/emulator.js';
import { koboldAnswers, koboldConnection, promptOf } from './__fixtures__/kobold.js';

const emulator = emulatorPerFile();

const ask = [{ role: 'user' as const, content: 'What is 1 + 2?' }];

describe('a tool result the model invented after its call (text mode)', () => {
  it('is dropped with what follows it; the real result answers', async () => {
    let n = 0;
    koboldAnswers(emulator(), (req) => {
      if (n++ % 2 === 1) return 'It is 3.';
      const trigger = TRIGGER_RE.exec(promptOf(req))?.[0] ?? 'none';
      return `Let me add.\n${trigger}\n<function_calls><function_call><tool>add</tool><args_json><![CDATA[{"a":1,"b":2}]]></args_json></function_call></function_calls>\n<tool_result name="add">{"sum": 4}</tool_result>\nThe sum is 4.`;
    });
    for (const stream of [true, false]) {
      const rt = runtimeWithAdd(koboldConnection(emulator().url, 'Qwen2.5-1.5B-Instruct-Q4_K_M', 'chatml'));
      const result = await rt.runToolLoop({ taskMessages: ask, stream });
      expect(result.trace.map((t) => t.result)).toEqual([{ sum: 3 }]);
      expect(result.steps.map((s) => s.assistantText.trim())).toEqual(['Let me add.', 'It is 3.']);
      expect(JSON.stringify(result.messages)).not.toMatch(/sum is 4|"sum": 4/);
    }
  });
});
