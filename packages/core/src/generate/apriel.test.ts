// Apriel (ServiceNow) replies: its template opens the reasoning for every reply ("Here are my reasoning
// steps:"), the model answers after `[BEGIN FINAL RESPONSE]` and ends with `[END FINAL RESPONSE]`, its calls a
// `<tool_calls>` JSON list in the answer. Over real HTTP against the emulator: an OpenAI-compatible server that
// passes the reply on as content (LM Studio, Ollama, llama.cpp without a reasoning parser), vLLM with its
// `apriel` reasoning parser, and KoboldCpp on the `apriel` instruct template.
import { contentCallChunks, openaiChunk, openaiStream, type RecordedRequest } from '@toolsmith/emulator';
import { describe, expect, it } from 'vitest';
import { runtimeWithAdd } from './__fixtures__/add-runtime.js';
import { contentAnswer, openaiConnection, TRIGGER_RE, xmlCalls } from './__fixtures__/answers.js';
import { emulatorPerFile } from './__fixtures__/emulator.js';
import { koboldAnswers, koboldConnection, promptOf } from './__fixtures__/kobold.js';

const emulator = emulatorPerFile();

const ask = [{ role: 'user' as const, content: 'What is 1 + 2?' }];
const MODEL = 'ServiceNow-AI/Apriel-1.6-15b-Thinker';
const ADD_CALL = '<tool_calls>[{"name": "add", "arguments": {"a": 1, "b": 2}}]</tool_calls>';

describe('Apriel through a server that passes its reply on as content', () => {
  it('native mode: the reasoning comes apart, the call in its answer runs, no marker is shown', async () => {
    const replies = [
      `The user asks 1 + 2. I will use add.\n[BEGIN FINAL RESPONSE]\n${ADD_CALL}\n[END FINAL RESPONSE]`,
      'The tool says 3.\n[BEGIN FINAL RESPONSE]\n1 + 2 = **3**.\n[END FINAL RESPONSE]',
    ];
    let n = 0;
    emulator().on('/v1/chat/completions', (req) => {
      return contentAnswer(req, replies[Math.min(n++, 1)]);
    });
    for (const stream of [true, false]) {
      n = 0;
      const rt = runtimeWithAdd(
        openaiConnection(emulator().url, {
          model: MODEL,
          functionCalling: { enabled: true, mode: 'native' },
        }),
      );
      const result = await rt.runToolLoop({ taskMessages: ask, stream });
      expect(result.trace.map((t) => [t.name, t.args, t.result])).toEqual([
        ['add', { a: 1, b: 2 }, { sum: 3 }],
      ]);
      expect(result.steps.map((s) => s.reasoning)).toEqual([
        'The user asks 1 + 2. I will use add.\n',
        'The tool says 3.\n',
      ]);
      expect(result.finalText.trim()).toBe('1 + 2 = **3**.');
      expect(JSON.stringify(result)).not.toMatch(/FINAL RESPONSE|tool_calls>/);
    }
  });

  it('the same reply from a model not named Apriel keeps its reasoning as text but still shows no marker', async () => {
    const reply = 'Simple.\n[BEGIN FINAL RESPONSE]\nIt is 3.\n[END FINAL RESPONSE]';
    emulator().on('/v1/chat/completions', () => openaiStream(contentCallChunks(reply)));
    const rt = runtimeWithAdd(openaiConnection(emulator().url, { model: 'local-model' }));
    const result = await rt.runToolLoop({ taskMessages: ask, stream: true });
    expect(result.finalText.trim()).toBe('Simple.\nIt is 3.');
  });
});

describe('Apriel through vLLM with its reasoning parser', () => {
  it('reasoning arrives apart: the content is the answer, its end marker dropped', async () => {
    emulator().on('/v1/chat/completions', () =>
      openaiStream([
        openaiChunk({ role: 'assistant', reasoning_content: 'A sum.' }),
        openaiChunk({ content: '\n1 + 2 = 3.\n[END' }),
        openaiChunk({ content: ' FINAL RESPONSE]' }),
        openaiChunk({}, { finishReason: 'stop' }),
      ]),
    );
    const rt = runtimeWithAdd(openaiConnection(emulator().url, { model: MODEL }));
    const result = await rt.runToolLoop({ taskMessages: ask, stream: true });
    expect([result.steps[0].reasoning, result.finalText.trim()]).toEqual(['A sum.', '1 + 2 = 3.']);
  });
});

describe('Apriel on the apriel instruct template (KoboldCpp)', () => {
  it('the prompt opens its reasoning; the text-mode call after the answer marker runs', async () => {
    let n = 0;
    const answer = (req: RecordedRequest) => {
      const trigger = TRIGGER_RE.exec(promptOf(req))?.[0] ?? 'missing';
      return n++ === 0
        ? `Need the sum.\n[BEGIN FINAL RESPONSE]\n${xmlCalls(trigger, [{ name: 'add', args: { a: 1, b: 2 } }])}\n[END FINAL RESPONSE]`
        : 'Got 3.\n[BEGIN FINAL RESPONSE]\nIt is 3.\n[END FINAL RESPONSE]';
    };
    koboldAnswers(emulator(), answer);
    const rt = runtimeWithAdd(koboldConnection(emulator().url, 'Apriel-1.6-15b-Thinker-Q4_K_M', 'apriel'));
    const result = await rt.runToolLoop({ taskMessages: ask, stream: true });
    expect(promptOf(emulator().requests[0])).toMatch(
      /\n<\|begin_assistant\|>\nHere are my reasoning steps:\n$/,
    );
    expect(result.steps[0].mode).toBe('prompt_xml');
    expect(result.trace.map((t) => t.result)).toEqual([{ sum: 3 }]);
    expect(result.steps.map((s) => s.reasoning)).toEqual(['Need the sum.\n', 'Got 3.\n']);
    expect(result.finalText.trim()).toBe('It is 3.');
  });
});
