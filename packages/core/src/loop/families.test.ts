// generateTask and the tool loop against every provider family's wire format, over real HTTP.
import {
  anthropicEventsFor,
  anthropicMessage,
  anthropicScenarios,
  anthropicStream,
  createEmulator,
  type Emulator,
  geminiChunk,
  geminiResponse,
  geminiStream,
  koboldGenerateResponse,
  koboldStream,
  type RecordedRequest,
  type ScriptedResponse,
} from '@toolsmith/emulator';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ADD_PARAMS, runtimeWithAdd } from '../generate/__fixtures__/add-runtime.js';
import { TRIGGER_RE, xmlCalls } from '../generate/__fixtures__/answers.js';
import type { Connection } from '../providers/types.js';

let emulator: Emulator;
beforeAll(async () => {
  emulator = await createEmulator();
});
afterAll(async () => {
  await emulator.close();
});
beforeEach(() => emulator.reset());

const ask = [{ role: 'user' as const, content: 'What is 1 + 2?' }];
const moodSchema = {
  type: 'object',
  properties: { mood: { type: 'string' }, score: { type: 'number', maximum: 1 } },
  required: ['mood', 'score'],
};

const isStream = (req: RecordedRequest) => (req.body as { stream?: boolean }).stream === true;

describe('anthropic', () => {
  const connection = (): Connection => ({
    name: 'claude',
    api: 'anthropic',
    baseUrl: `${emulator.url}/v1`,
    model: 'claude-test',
    apiKey: 'ak',
    functionCalling: { enabled: true, mode: 'auto' },
  });

  it('loop: tool_use in, tool_result blocks back, thinking signature kept', async () => {
    let n = 0;
    emulator.on('/v1/messages', (req): ScriptedResponse => {
      const content =
        n++ === 0
          ? [
              { type: 'thinking' as const, thinking: 'I should add.', signature: 'sig-1' },
              { type: 'tool_use' as const, id: 'toolu_1', name: 'add', input: { a: 1, b: 2 } },
            ]
          : [{ type: 'text' as const, text: 'It is 3.' }];
      return isStream(req)
        ? anthropicStream(anthropicEventsFor(content))
        : { json: anthropicMessage(content) };
    });
    for (const stream of [true, false]) {
      emulator.requests.length = 0;
      n = 0;
      const result = await runtimeWithAdd(connection()).runToolLoop({ taskMessages: ask, stream });
      expect(result.stoppedBecause).toBe('completed');
      expect(result.finalText).toBe('It is 3.');
      expect(result.trace[0]).toMatchObject({ name: 'add', args: { a: 1, b: 2 }, result: { sum: 3 } });
      const sent = emulator.requests[1].body as {
        messages: Array<{ role: string; content: Array<Record<string, unknown>> }>;
      };
      const [assistant, user] = sent.messages.slice(-2);
      expect(assistant.role).toBe('assistant');
      expect(assistant.content[0]).toMatchObject({
        type: 'thinking',
        thinking: 'I should add.',
        signature: 'sig-1',
      });
      expect(assistant.content.at(-1)).toMatchObject({
        type: 'tool_use',
        id: 'toolu_1',
        name: 'add',
        input: { a: 1, b: 2 },
      });
      expect(user.role).toBe('user');
      expect(user.content[0]).toMatchObject({ type: 'tool_result', tool_use_id: 'toolu_1' });
    }
  });

  it('jsonSchema through the forced tool, validated', async () => {
    emulator.enqueue('/v1/messages', anthropicStream(anthropicScenarios.jsonOutput()));
    const rt = runtimeWithAdd(connection());
    const events = [];
    for await (const e of rt.generateTaskStream({ taskMessages: ask, jsonSchema: moodSchema }))
      events.push(e);
    const last = events.at(-1);
    expect(last?.type === 'result' && last.result.jsonData).toEqual({ mood: 'happy', score: 0.9 });
    expect((emulator.requests[0].body as { tool_choice: unknown }).tool_choice).toMatchObject({
      type: 'tool',
    });
  });
});

describe('google', () => {
  const connection = (): Connection => ({
    name: 'gemini',
    api: 'google',
    baseUrl: `${emulator.url}/v1beta`,
    model: 'gemini-test',
    apiKey: 'gk',
    functionCalling: { enabled: true, mode: 'auto' },
  });
  const path = /^\/v1beta\/models\/gemini-test:(streamGenerateContent|generateContent)$/;

  it('loop: functionCall in, functionResponse back, thoughtSignature kept', async () => {
    let n = 0;
    emulator.on(path, (req): ScriptedResponse => {
      const streaming = req.path.includes('stream');
      const parts =
        n++ === 0
          ? [{ functionCall: { name: 'add', args: { a: 1, b: 2 } }, thoughtSignature: 'sig-g' }]
          : [{ text: 'It is 3.' }];
      return streaming
        ? geminiStream([geminiChunk(parts, { finishReason: 'STOP' })])
        : { json: geminiResponse(parts) };
    });
    for (const stream of [true, false]) {
      emulator.requests.length = 0;
      n = 0;
      const result = await runtimeWithAdd(connection()).runToolLoop({ taskMessages: ask, stream });
      expect(result.stoppedBecause).toBe('completed');
      expect(result.finalText).toBe('It is 3.');
      expect(result.trace[0]).toMatchObject({ name: 'add', result: { sum: 3 } });
      const sent = emulator.requests[1].body as {
        contents: Array<{ role: string; parts: Array<Record<string, unknown>> }>;
      };
      const [model, user] = sent.contents.slice(-2);
      expect(model.role).toBe('model');
      expect(model.parts[0]).toMatchObject({
        functionCall: { name: 'add', args: { a: 1, b: 2 } },
        thoughtSignature: 'sig-g',
      });
      expect(user.parts[0]).toMatchObject({ functionResponse: { name: 'add', response: { sum: 3 } } });
    }
  });

  it('jsonSchema as responseSchema, validated', async () => {
    emulator.on(path, () => ({ json: geminiResponse([{ text: '{"mood":"calm","score":2}' }]) }));
    const rt = runtimeWithAdd(connection());
    await expect(rt.generateTask({ taskMessages: ask, jsonSchema: moodSchema })).rejects.toMatchObject({
      code: 'json_schema_violation',
    });
    const config = (emulator.requests[0].body as { generationConfig: Record<string, unknown> })
      .generationConfig;
    expect(config.responseMimeType).toBe('application/json');
    expect(config.responseSchema).toBeDefined();
  });
});

describe('text-completion (KoboldCpp)', () => {
  const connection = (): Connection => ({
    name: 'kobold',
    api: 'text-completion',
    baseUrl: emulator.url,
    model: 'local',
    functionCalling: { enabled: true, mode: 'auto' },
    textBackend: 'koboldcpp',
    instructTemplate: 'chatml',
  });
  const promptOf = (req: RecordedRequest) => String((req.body as { prompt: string }).prompt);

  it('loop: auto uses the text protocol; results go back as <tool_result>', async () => {
    let n = 0;
    const answer = (req: RecordedRequest) => {
      const trigger = TRIGGER_RE.exec(promptOf(req))?.[0] ?? 'missing';
      return n++ === 0 ? xmlCalls(trigger, [{ name: 'add', args: { a: 1, b: 2 } }]) : 'It is 3.';
    };
    emulator.on('/api/extra/generate/stream', (req) => {
      const text = answer(req);
      const tokens = text.match(/[\s\S]{1,6}/g) ?? [];
      return koboldStream(tokens);
    });
    emulator.on('/api/v1/generate', (req) => koboldGenerateResponse(answer(req)));
    for (const stream of [true, false]) {
      emulator.requests.length = 0;
      n = 0;
      const result = await runtimeWithAdd(connection()).runToolLoop({ taskMessages: ask, stream });
      expect(result.stoppedBecause).toBe('completed');
      expect(result.steps[0].mode).toBe('prompt_xml');
      expect(result.finalText).toBe('It is 3.');
      expect(result.trace[0]).toMatchObject({ name: 'add', result: { sum: 3 } });
      expect(promptOf(emulator.requests[1])).toContain('<tool_result name="add">\n{"sum":3}\n</tool_result>');
    }
  });

  it('native mode is refused; jsonSchema becomes an instruction', async () => {
    const rt = runtimeWithAdd(connection());
    await expect(
      rt.generateTask({
        taskMessages: ask,
        tools: [{ name: 'add', description: 'x', parameters: ADD_PARAMS }],
        functionCallMode: 'native',
      }),
    ).rejects.toMatchObject({ code: 'invalid_input' });
    emulator.on('/api/v1/generate', () => koboldGenerateResponse('{"mood":"fine","score":0.5}'));
    const result = await rt.generateTask({ taskMessages: ask, jsonSchema: moodSchema });
    expect(result.jsonData).toEqual({ mood: 'fine', score: 0.5 });
    expect(promptOf(emulator.requests[0])).toContain('matches this JSON Schema');
  });
});
