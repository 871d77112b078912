import * as core from '@toolsmith/core/internal';
import { describe, expect, it } from 'vitest';
import {
  normalizeParametersSchema,
  PARAMETER_TYPES,
  type ParameterRow,
  parametersFromRows,
  rowsFromParameters,
} from './parameter-rows';

const rowSets: ParameterRow[][] = [
  [],
  [
    { name: 'sides', type: 'integer', required: true, description: 'Faces per die', enum: [4, 6, 8, 20] },
    { name: 'count', type: 'integer', required: false, description: '' },
    { name: 'label', type: 'string', required: true, description: 'Shown', enum: ['attack', 'save'] },
    { name: 'tags', type: 'array', required: false, description: 'Tags', itemsType: 'string' },
    { name: 'loud', type: 'boolean', required: false, description: '', enum: [true] },
    { name: 'meta', type: 'object', required: false, description: 'Anything', enum: ['dropped'] },
    { name: '  ', type: 'number', required: true, description: 'unnamed rows are dropped' },
    { name: '__proto__', type: 'string', required: true, description: '' },
  ],
  [{ name: 'a', type: 'array', required: true, description: '' }],
];

const schemas: unknown[] = [
  { type: 'object', properties: {} },
  { type: 'object' },
  { type: 'object', properties: { city: { type: 'string' } }, required: [] },
  { type: 'object', properties: { a: { type: 'string' }, b: { type: 'number' } }, required: ['b', 'a'] },
  { type: 'object', properties: { when: { type: 'string', format: 'date' } } },
  { type: 'object', properties: { n: { type: 'integer', default: 1 } } },
  { type: 'object', properties: { o: { type: 'object', properties: { x: { type: 'string' } } } } },
  { type: 'object', properties: { u: { oneOf: [{ type: 'string' }, { type: 'number' }] } } },
  { type: 'object', properties: { e: { type: 'string', enum: [null, 'x'] } } },
  { type: 'object', properties: { l: { type: 'array', items: { type: 'string', minLength: 2 } } } },
  { type: 'object', properties: { s: { type: 'string' } }, additionalProperties: false },
  { type: 'object', properties: { s: { type: 'string' } }, required: ['missing'] },
  { type: 'string' },
  null,
  [],
];

describe('rows ⇄ schema port', () => {
  it('builds the same schema from rows as the core', () => {
    for (const rows of rowSets) {
      expect(parametersFromRows(rows)).toEqual(core.parametersFromRows(rows));
      expect(Object.keys(parametersFromRows(rows).properties as object)).toEqual(
        Object.keys(core.parametersFromRows(rows).properties as object),
      );
    }
  });

  it('reads schemas back exactly as the core does, advanced where rows cannot say it', () => {
    for (const schema of schemas) {
      expect(rowsFromParameters(schema), JSON.stringify(schema)).toEqual(core.rowsFromParameters(schema));
    }
    expect(rowsFromParameters(schemas[4]).advanced).toBe(true);
    expect(rowsFromParameters(schemas[3]).advanced).toBe(false);
  });

  it("reads {} and a schema without type as the empty object schema, as the core does (Marinara's default)", () => {
    const cases = [
      ...schemas,
      {},
      { properties: { q: { type: 'string' } }, required: ['q'] },
      { description: 'no type' },
      JSON.parse('{"__proto__": {"x": 1}}'),
    ];
    for (const schema of cases) {
      expect(normalizeParametersSchema(schema), JSON.stringify(schema)).toEqual(
        core.normalizeParametersSchema(schema),
      );
    }
    expect(normalizeParametersSchema({})).toEqual({ type: 'object', properties: {} });
    expect(normalizeParametersSchema({ type: 'string' })).toEqual({ type: 'string' });
    expect(rowsFromParameters(normalizeParametersSchema({}))).toEqual({ advanced: false, rows: [] });
  });

  it('round-trips rows through the schema', () => {
    const rows = rowSets[1].filter((r) => r.name.trim() !== '' && r.type !== 'object');
    const back = rowsFromParameters(parametersFromRows(rows));
    expect(back).toEqual({ advanced: false, rows });
  });

  it('offers the same parameter types', () => {
    expect([...PARAMETER_TYPES]).toEqual([...core.PARAMETER_TYPES]);
  });
});
