// The rows ⇄ schema logic of @toolsmith/core (tools/parameter-rows.ts), ported because the web bundle cannot
// import the core's runtime. parameter-rows.test.ts runs both on the same inputs and expects the same answers.

export type JsonSchema = Record<string, unknown>;
export const PARAMETER_TYPES = ['string', 'number', 'integer', 'boolean', 'array', 'object'] as const;
export type ParameterType = (typeof PARAMETER_TYPES)[number];
export type ParameterEnumValue = string | number | boolean;

export interface ParameterRow {
  name: string;
  type: ParameterType;
  required: boolean;
  description: string;
  enum?: ParameterEnumValue[];
  itemsType?: ParameterType;
}

export type RowsFromParametersResult =
  | { advanced: false; rows: ParameterRow[] }
  | { advanced: true; schema: JsonSchema };

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/**
 * `{}` (Marinara Engine's default) and any schema without `type` are the empty object schema, as Marinara reads
 * them (the core's normalizeParametersSchema).
 */
export function normalizeParametersSchema<T>(schema: T): T | JsonSchema {
  if (!isPlainObject(schema) || schema.type !== undefined) return schema;
  const out: JsonSchema = { type: 'object' };
  for (const [key, value] of Object.entries(schema)) define(out, key, value);
  if (out.properties === undefined) out.properties = {};
  return out;
}

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

/**
 * Reads a parameters schema back into rows, or `advanced` when the rows cannot rebuild the very same schema
 * (nested properties, `$ref`, `oneOf`, formats, defaults, ...): no field is ever dropped silently.
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

  const canonical: Record<string, unknown> = { ...schema, properties };
  if (requiredList.length === 0) delete canonical.required;
  else canonical.required = [...requiredList].sort();
  const rebuilt = parametersFromRows(rows);
  if (Array.isArray(rebuilt.required)) rebuilt.required = [...(rebuilt.required as string[])].sort();
  return deepEqual(canonical, rebuilt) ? { advanced: false, rows } : advanced();
}

export function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    return a.every((item, i) => deepEqual(item, b[i]));
  }
  if (!isPlainObject(a) || !isPlainObject(b)) return false;
  const keysA = Object.keys(a);
  const keysB = Object.keys(b);
  if (keysA.length !== keysB.length) return false;
  return keysA.every((key) => Object.hasOwn(b, key) && deepEqual(a[key], b[key]));
}
