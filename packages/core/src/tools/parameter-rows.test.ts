import { describe, expect, it } from 'vitest';
import {
  type ParameterRow,
  parametersFromRows,
  rowsFromParameters,
  validateParameterRows,
} from './parameter-rows.js';

const rows: ParameterRow[] = [
  { name: 'sides', type: 'integer', required: true, description: 'Faces per die', enum: [4, 6, 8, 20] },
  { name: 'count', type: 'integer', required: false, description: '' },
  { name: 'label', type: 'string', required: true, description: 'Shown in chat', enum: ['attack', 'save'] },
  { name: 'tags', type: 'array', required: false, description: 'Tags', itemsType: 'string' },
  { name: 'loud', type: 'boolean', required: false, description: '' },
  { name: 'meta', type: 'object', required: false, description: 'Anything' },
  { name: 'ratio', type: 'number', required: false, description: '' },
];

describe('parametersFromRows', () => {
  it('builds an object schema', () => {
    expect(parametersFromRows(rows)).toEqual({
      type: 'object',
      properties: {
        sides: { type: 'integer', description: 'Faces per die', enum: [4, 6, 8, 20] },
        count: { type: 'integer' },
        label: { type: 'string', description: 'Shown in chat', enum: ['attack', 'save'] },
        tags: { type: 'array', description: 'Tags', items: { type: 'string' } },
        loud: { type: 'boolean' },
        meta: { type: 'object', description: 'Anything' },
        ratio: { type: 'number' },
      },
      required: ['sides', 'label'],
    });
  });

  it('drops rows with an empty name and omits an empty required list', () => {
    expect(
      parametersFromRows([
        { name: '', type: 'string', required: true, description: 'x' },
        { name: '   ', type: 'string', required: true, description: 'x' },
      ]),
    ).toEqual({ type: 'object', properties: {} });
  });

  it('keeps a parameter named __proto__ as an ordinary key', () => {
    const schema = parametersFromRows([
      { name: '__proto__', type: 'string', required: true, description: '' },
    ]);
    const properties = schema.properties as Record<string, unknown>;
    expect(Object.getPrototypeOf(properties)).toBe(Object.prototype);
    expect(Object.keys(properties)).toEqual(['__proto__']);
    expect(JSON.parse(JSON.stringify(schema)).required).toEqual(['__proto__']);
  });
});

describe('rowsFromParameters', () => {
  it('round-trips rows through a schema', () => {
    expect(rowsFromParameters(parametersFromRows(rows))).toEqual({
      advanced: false,
      rows: rows.map((r) => ({ ...r })),
    });
  });

  it('round-trips a simple schema through rows, field for field', () => {
    const schema = {
      type: 'object',
      properties: {
        city: { type: 'string', description: 'City name' },
        days: { type: 'integer', enum: [1, 3, 7] },
        units: { type: 'array', items: { type: 'number' } },
      },
      required: ['days', 'city'],
    };
    const result = rowsFromParameters(schema);
    expect(result.advanced).toBe(false);
    if (result.advanced) return;
    const rebuilt = parametersFromRows(result.rows);
    expect(rebuilt.properties).toEqual(schema.properties);
    expect([...(rebuilt.required as string[])].sort()).toEqual(['city', 'days']);
  });

  it('treats a missing properties object and an empty required list as simple', () => {
    expect(rowsFromParameters({ type: 'object' })).toEqual({ advanced: false, rows: [] });
    expect(rowsFromParameters({ type: 'object', properties: {}, required: [] })).toEqual({
      advanced: false,
      rows: [],
    });
  });

  const advancedCases: Array<[string, Record<string, unknown>]> = [
    [
      'nested object properties',
      { type: 'object', properties: { a: { type: 'object', properties: { b: { type: 'string' } } } } },
    ],
    ['$ref', { type: 'object', properties: { a: { $ref: '#/$defs/x' } }, $defs: { x: { type: 'string' } } }],
    ['oneOf', { type: 'object', properties: { a: { oneOf: [{ type: 'string' }, { type: 'number' }] } } }],
    ['format', { type: 'object', properties: { a: { type: 'string', format: 'email' } } }],
    ['minimum', { type: 'object', properties: { a: { type: 'integer', minimum: 1 } } }],
    ['default', { type: 'object', properties: { a: { type: 'string', default: 'x' } } }],
    [
      'items with more than a type',
      { type: 'object', properties: { a: { type: 'array', items: { type: 'string', enum: ['x'] } } } },
    ],
    [
      'items as a tuple',
      { type: 'object', properties: { a: { type: 'array', prefixItems: [{ type: 'string' }] } } },
    ],
    ['enum of objects', { type: 'object', properties: { a: { type: 'string', enum: [{ x: 1 }] } } }],
    ['enum on an array', { type: 'object', properties: { a: { type: 'array', enum: [[1]] } } }],
    ['empty enum', { type: 'object', properties: { a: { type: 'string', enum: [] } } }],
    ['type list', { type: 'object', properties: { a: { type: ['string', 'null'] } } }],
    ['type null', { type: 'object', properties: { a: { type: 'null' } } }],
    ['no type', { type: 'object', properties: { a: { description: 'anything' } } }],
    ['empty description', { type: 'object', properties: { a: { type: 'string', description: '' } } }],
    ['additionalProperties', { type: 'object', properties: {}, additionalProperties: false }],
    ['root description', { type: 'object', description: 'x', properties: {} }],
    ['required naming an unknown property', { type: 'object', properties: {}, required: ['ghost'] }],
    ['duplicate required', { type: 'object', properties: { a: { type: 'string' } }, required: ['a', 'a'] }],
    ['name with surrounding spaces', { type: 'object', properties: { ' a': { type: 'string' } } }],
    ['root type other than object', { type: 'array' }],
  ];

  it.each(advancedCases)('flags %s as advanced and returns the schema untouched', (_label, schema) => {
    const before = JSON.stringify(schema);
    const result = rowsFromParameters(schema);
    expect(result).toEqual({ advanced: true, schema });
    if (result.advanced) expect(result.schema).toBe(schema);
    expect(JSON.stringify(schema)).toBe(before);
  });

  it('flags non-objects as advanced', () => {
    expect(rowsFromParameters(null)).toEqual({ advanced: true, schema: null });
    expect(rowsFromParameters([])).toEqual({ advanced: true, schema: [] });
  });

  it('reads a __proto__ property from parsed JSON as a row', () => {
    const schema = JSON.parse('{"type":"object","properties":{"__proto__":{"type":"string"}}}');
    expect(rowsFromParameters(schema)).toEqual({
      advanced: false,
      rows: [{ name: '__proto__', type: 'string', required: false, description: '' }],
    });
  });
});

describe('validateParameterRows', () => {
  it('reports duplicate names and ignores empty ones', () => {
    expect(
      validateParameterRows([
        { name: 'a', type: 'string', required: false, description: '' },
        { name: '', type: 'string', required: false, description: '' },
        { name: '', type: 'string', required: false, description: '' },
        { name: 'a ', type: 'number', required: false, description: '' },
      ]),
    ).toEqual([{ field: 'parameters[3].name', message: 'Parameter "a" is listed twice.' }]);
  });
});
