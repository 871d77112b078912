import { describe, expect, it } from 'vitest';
import { convertGeminiSchema, decodeGeminiValue, toGeminiParameters, toGeminiSchema } from './schema.js';

describe('toGeminiSchema', () => {
  it('drops what Gemini rejects and keeps descriptions, enums, items, properties and required', () => {
    expect(
      toGeminiSchema({
        $schema: 'https://json-schema.org/draft/2020-12/schema',
        $id: 'urn:x',
        type: 'object',
        additionalProperties: false,
        description: 'A query',
        properties: {
          q: { type: 'string', description: 'text', minLength: 1, maxLength: 50, pattern: '^\\w+$' },
          mode: { type: 'string', enum: ['fast', 'slow'] },
          tags: { type: 'array', items: { type: 'string' }, minItems: 1, maxItems: 5, uniqueItems: true },
          n: { type: 'integer', minimum: 1, maximum: 9, exclusiveMaximum: 10, multipleOf: 1 },
        },
        required: ['q', 'ghost'],
        unevaluatedProperties: false,
      }),
    ).toEqual({
      type: 'OBJECT',
      description: 'A query',
      properties: {
        q: { type: 'STRING', description: 'text', minLength: 1, maxLength: 50, pattern: '^\\w+$' },
        mode: { type: 'STRING', enum: ['fast', 'slow'] },
        tags: { type: 'ARRAY', items: { type: 'STRING' }, minItems: 1, maxItems: 5 },
        n: { type: 'INTEGER', minimum: 1, maximum: 9 },
      },
      required: ['q'],
    });
  });

  it('maps type arrays and null union members to nullable; other unions to anyOf', () => {
    expect(toGeminiSchema({ type: ['string', 'null'], description: 'd' })).toEqual({
      type: 'STRING',
      nullable: true,
      description: 'd',
    });
    expect(toGeminiSchema({ anyOf: [{ type: 'integer' }, { type: 'null' }] })).toEqual({
      type: 'INTEGER',
      nullable: true,
    });
    expect(toGeminiSchema({ oneOf: [{ type: 'string' }, { type: 'number' }] })).toEqual({
      anyOf: [{ type: 'STRING' }, { type: 'NUMBER' }],
    });
    expect(toGeminiSchema({ type: ['string', 'integer', 'null'] })).toEqual({
      anyOf: [{ type: 'STRING' }, { type: 'INTEGER' }],
      nullable: true,
    });
  });

  it('keeps format only where Gemini documents it; the rest and defaults go to the description', () => {
    expect(toGeminiSchema({ type: 'string', format: 'date-time' })).toEqual({
      type: 'STRING',
      format: 'date-time',
    });
    expect(toGeminiSchema({ type: 'integer', format: 'int64' })).toEqual({
      type: 'INTEGER',
      format: 'int64',
    });
    expect(
      toGeminiSchema({ type: 'string', format: 'email', description: 'Mail', default: 'a@b.c' }),
    ).toEqual({
      type: 'STRING',
      description: 'Mail (format: email) (default: "a@b.c")',
    });
  });

  it('non-string enums move to the description; const becomes a one-value enum', () => {
    expect(toGeminiSchema({ type: 'integer', enum: [1, 2, 3] })).toEqual({
      type: 'INTEGER',
      description: '(one of: 1, 2, 3)',
    });
    expect(toGeminiSchema({ const: 'yes' })).toEqual({ type: 'STRING', enum: ['yes'] });
    expect(toGeminiSchema({ type: 'string', enum: ['a', null] })).toEqual({
      type: 'STRING',
      enum: ['a'],
      nullable: true,
    });
  });

  it('inlines local $refs, stops recursion, and merges allOf', () => {
    const schema = {
      type: 'object',
      $defs: {
        node: {
          type: 'object',
          description: 'A node',
          properties: {
            name: { type: 'string' },
            children: { type: 'array', items: { $ref: '#/$defs/node' } },
          },
        },
      },
      properties: { root: { $ref: '#/$defs/node' }, other: { $ref: 'https://example.com/remote.json' } },
    };
    expect(toGeminiSchema(schema)).toEqual({
      type: 'OBJECT',
      properties: {
        root: {
          type: 'OBJECT',
          description: 'A node',
          properties: {
            name: { type: 'STRING' },
            children: {
              type: 'ARRAY',
              items: {
                type: 'STRING',
                description: 'A node (recursive: a JSON value of the same shape, written as a string)',
              },
            },
          },
        },
        other: {},
      },
    });
    expect(
      toGeminiSchema({
        allOf: [
          { type: 'object', properties: { a: { type: 'string' } }, required: ['a'] },
          { properties: { b: { type: 'boolean' } }, required: ['b'] },
        ],
      }),
    ).toEqual({
      type: 'OBJECT',
      properties: { a: { type: 'STRING' }, b: { type: 'BOOLEAN' } },
      required: ['a', 'b'],
    });
  });

  it('gives an unconstrained array string items, and omits parameters for an object without properties', () => {
    expect(toGeminiSchema({ type: 'array' })).toEqual({ type: 'ARRAY', items: { type: 'STRING' } });
    expect(
      toGeminiParameters({ type: 'object', properties: {}, additionalProperties: false }),
    ).toBeUndefined();
    expect(toGeminiParameters({ type: 'object', properties: { a: { type: 'number' } } })).toEqual({
      type: 'OBJECT',
      properties: { a: { type: 'NUMBER' } },
    });
  });

  it('free-form objects become JSON strings; enums without a type get one from their values', () => {
    const conversion = convertGeminiSchema({
      type: 'object',
      properties: {
        extra: { type: ['object', 'null'] },
        list: { type: 'array', items: { type: 'object', additionalProperties: true } },
        flag: { enum: [true, false] },
        ratio: { enum: [0.5, 1] },
      },
    });
    expect(conversion.schema).toEqual({
      type: 'OBJECT',
      properties: {
        extra: {
          type: 'STRING',
          nullable: true,
          description: expect.stringContaining('JSON text of an object'),
        },
        list: { type: 'ARRAY', items: { type: 'STRING', description: expect.stringContaining('JSON text') } },
        flag: { type: 'BOOLEAN', description: '(one of: true, false)' },
        ratio: { type: 'NUMBER', description: '(one of: 0.5, 1)' },
      },
    });
    expect(conversion.encoded).toEqual([['extra'], ['list', null]]);
    expect(
      decodeGeminiValue({ extra: '{"a":1}', list: ['{"b":2}', 'plain'], flag: true }, conversion),
    ).toEqual({ extra: { a: 1 }, list: [{ b: 2 }, 'plain'], flag: true });
    expect(decodeGeminiValue({ extra: null }, conversion)).toEqual({ extra: null });
  });
});
