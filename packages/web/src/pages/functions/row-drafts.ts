// What the parameter row builder edits: rows whose enum values are typed as text. Converting drafts to core
// rows reports problems instead of guessing, and a schema whose enum text would not read back identically is
// left to the JSON tab.
import {
  deepEqual,
  type JsonSchema,
  type ParameterEnumValue,
  type ParameterRow,
  type ParameterType,
  parametersFromRows,
  rowsFromParameters,
} from '@toolsmith/core/schema';

export interface RowDraft {
  key: number;
  name: string;
  type: ParameterType;
  required: boolean;
  description: string;
  /** comma-separated allowed values */
  enumText: string;
  itemsType: ParameterType | '';
}

let nextKey = 1;
export function newRowDraft(): RowDraft {
  return {
    key: nextKey++,
    name: '',
    type: 'string',
    required: false,
    description: '',
    enumText: '',
    itemsType: '',
  };
}

export const enumAllowed = (type: ParameterType) => type !== 'array' && type !== 'object';

function enumToText(values: readonly ParameterEnumValue[] | undefined): string {
  return values ? values.map(String).join(', ') : '';
}

function parseEnum(text: string, type: ParameterType): { values?: ParameterEnumValue[]; error?: string } {
  const parts = text
    .split(',')
    .map((p) => p.trim())
    .filter((p) => p !== '');
  if (parts.length === 0) return {};
  if (type === 'string') return { values: parts };
  if (type === 'boolean') {
    if (!parts.every((p) => p === 'true' || p === 'false'))
      return { error: 'Allowed values for a boolean are true and false.' };
    return { values: parts.map((p) => p === 'true') };
  }
  const numbers = parts.map(Number);
  if (
    numbers.some((n) => !Number.isFinite(n)) ||
    (type === 'integer' && numbers.some((n) => !Number.isInteger(n)))
  )
    return {
      error: `Allowed values for ${type === 'integer' ? 'an integer' : 'a number'} must be ${type === 'integer' ? 'whole numbers' : 'numbers'}, separated by commas.`,
    };
  return { values: numbers };
}

export interface DraftProblem {
  key: number;
  field: 'name' | 'enum';
  message: string;
}

/** Core rows from drafts, or the problems that stop the schema from being built. */
export function rowsFromDrafts(drafts: readonly RowDraft[]): {
  rows: ParameterRow[];
  problems: DraftProblem[];
} {
  const rows: ParameterRow[] = [];
  const problems: DraftProblem[] = [];
  const seen = new Set<string>();
  for (const draft of drafts) {
    const name = draft.name.trim();
    if (name === '') {
      if (draft.description !== '' || draft.enumText.trim() !== '' || draft.required)
        problems.push({
          key: draft.key,
          field: 'name',
          message: 'Give this parameter a name, or remove the row.',
        });
      continue;
    }
    if (seen.has(name))
      problems.push({ key: draft.key, field: 'name', message: `Parameter "${name}" is listed twice.` });
    seen.add(name);
    const row: ParameterRow = {
      name,
      type: draft.type,
      required: draft.required,
      description: draft.description,
    };
    if (enumAllowed(draft.type)) {
      const parsed = parseEnum(draft.enumText, draft.type);
      if (parsed.error) problems.push({ key: draft.key, field: 'enum', message: parsed.error });
      else if (parsed.values) row.enum = parsed.values;
    }
    if (draft.type === 'array' && draft.itemsType) row.itemsType = draft.itemsType;
    rows.push(row);
  }
  return { rows, problems };
}

export function schemaFromDrafts(drafts: readonly RowDraft[]): {
  schema?: JsonSchema;
  problems: DraftProblem[];
} {
  const { rows, problems } = rowsFromDrafts(drafts);
  return problems.length > 0 ? { problems } : { schema: parametersFromRows(rows), problems };
}

/** Drafts for a schema, or null when the rows cannot show it exactly (then it is edited as JSON). */
export function draftsFromSchema(schema: unknown): RowDraft[] | null {
  const read = rowsFromParameters(schema);
  if (read.advanced) return null;
  const drafts = read.rows.map((row) => ({
    ...newRowDraft(),
    name: row.name,
    type: row.type,
    required: row.required,
    description: row.description,
    enumText: enumToText(row.enum),
    itemsType: row.itemsType ?? ('' as const),
  }));
  // Enum values whose text does not read back the same (a comma inside a value, "1.0", a string "true" ...)
  // would change on the next save: keep such a schema in the JSON tab.
  const back = rowsFromDrafts(drafts);
  if (back.problems.length > 0) return null;
  return deepEqual(back.rows, read.rows) ? drafts : null;
}

/** Arguments to prefill the dry run with: one plausible value per property of the schema. */
export function sampleArgs(schema: unknown): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (typeof schema !== 'object' || schema === null) return out;
  const properties = (schema as { properties?: unknown }).properties;
  if (typeof properties !== 'object' || properties === null) return out;
  for (const [name, raw] of Object.entries(properties as Record<string, unknown>)) {
    Object.defineProperty(out, name, {
      value: sampleValue(raw, 0),
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return out;
}

function sampleValue(raw: unknown, depth: number): unknown {
  if (typeof raw !== 'object' || raw === null) return null;
  const s = raw as Record<string, unknown>;
  if ('default' in s) return s.default;
  if ('const' in s) return s.const;
  if (Array.isArray(s.enum) && s.enum.length > 0) return s.enum[0];
  if (Array.isArray(s.examples) && s.examples.length > 0) return s.examples[0];
  const type = Array.isArray(s.type) ? s.type[0] : s.type;
  switch (type) {
    case 'string':
      return '';
    case 'integer':
    case 'number':
      return typeof s.minimum === 'number' ? s.minimum : 0;
    case 'boolean':
      return false;
    case 'array':
      return [];
    case 'object':
      return depth < 3 ? sampleArgs(s) : {};
    default:
      return null;
  }
}
