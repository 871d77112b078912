import { describe, expect, it } from 'vitest';
import {
  draftsFromSchema,
  newRowDraft,
  type RowDraft,
  rowsFromDrafts,
  sampleArgs,
  schemaFromDrafts,
} from './row-drafts';

const draft = (over: Partial<RowDraft>): RowDraft => ({ ...newRowDraft(), ...over });

describe('row drafts', () => {
  it('builds a schema with typed enum values', () => {
    const { schema, problems } = schemaFromDrafts([
      draft({ name: 'sides', type: 'integer', required: true, enumText: '4, 6,20' }),
      draft({ name: 'mood', type: 'string', enumText: 'calm,angry ' }),
      draft({ name: 'loud', type: 'boolean', enumText: 'true' }),
      draft({ name: 'tags', type: 'array', itemsType: 'string', enumText: 'ignored' }),
      draft({ name: '' }),
    ]);
    expect(problems).toEqual([]);
    expect(schema).toEqual({
      type: 'object',
      properties: {
        sides: { type: 'integer', enum: [4, 6, 20] },
        mood: { type: 'string', enum: ['calm', 'angry'] },
        loud: { type: 'boolean', enum: [true] },
        tags: { type: 'array', items: { type: 'string' } },
      },
      required: ['sides'],
    });
  });

  it('reports problems instead of dropping what the user typed', () => {
    const a = draft({ name: '', description: 'orphan' });
    const b = draft({ name: 'n', type: 'integer', enumText: '1, 2.5' });
    const c = draft({ name: 'n' });
    const d = draft({ name: 'flag', type: 'boolean', enumText: 'yes' });
    const { problems } = rowsFromDrafts([a, b, c, d]);
    expect(problems.map((p) => [p.key, p.field])).toEqual([
      [a.key, 'name'],
      [b.key, 'enum'],
      [c.key, 'name'],
      [d.key, 'enum'],
    ]);
    expect(schemaFromDrafts([a]).schema).toBeUndefined();
  });

  it('opens simple schemas as rows and round-trips them', () => {
    const schema = {
      type: 'object',
      properties: {
        city: { type: 'string', description: 'City', enum: ['Oslo', 'Rome'] },
        n: { type: 'number' },
      },
      required: ['city'],
    };
    const drafts = draftsFromSchema(schema);
    expect(drafts?.map((d) => [d.name, d.enumText, d.required])).toEqual([
      ['city', 'Oslo, Rome', true],
      ['n', '', false],
    ]);
    expect(schemaFromDrafts(drafts!).schema).toEqual(schema);
  });

  it('keeps schemas the rows cannot show exactly in the JSON tab', () => {
    expect(
      draftsFromSchema({ type: 'object', properties: { d: { type: 'string', format: 'date' } } }),
    ).toBeNull();
    expect(
      draftsFromSchema({ type: 'object', properties: { s: { type: 'string', enum: ['a,b', 'c'] } } }),
    ).toBeNull();
    expect(
      draftsFromSchema({ type: 'object', properties: { s: { type: 'string', enum: ['true'] } } }),
    ).not.toBeNull();
    expect(
      draftsFromSchema({ type: 'object', properties: { s: { type: 'string', enum: [' padded'] } } }),
    ).toBeNull();
    expect(
      draftsFromSchema({ type: 'object', properties: { s: { type: 'integer', enum: [1, 'x'] } } }),
    ).toBeNull();
  });

  it('prefills dry-run arguments from the schema', () => {
    expect(
      sampleArgs({
        type: 'object',
        properties: {
          sides: { type: 'integer', enum: [6, 20] },
          name: { type: 'string' },
          count: { type: 'integer', minimum: 1 },
          loud: { type: 'boolean', default: true },
          tags: { type: 'array' },
          where: { type: 'object', properties: { x: { type: 'number' } } },
          any: {},
        },
      }),
    ).toEqual({ sides: 6, name: '', count: 1, loud: true, tags: [], where: { x: 0 }, any: null });
    expect(sampleArgs({ type: 'object' })).toEqual({});
  });
});
