import {
  createEmulator,
  type Emulator,
  geminiChunk,
  geminiErrors,
  geminiResponse,
  geminiStream,
  geminiUsage,
} from '@toolsmith/emulator';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { isGenerateTaskError } from '../../base/errors.js';
import type { JsonSchema } from '../../tools/types.js';
import type { Connection, ProviderRequest, StreamEvent } from '../types.js';
import { googleAdapter } from './adapter.js';

let emulator: Emulator;
beforeAll(async () => {
  emulator = await createEmulator();
});
afterAll(() => emulator.close());
beforeEach(() => emulator.reset());

const STREAM_PATH = '/v1beta/models/gemini-test:streamGenerateContent';
const WHOLE_PATH = '/v1beta/models/gemini-test:generateContent';

const connection: () => Connection = () => ({
  name: 'gemini',
  api: 'google',
  baseUrl: `${emulator.url}/v1beta`,
  model: 'gemini-test',
  functionCalling: { enabled: true, mode: 'native' },
});

async function collect(req: Partial<ProviderRequest>): Promise<StreamEvent[]> {
  const events: StreamEvent[] = [];
  for await (const event of googleAdapter.send({
    connection: connection(),
    messages: [{ role: 'user', content: 'Go' }],
    stream: true,
    ...req,
  }))
    events.push(event);
  return events;
}

/** A tool with every kind of free-form object Gemini refuses as OBJECT without properties. */
const SAVE_NOTE: JsonSchema = {
  type: 'object',
  $defs: {
    node: {
      type: 'object',
      description: 'A folder',
      properties: { name: { type: 'string' }, children: { type: 'array', items: { $ref: '#/$defs/node' } } },
    },
  },
  properties: {
    title: { type: 'string' },
    metadata: { type: 'object', description: 'Labels', additionalProperties: { type: 'string' } },
    filters: { type: 'array', items: { type: 'object' } },
    headers: { type: 'object', patternProperties: { '^x-': { type: 'string' } } },
    folder: { $ref: '#/$defs/node' },
    priority: { enum: [1, 2, 3] },
  },
  required: ['title', 'metadata'],
};

const ENCODED = 'a string holding the JSON text of an object, e.g. {"key": "value"}';

describe('Gemini free-form objects', () => {
  it('sends them as described JSON strings and decodes the arguments back', async () => {
    const args = {
      title: 'Trip',
      metadata: '{"city":"Paris","mood":"calm"}',
      filters: ['{"tag":"a"}', '{"tag":"b"}'],
      headers: '{"x-id":"7"}',
      folder: { name: 'root', children: ['{"name":"sub","children":[]}'] },
      priority: 2,
    };
    emulator.enqueue(
      STREAM_PATH,
      geminiStream([
        geminiChunk([{ functionCall: { name: 'save_note', args } }], {
          finishReason: 'STOP',
          usage: geminiUsage(10, 5),
        }),
      ]),
    );
    const events = await collect({
      tools: [{ name: 'save_note', description: 'Save a note', parameters: SAVE_NOTE }],
    });
    const declaration = (emulator.requests[0].body as { tools: Array<{ functionDeclarations: unknown[] }> })
      .tools[0].functionDeclarations[0];
    expect(declaration).toEqual({
      name: 'save_note',
      description: 'Save a note',
      parameters: {
        type: 'OBJECT',
        properties: {
          title: { type: 'STRING' },
          metadata: {
            type: 'STRING',
            description: `Labels (${ENCODED} matching the JSON Schema {"type":"object","additionalProperties":{"type":"string"}})`,
          },
          filters: { type: 'ARRAY', items: { type: 'STRING', description: `(${ENCODED})` } },
          headers: {
            type: 'STRING',
            description: `(${ENCODED} matching the JSON Schema {"type":"object","patternProperties":{"^x-":{"type":"string"}}})`,
          },
          folder: {
            type: 'OBJECT',
            description: 'A folder',
            properties: {
              name: { type: 'STRING' },
              children: {
                type: 'ARRAY',
                items: {
                  type: 'STRING',
                  description: 'A folder (recursive: a JSON value of the same shape, written as a string)',
                },
              },
            },
          },
          priority: { type: 'INTEGER', description: '(one of: 1, 2, 3)' },
        },
        required: ['title', 'metadata'],
      },
    });
    const call = events.find((e) => e.type === 'tool-call');
    const decoded = {
      title: 'Trip',
      metadata: { city: 'Paris', mood: 'calm' },
      filters: [{ tag: 'a' }, { tag: 'b' }],
      headers: { 'x-id': '7' },
      folder: { name: 'root', children: [{ name: 'sub', children: [] }] },
      priority: 2,
    };
    expect(call).toMatchObject({ type: 'tool-call', name: 'save_note', args: decoded });
    // the argument deltas still add up to the arguments the call reports
    const deltas = events
      .filter((e) => e.type === 'tool-call-delta')
      .map((e) => (e.type === 'tool-call-delta' ? e.argsDelta : ''))
      .join('');
    expect(call?.type === 'tool-call' && call.rawArgs).toBe(JSON.stringify(decoded));
    expect(deltas).toBe(JSON.stringify(decoded));
  });

  it('leaves text that is not a JSON object as it is (the model wrote something else)', async () => {
    emulator.enqueue(WHOLE_PATH, {
      json: geminiResponse([{ functionCall: { name: 'save_note', args: { title: 'T', metadata: 'none' } } }]),
    });
    const events = await collect({
      stream: false,
      tools: [{ name: 'save_note', description: 'Save a note', parameters: SAVE_NOTE }],
    });
    expect(events.find((e) => e.type === 'tool-call')).toMatchObject({
      args: { title: 'T', metadata: 'none' },
    });
  });

  it('a root that is a map travels in one "json" property and comes back as the arguments', async () => {
    emulator.enqueue(WHOLE_PATH, {
      json: geminiResponse([{ functionCall: { name: 'set_vars', args: { json: '{"hp":10,"mp":"full"}' } } }]),
    });
    const schema: JsonSchema = { type: 'object', additionalProperties: { type: ['string', 'number'] } };
    const events = await collect({
      stream: false,
      tools: [{ name: 'set_vars', description: 'Set variables', parameters: schema }],
    });
    expect(
      (
        emulator.requests[0].body as {
          tools: Array<{ functionDeclarations: Array<{ parameters: unknown }> }>;
        }
      ).tools[0].functionDeclarations[0].parameters,
    ).toEqual({
      type: 'OBJECT',
      properties: {
        json: {
          type: 'STRING',
          description: `All arguments (${ENCODED} matching the JSON Schema {"type":"object","additionalProperties":{"type":["string","number"]}})`,
        },
      },
      required: ['json'],
    });
    expect(events.find((e) => e.type === 'tool-call')).toMatchObject({ args: { hp: 10, mp: 'full' } });
  });

  it('structured output holding a map is held back and sent decoded at the end', async () => {
    emulator.enqueue(
      STREAM_PATH,
      geminiStream([
        geminiChunk([{ text: '{"name":"Ann",' }]),
        geminiChunk([{ text: '"stats":"{\\"str\\":5}"}' }], { finishReason: 'STOP' }),
      ]),
    );
    const events = await collect({
      jsonSchema: {
        name: 'character',
        schema: {
          type: 'object',
          properties: {
            name: { type: 'string' },
            stats: { type: 'object', additionalProperties: { type: 'integer' } },
          },
        },
      },
    });
    expect(events.filter((e) => e.type === 'text-delta')).toEqual([
      { type: 'text-delta', text: '{"name":"Ann","stats":{"str":5}}' },
    ]);
    const config = (emulator.requests[0].body as { generationConfig: { responseSchema: unknown } })
      .generationConfig;
    expect(config.responseSchema).toMatchObject({ properties: { stats: { type: 'STRING' } } });
  });
});

describe('Gemini 429 RetryInfo', () => {
  it('reads the retry delay from the RetryInfo detail when there is no Retry-After header', async () => {
    emulator.enqueue(WHOLE_PATH, geminiErrors.quotaExceeded('37s'));
    let error: unknown;
    try {
      await collect({ stream: false });
    } catch (e) {
      error = e;
    }
    expect(isGenerateTaskError(error) && error.code).toBe('rate_limit');
    expect(isGenerateTaskError(error) && error.details.retryAfterMs).toBe(37_000);
    emulator.enqueue(WHOLE_PATH, geminiErrors.quotaExceeded('1.5s'));
    try {
      await collect({ stream: false });
    } catch (e) {
      error = e;
    }
    expect(isGenerateTaskError(error) && error.details.retryAfterMs).toBe(1500);
  });
});
