import { describe, expect, it } from 'vitest';
import type { Tool } from '../../api/types';
import { newRowDraft } from './row-drafts';
import {
  changedFields,
  formFromTool,
  formParameters,
  inputFromForm,
  isDirty,
  parameterCount,
  switchParamsTab,
} from './tool-form';

const tool = (over: Partial<Tool> = {}): Tool => ({
  id: 't_1',
  name: 'store_hours',
  displayName: 'Store hours',
  description: 'Opening hours',
  parameters: {
    type: 'object',
    properties: { day: { type: 'string', enum: ['mon', 'tue'] } },
    required: ['day'],
  },
  mode: 'read',
  kind: 'static',
  body: '',
  simulateBody: '',
  staticResult: 'Open 9–5',
  webhookUrl: '',
  includeHiddenContext: false,
  enabled: true,
  order: 0,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  ...over,
});

describe('tool form', () => {
  it("takes {} in the JSON tab as the empty object schema and can switch to rows (Marinara's default)", () => {
    const form = { ...formFromTool(tool()), paramsTab: 'json' as const, schemaText: '{}' };
    expect(formParameters(form)).toEqual({ ok: true, schema: { type: 'object', properties: {} } });
    const switched = switchParamsTab(form, 'rows');
    expect('form' in switched && switched.form.rows).toEqual([]);
    expect(formFromTool(tool({ parameters: {} })).paramsTab).toBe('rows');
  });

  it('opens a simple tool in the rows tab and sends the same fields back', () => {
    const form = formFromTool(tool());
    expect(form.paramsTab).toBe('rows');
    expect(form.rows.map((r) => r.name)).toEqual(['day']);
    const built = inputFromForm(form);
    expect('input' in built && built.input.parameters).toEqual(tool().parameters);
    expect(isDirty(form, formFromTool(tool()))).toBe(false);
  });

  it('opens an advanced schema in the JSON tab and refuses to switch to rows', () => {
    const parameters = { type: 'object', properties: { when: { type: 'string', format: 'date-time' } } };
    const form = formFromTool(tool({ parameters }));
    expect(form.paramsTab).toBe('json');
    const switched = switchParamsTab(form, 'rows');
    expect('error' in switched && switched.error).toMatch(/stays in the JSON tab/);
    expect(formParameters(form)).toEqual({ ok: true, schema: parameters });
  });

  it('switches rows → JSON → rows without losing anything', () => {
    const form = formFromTool(tool());
    const rows = [
      ...form.rows,
      { ...newRowDraft(), name: 'hour', type: 'integer' as const, enumText: '9, 17' },
    ];
    const toJson = switchParamsTab({ ...form, rows }, 'json');
    if (!('form' in toJson)) throw new Error(toJson.error);
    expect(JSON.parse(toJson.form.schemaText).properties.hour).toEqual({ type: 'integer', enum: [9, 17] });
    const back = switchParamsTab(toJson.form, 'rows');
    if (!('form' in back)) throw new Error(back.error);
    expect(back.form.rows.map((r) => [r.name, r.type, r.enumText, r.required])).toEqual([
      ['day', 'string', 'mon, tue', true],
      ['hour', 'integer', '9, 17', false],
    ]);
  });

  it('will not leave a tab whose content cannot be built', () => {
    const form = { ...formFromTool(tool()), paramsTab: 'json' as const, schemaText: '{ nope' };
    const result = switchParamsTab(form, 'rows');
    expect('error' in result && result.error).toMatch(/not valid JSON/);
    expect(isDirty(form, formFromTool(tool()))).toBe(true);
    const rowsForm = { ...formFromTool(tool()), rows: [{ ...newRowDraft(), description: 'no name' }] };
    expect('error' in switchParamsTab(rowsForm, 'json')).toBe(true);
    expect('problem' in inputFromForm(rowsForm)).toBe(true);
  });

  it('notices edits and sends only what changed', () => {
    const baseline = formFromTool(tool());
    const edited = { ...baseline, description: 'When the shop is open' };
    expect(isDirty(edited, baseline)).toBe(true);
    const built = inputFromForm(edited);
    if (!('input' in built)) throw new Error('not built');
    expect(changedFields(built.input, baseline)).toEqual({ description: 'When the shop is open' });
    // Reformatting the JSON tab alone is no change.
    const json = switchParamsTab(baseline, 'json');
    if (!('form' in json)) throw new Error(json.error);
    expect(isDirty({ ...json.form, schemaText: JSON.stringify(tool().parameters) }, baseline)).toBe(false);
  });

  it('counts parameters', () => {
    expect(parameterCount(tool().parameters)).toBe(1);
    expect(parameterCount({ type: 'object' })).toBe(0);
    expect(parameterCount(null)).toBe(0);
  });
});
