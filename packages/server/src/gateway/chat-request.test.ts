import { describe, expect, it } from 'vitest';
import { parseChatRequest, splitModel } from './chat-request.js';
import { GatewayError } from './openai-errors.js';

const user = { role: 'user', content: 'hi' };

function refusal(body: unknown): GatewayError {
  try {
    parseChatRequest(body);
  } catch (error) {
    if (error instanceof GatewayError) return error;
    throw error;
  }
  throw new Error('expected a GatewayError');
}

describe('splitModel', () => {
  it('splits at the first slash only: model names may hold slashes', () => {
    expect(splitModel('local')).toEqual({ connectionName: 'local' });
    expect(splitModel('router/meta-llama/llama-3.1-8b')).toEqual({
      connectionName: 'router',
      modelOverride: 'meta-llama/llama-3.1-8b',
    });
    expect(splitModel('local/')).toEqual({ connectionName: 'local' });
  });
});

describe('parseChatRequest', () => {
  it('maps an OpenAI request onto generateTask options', () => {
    const parsed = parseChatRequest({
      model: 'emu/gpt-x',
      messages: [
        {
          role: 'developer',
          content: [
            { type: 'text', text: 'Rules. ' },
            { type: 'text', text: 'More.' },
          ],
        },
        { role: 'user', content: 'Weather?', name: 'ann' },
        {
          role: 'assistant',
          content: null,
          tool_calls: [{ id: 'c1', type: 'function', function: { name: 'w', arguments: '' } }],
        },
        { role: 'tool', tool_call_id: 'c1', content: [{ type: 'text', text: 'sunny' }] },
      ],
      stream: true,
      stream_options: { include_usage: true },
      temperature: 0.5,
      top_p: 0.9,
      max_tokens: 10,
      max_completion_tokens: 20,
      stop: 'END',
      seed: 7,
      frequency_penalty: 0.1,
      presence_penalty: 0.2,
      tools: [{ type: 'function', function: { name: 'w', parameters: { type: 'object', properties: {} } } }],
      tool_choice: { type: 'function', function: { name: 'w' } },
      parallel_tool_calls: false,
      user: 'ignored-field',
    });
    expect(parsed).toEqual({
      model: 'emu/gpt-x',
      connectionName: 'emu',
      modelOverride: 'gpt-x',
      stream: true,
      includeUsage: true,
      messages: [
        { role: 'system', content: 'Rules. More.' },
        { role: 'user', content: 'Weather?', name: 'ann' },
        { role: 'assistant', content: '', toolCalls: [{ id: 'c1', name: 'w', args: {} }] },
        { role: 'tool', toolCallId: 'c1', name: 'w', content: 'sunny' },
      ],
      tools: [
        {
          type: 'function',
          function: { name: 'w', description: '', parameters: { type: 'object', properties: {} } },
        },
      ],
      toolChoice: { name: 'w' },
      parallelToolCalls: false,
      params: {
        temperature: 0.5,
        topP: 0.9,
        maxTokens: 20,
        stop: ['END'],
        seed: 7,
        frequencyPenalty: 0.1,
        presencePenalty: 0.2,
      },
      serverTools: false,
      execute: false,
      samplerExtras: {},
    });
  });

  it('reads response_format json_schema and the toolsmith options', () => {
    const parsed = parseChatRequest({
      model: 'm',
      messages: [user],
      response_format: {
        type: 'json_schema',
        json_schema: { name: 'mood', schema: { type: 'object' }, strict: true },
      },
      toolsmith: { execute: true },
    });
    expect(parsed.jsonSchema).toEqual({ name: 'mood', schema: { type: 'object' }, strict: true });
    expect([parsed.serverTools, parsed.execute]).toEqual([true, true]);
    expect(
      parseChatRequest({ model: 'm', messages: [user], response_format: { type: 'text' } }).jsonSchema,
    ).toBe(undefined);
  });

  it('refuses what it cannot serve with 400 and the parameter name', () => {
    const cases: Array<[unknown, string | null, RegExp]> = [
      [[], null, /JSON object/],
      [{ messages: [user] }, 'model', /model is required/],
      [{ model: 'm', messages: [] }, 'messages', /non-empty/],
      [{ model: 'm', messages: [user], n: 2 }, 'n', /n = 1/],
      [{ model: 'm', messages: [user], stream: 'yes' }, 'stream', /true or false/],
      [
        { model: 'm', messages: [{ role: 'function', content: 'x' }] },
        'messages[0].role',
        /Unsupported message role/,
      ],
      [
        {
          model: 'm',
          messages: [{ role: 'user', content: [{ type: 'image_url', image_url: { url: 'x' } }] }],
        },
        'messages[0].content[0].image_url.url',
        /data: URL or an http\(s\) link/,
      ],
      [
        {
          model: 'm',
          messages: [{ role: 'user', content: [{ type: 'input_audio', input_audio: { data: '' } }] }],
        },
        'messages[0].content[0]',
        /"input_audio" are not supported/,
      ],
      [
        {
          model: 'm',
          messages: [
            { role: 'assistant', content: '', tool_calls: [{ type: 'function', function: { name: 'w' } }] },
          ],
        },
        'messages[0].tool_calls[0].id',
        /needs an id/,
      ],
      [
        {
          model: 'm',
          messages: [
            {
              role: 'assistant',
              tool_calls: [{ id: 'a', type: 'function', function: { name: 'w', arguments: '[1]' } }],
            },
          ],
        },
        'messages[0].tool_calls[0].function.arguments',
        /JSON object/,
      ],
      [
        { model: 'm', messages: [user], tools: [{ type: 'code_interpreter' }] },
        'tools[0]',
        /type: "function"/,
      ],
      [{ model: 'm', messages: [user], tool_choice: 'always' }, 'tool_choice', /tool_choice must be/],
      [{ model: 'm', messages: [user], temperature: 'hot' }, 'temperature', /must be a number/],
      [{ model: 'm', messages: [user], stop: [1] }, 'stop', /list of strings/],
      [{ model: 'm', messages: [user], response_format: { type: 'xml' } }, 'response_format', /json_schema/],
      [{ model: 'm', messages: [user], toolsmith: { execute: 'yes' } }, 'toolsmith.execute', /true or false/],
      [
        { model: 'm', messages: [user], toolsmith: { execute: true, serverTools: false } },
        'toolsmith.serverTools',
        /cannot be combined/,
      ],
    ];
    for (const [body, param, message] of cases) {
      const error = refusal(body);
      expect({ param: error.param, status: error.statusCode }).toEqual({ param, status: 400 });
      expect(error.type).toBe('invalid_request_error');
      expect(error.message).toMatch(message);
    }
  });
});
