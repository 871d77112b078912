// issue 11 item 10: a run that stops early returns the last text and closes every call with a result; the
// answer-now request after maxRounds carries no calling protocol re-rendered from native history.
import { createEmulator, type Emulator } from '@toolsmith/emulator';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { body, type OpenAIAnswer, openaiAnswer, openaiConnection } from '../generate/__fixtures__/answers.js';
import { createRuntime } from '../runtime/create-runtime.js';
import { ToolRegistry } from '../tools/registry.js';
import type { ToolLoopEvent } from './types.js';

const PATH = '/v1/chat/completions';
const ask = [{ role: 'user' as const, content: 'Find the key.' }];
const lookTool = {
  name: 'look',
  description: 'Look somewhere.',
  parameters: { type: 'object', properties: { at: { type: 'string' } } },
};
const wireTool = { type: 'function', function: lookTool };

let emulator: Emulator;
beforeAll(async () => {
  emulator = await createEmulator();
});
afterAll(async () => {
  await emulator.close();
});
beforeEach(() => emulator.reset());

function script(answers: (n: number) => OpenAIAnswer | 'hang') {
  let n = 0;
  emulator.on(PATH, (req) => {
    const answer = answers(n++);
    return answer === 'hang' ? { hang: true } : openaiAnswer(req, answer);
  });
}

function setup() {
  const registry = new ToolRegistry({ logger: { warn() {} } });
  let runs = 0;
  registry.registerFunctionTool({
    ...lookTool,
    mode: 'read',
    action: (args) => {
      runs++;
      return `Nothing at the ${String(args.at)}.`;
    },
  });
  const rt = createRuntime({ connections: [openaiConnection(emulator.url)], registry });
  return { rt, runs: () => runs };
}

const look = (id: string, at = 'door') => ({ id, name: 'look', args: { at } });

describe('tool loop edge cases', () => {
  it('repeated_call: returns the last text, closes the unrun call, and the history is valid for the next request', async () => {
    const { rt, runs } = setup();
    script((n) =>
      n === 0 ? { text: 'Let me look.', toolCalls: [look('c0')] } : { toolCalls: [look(`c${n}`)] },
    );
    const events: ToolLoopEvent[] = [];
    const result = await rt.runToolLoop({ taskMessages: ask, onEvent: (e) => void events.push(e) });
    expect(result.stoppedBecause).toBe('repeated_call');
    expect(result.finalText).toBe('Let me look.');
    expect(runs()).toBe(2);
    const notRun = {
      ok: false,
      error:
        'Not run: the same call (tool and arguments) was asked for 3 times, so the run stopped to avoid a loop.',
      code: 'not_run',
    };
    expect(result.messages.at(-1)).toEqual({
      role: 'tool',
      toolCallId: 'c2',
      name: 'look',
      content: JSON.stringify(notRun),
      isError: true,
    });
    expect(result.trace.at(-1)).toMatchObject({ round: 3, id: 'c2', ok: false, error: { code: 'not_run' } });
    const lastEvent = events.filter((e) => e.type === 'tool-result').at(-1);
    expect(lastEvent).toMatchObject({ id: 'c2', envelope: { ok: false, error: { code: 'not_run' } } });

    // the next request over that history: every call is answered
    emulator.reset();
    emulator.on(PATH, (req) => openaiAnswer(req, { text: 'The key is not at the door.' }));
    await rt.generateTask({
      taskMessages: [...result.messages, { role: 'user', content: 'So?' }],
      tools: [lookTool],
    });
    const call = (id: string) => ({
      id,
      type: 'function',
      function: { name: 'look', arguments: '{"at":"door"}' },
    });
    expect(emulator.requests[0].body).toEqual({
      model: 'gpt-test',
      messages: [
        { role: 'user', content: 'Find the key.' },
        { role: 'assistant', content: 'Let me look.', tool_calls: [call('c0')] },
        { role: 'tool', tool_call_id: 'c0', content: 'Nothing at the door.' },
        { role: 'assistant', content: null, tool_calls: [call('c1')] },
        { role: 'tool', tool_call_id: 'c1', content: 'Nothing at the door.' },
        { role: 'assistant', content: null, tool_calls: [call('c2')] },
        { role: 'tool', tool_call_id: 'c2', content: JSON.stringify(notRun) },
        { role: 'user', content: 'So?' },
      ],
      tools: [wireTool],
    });
  });

  it('finish_reason: the cut-off answer text is returned and its calls get a not-run result naming the reason', async () => {
    const { rt, runs } = setup();
    script(() => ({ text: 'I will check the', toolCalls: [look('c0')], finishReason: 'length' }));
    const result = await rt.runToolLoop({ taskMessages: ask });
    expect(result.stoppedBecause).toBe('finish_reason');
    expect(runs()).toBe(0);
    expect(result.finalText).toBe('I will check the');
    expect(result.messages.at(-1)).toMatchObject({ role: 'tool', toolCallId: 'c0', isError: true });
    expect(JSON.parse((result.messages.at(-1) as { content: string }).content)).toEqual({
      ok: false,
      code: 'not_run',
      error:
        'Not run: the answer ended with finish reason "length" (length), so its calls may be incomplete. The run stopped.',
    });
  });

  it('budget: returns the last text said, and the history ends on answered calls', async () => {
    const { rt } = setup();
    script((n) =>
      n === 0
        ? { text: 'Checking the door.', toolCalls: [look('c0')] }
        : n === 1
          ? { toolCalls: [look('c1', 'window')] }
          : 'hang',
    );
    const result = await rt.runToolLoop({ taskMessages: ask, wallClockBudgetMs: 3000 });
    expect(result.stoppedBecause).toBe('budget');
    expect(result.finalText).toBe('Checking the door.');
    expect(result.messages.at(-1)).toMatchObject({ role: 'tool', toolCallId: 'c1' });
    const callIds = result.messages.flatMap((m) =>
      m.role === 'assistant' ? (m.toolCalls ?? []).map((c) => c.id) : [],
    );
    const answered = result.messages.flatMap((m) => (m.role === 'tool' ? [m.toolCallId] : []));
    expect(answered).toEqual(callIds);
  });

  it('maxRounds: the answer-now request carries the history as plain prose, no protocol markup', async () => {
    const { rt } = setup();
    script((n) =>
      n === 0 ? { text: 'Looking.', toolCalls: [look('c0')] } : { text: 'No key at the door.' },
    );
    const result = await rt.runToolLoop({ taskMessages: ask, maxRounds: 1 });
    expect(result.stoppedBecause).toBe('max_rounds');
    expect(result.finalText).toBe('No key at the door.');
    expect(body(emulator.requests[1])).toEqual({
      model: 'gpt-test',
      messages: [
        { role: 'user', content: 'Find the key.' },
        { role: 'assistant', content: 'Looking.\n\n[Tool call] look {"at":"door"}' },
        {
          role: 'user',
          content:
            '[Tool result] look\nNothing at the door.\n\nYou have used every tool round available. Do not call any more tools: answer now using the tool results above.',
        },
      ],
      stream: true,
      stream_options: { include_usage: true },
    });
  });

  it('maxRounds after text-protocol rounds: the final request has no trigger or <function_calls>', async () => {
    const { rt } = setup();
    let n = 0;
    emulator.on(PATH, (req) => {
      const system = String(body(req).messages.find((m) => m.role === 'system')?.content ?? '');
      const trigger = /<Function_[A-Za-z0-9]{4}_Start\/>/.exec(system)?.[0];
      n++;
      return openaiAnswer(req, {
        text: trigger
          ? `Looking.\n${trigger}\n<function_calls><function_call><tool>look</tool><args_json><![CDATA[{"at":"door"}]]></args_json></function_call></function_calls>`
          : 'No key.',
      });
    });
    const result = await rt.runToolLoop({ taskMessages: ask, maxRounds: 1, functionCallMode: 'prompt_xml' });
    expect(n).toBe(2);
    expect(result.finalText).toBe('No key.');
    const final = JSON.stringify(body(emulator.requests[1]).messages);
    expect(final).not.toMatch(/Function_[A-Za-z0-9]{4}_Start|function_calls|tool_result|# Tools/);
    expect(final).toContain('[Tool call] look {\\"at\\":\\"door\\"}');
  });
});
