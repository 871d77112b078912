import { deepEqual, isPlainObject } from './plain-schema.js';
import type { FieldError, JsonSchema } from './types.js';

export const PARAMETER_TYPES = ['string', 'number', 'integer', 'boolean', 'array', 'object'] as const;
export type ParameterType = (typeof PARAMETER_TYPES)[number];
export type ParameterEnumValue = string | number | boolean;

/** One line of the tool editor's simple parameter table. */
export interface ParameterRow {
  name: string;
  type: ParameterType;
  required: boolean;
  description: string;
  /** allowed values (string, number, integer and boolean parameters) */
  enum?: ParameterEnumValue[];
  /** element type of an array parameter */
  itemsType?: ParameterType;
}

export type RowsFromParametersResult =
  | { advanced: false; rows: ParameterRow[] }
  | { advanced: true; schema: JsonSchema };

function define(target: Record<string, unknown>, key: string, value: unknown): void {
  // defineProperty, not assignment: a parameter named "__proto__" must stay an ordinary key.
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

/** Builds the parameters schema for a set of rows. Rows with an empty name are dropped. */
export function parametersFromRows(rows: readonly ParameterRow[]): JsonSchema {
  const properties: Record<string, unknown> = {};
  const required: string[] = [];
  for (const row of rows) {
    const name = row.name.trim();
    if (name === '') continue;
    const property: Record<string, unknown> = { type: row.type };
    if (row.description !== '') property.description = row.description;
    if (row.enum && row.enum.length > 0 && row.type !== 'array' && row.type !== 'object')
      property.enum = [...row.enum];
    if (row.type === 'array' && row.itemsType) property.items = { type: row.itemsType };
    define(properties, name, property);
    if (row.required && !required.includes(name)) required.push(name);
  }
  const schema: JsonSchema = { type: 'object', properties };
  if (required.length > 0) schema.required = required;
  return schema;
}

/** Problems the editor should show before building a schema from rows (field `parameters[i].name`). */
export function validateParameterRows(rows: readonly ParameterRow[]): FieldError[] {
  const errors: FieldError[] = [];
  const seen = new Set<string>();
  rows.forEach((row, i) => {
    const name = row.name.trim();
    if (name === '') return;
    if (seen.has(name))
      errors.push({ field: `parameters[${i}].name`, message: `Parameter "${name}" is listed twice.` });
    seen.add(name);
  });
  return errors;
}

/**
 * Reads a parameters schema back into rows. Anything the rows cannot express exactly (nested properties,
 * `$ref`, `oneOf`, formats, `additionalProperties`, defaults, ...) comes back as `advanced` with the schema
 * untouched: the check is that the rows rebuild the very same schema, so no field can be lost silently.
 */
export function rowsFromParameters(schema: unknown): RowsFromParametersResult {
  const advanced = (): RowsFromParametersResult => ({ advanced: true, schema: schema as JsonSchema });
  if (!isPlainObject(schema) || schema.type !== 'object') return advanced();
  const properties = schema.properties === undefined ? {} : schema.properties;
  if (!isPlainObject(properties)) return advanced();
  const requiredList = schema.required === undefined ? [] : schema.required;
  if (!Array.isArray(requiredList) || !requiredList.every((r) => typeof r === 'string')) return advanced();

  const rows: ParameterRow[] = [];
  for (const name of Object.keys(properties)) {
    const property = properties[name];
    if (!isPlainObject(property)) return advanced();
    const type = property.type;
    if (typeof type !== 'string' || !(PARAMETER_TYPES as readonly string[]).includes(type)) return advanced();
    const row: ParameterRow = {
      name,
      type: type as ParameterType,
      required: requiredList.includes(name),
      description: typeof property.description === 'string' ? property.description : '',
    };
    if (Array.isArray(property.enum)) {
      if (!property.enum.every((v) => ['string', 'number', 'boolean'].includes(typeof v))) return advanced();
      row.enum = property.enum as ParameterEnumValue[];
    }
    if (isPlainObject(property.items) && typeof property.items.type === 'string') {
      row.itemsType = property.items.type as ParameterType;
    }
    rows.push(row);
  }

  // Equivalent spellings the rows may normalise: no `properties`, an empty `required`, `required` order.
  const canonical: Record<string, unknown> = { ...schema, properties };
  if (requiredList.length === 0) delete canonical.required;
  else canonical.required = [...requiredList].sort();
  const rebuilt = parametersFromRows(rows);
  if (Array.isArray(rebuilt.required)) rebuilt.required = [...(rebuilt.required as string[])].sort();
  return deepEqual(canonical, rebuilt) ? { advanced: false, rows } : advanced();
}
