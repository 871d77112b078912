import { describe, expect, it } from 'vitest';
import type { ChatMessage, Connection, ProviderRequest, ToolSpec } from '../types.js';
import { buildGeminiBody, geminiUrl, toFunctionResponse, toGeminiContents } from './request.js';

const connection: Connection = {
  name: 'g',
  api: 'google',
  baseUrl: 'http://127.0.0.1:1/v1beta/',
  model: 'gemini-x',
  functionCalling: { enabled: true, mode: 'native' },
};
const tools: ToolSpec[] = [
  {
    name: 'roll',
    description: 'Roll dice',
    parameters: {
      type: 'object',
      additionalProperties: false,
      properties: { sides: { type: 'integer' } },
      required: ['sides'],
    },
  },
  { name: 'now', description: 'Time', parameters: { type: 'object', properties: {} } },
];
const body = (extra: Partial<ProviderRequest>) =>
  buildGeminiBody({ connection, messages: [{ role: 'user', content: 'go' }], stream: false, ...extra });

describe('geminiUrl', () => {
  it('builds both methods and strips a models/ prefix', () => {
    expect(geminiUrl('https://x/v1beta/', 'models/gemini-2.5-flash', true)).toBe(
      'https://x/v1beta/models/gemini-2.5-flash:streamGenerateContent?alt=sse',
    );
    expect(geminiUrl('https://x/v1beta', 'gemini-2.5-flash', false)).toBe(
      'https://x/v1beta/models/gemini-2.5-flash:generateContent',
    );
  });
});

describe('toFunctionResponse', () => {
  it('keeps JSON objects and wraps everything else', () => {
    expect(toFunctionResponse('{"ok":false,"error":"x"}', true)).toEqual({ ok: false, error: 'x' });
    expect(toFunctionResponse('17')).toEqual({ result: 17 });
    expect(toFunctionResponse('[1,2]')).toEqual({ result: [1, 2] });
    expect(toFunctionResponse('plain text')).toEqual({ result: 'plain text' });
    expect(toFunctionResponse('boom', true)).toEqual({ error: 'boom' });
  });
});

describe('toGeminiContents', () => {
  it('system → instruction, model turns with signed calls, tool results in one user turn', () => {
    const history: ChatMessage[] = [
      { role: 'system', content: 'Game master.' },
      { role: 'user', content: 'Roll two' },
      {
        role: 'assistant',
        content: '',
        reasoning: [{ text: 'thoughts are not sent back' }],
        toolCalls: [
          {
            id: 'gemini_call_ab12cd34_0',
            name: 'roll',
            args: { sides: 20 },
            providerMetadata: { thoughtSignature: 'S1' },
          },
          { id: 'fc-real', name: 'roll', args: { sides: 6 } },
        ],
      },
      { role: 'tool', toolCallId: 'gemini_call_ab12cd34_0', name: 'roll', content: '17' },
      { role: 'tool', toolCallId: 'fc-real', name: 'roll', content: 'lost', isError: true },
      { role: 'user', content: 'And?' },
      { role: 'assistant', content: 'Done.', providerMetadata: { thoughtSignature: 'S2' } },
      { role: 'system', content: 'Late note' },
    ];
    const { system, contents } = toGeminiContents(history);
    expect(system).toBe('Game master.');
    expect(contents).toEqual([
      { role: 'user', parts: [{ text: 'Roll two' }] },
      {
        role: 'model',
        parts: [
          { functionCall: { name: 'roll', args: { sides: 20 } }, thoughtSignature: 'S1' },
          { functionCall: { name: 'roll', args: { sides: 6 }, id: 'fc-real' } },
        ],
      },
      {
        role: 'user',
        parts: [
          { functionResponse: { name: 'roll', response: { result: 17 } } },
          { functionResponse: { name: 'roll', response: { error: 'lost' }, id: 'fc-real' } },
          { text: 'And?' },
        ],
      },
      { role: 'model', parts: [{ text: 'Done.', thoughtSignature: 'S2' }] },
      { role: 'user', parts: [{ text: 'Late note' }] },
    ]);
  });
});

describe('buildGeminiBody', () => {
  it('declares functions with converted schemas; no parameters for an empty object', () => {
    expect(body({ tools }).tools).toEqual([
      {
        functionDeclarations: [
          {
            name: 'roll',
            description: 'Roll dice',
            parameters: { type: 'OBJECT', properties: { sides: { type: 'INTEGER' } }, required: ['sides'] },
          },
          { name: 'now', description: 'Time' },
        ],
      },
    ]);
  });

  it('maps tool choice to AUTO / ANY / NONE with allowedFunctionNames', () => {
    const mode = (toolChoice: ProviderRequest['toolChoice']) => body({ tools, toolChoice }).toolConfig;
    expect(mode(undefined)).toEqual({ functionCallingConfig: { mode: 'AUTO' } });
    expect(mode('auto')).toEqual({ functionCallingConfig: { mode: 'AUTO' } });
    expect(mode('required')).toEqual({ functionCallingConfig: { mode: 'ANY' } });
    expect(mode('none')).toEqual({ functionCallingConfig: { mode: 'NONE' } });
    expect(mode({ name: 'roll' })).toEqual({
      functionCallingConfig: { mode: 'ANY', allowedFunctionNames: ['roll'] },
    });
    expect(body({})).not.toHaveProperty('toolConfig');
  });

  it('maps the generation parameters, and leaves generationConfig out when there are none', () => {
    expect(body({})).not.toHaveProperty('generationConfig');
    expect(
      body({ params: { temperature: 0, presencePenalty: 0.1, frequencyPenalty: 0.2, seed: 5 } })
        .generationConfig,
    ).toEqual({ temperature: 0, presencePenalty: 0.1, frequencyPenalty: 0.2, seed: 5 });
  });
});
