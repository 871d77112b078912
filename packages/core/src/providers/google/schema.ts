import type { JsonSchema } from '../../tools/types.js';

/**
 * The subset of OpenAPI 3.0 that Gemini's `Schema` accepts (function parameters and `responseSchema`):
 * type, format, title, description, nullable, enum, items, min/maxItems, properties, required,
 * min/maxProperties, min/maxLength, pattern, minimum, maximum, anyOf.
 */
export interface GeminiSchema {
  type?: 'STRING' | 'NUMBER' | 'INTEGER' | 'BOOLEAN' | 'ARRAY' | 'OBJECT';
  format?: string;
  title?: string;
  description?: string;
  nullable?: boolean;
  enum?: string[];
  items?: GeminiSchema;
  minItems?: number;
  maxItems?: number;
  properties?: Record<string, GeminiSchema>;
  required?: string[];
  minProperties?: number;
  maxProperties?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  anyOf?: GeminiSchema[];
}

type Schema = Record<string, unknown>;

const TYPES: Record<string, GeminiSchema['type']> = {
  string: 'STRING',
  number: 'NUMBER',
  integer: 'INTEGER',
  boolean: 'BOOLEAN',
  array: 'ARRAY',
  object: 'OBJECT',
};

/** Formats Gemini documents per type; others are moved into the description so the model still sees them. */
const FORMATS: Record<string, string[]> = {
  STRING: ['enum', 'date-time'],
  NUMBER: ['float', 'double'],
  INTEGER: ['int32', 'int64'],
};

const NUMERIC_KEYS = [
  'minItems',
  'maxItems',
  'minProperties',
  'maxProperties',
  'minLength',
  'maxLength',
  'minimum',
  'maximum',
] as const;

function isSchema(value: unknown): value is Schema {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function note(description: string | undefined, extra: string): string {
  return description ? `${description} (${extra})` : `(${extra})`;
}

/** Resolves a local `#/$defs/...` or `#/definitions/...` pointer; anything else cannot be inlined. */
function resolveRef(ref: string, root: Schema): Schema | undefined {
  if (!ref.startsWith('#/')) return undefined;
  let node: unknown = root;
  for (const raw of ref.slice(2).split('/')) {
    const key = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
    if (!isSchema(node) || !Object.hasOwn(node, key)) return undefined;
    node = node[key];
  }
  return isSchema(node) ? node : undefined;
}

/** Merges `allOf` members of object schemas into one schema (the common "extends" use). */
function mergeAllOf(schema: Schema): Schema {
  const parts = (schema.allOf as unknown[]).filter(isSchema);
  const merged: Schema = { ...schema };
  delete merged.allOf;
  const properties: Schema = { ...(isSchema(schema.properties) ? schema.properties : {}) };
  const required = new Set<string>(Array.isArray(schema.required) ? (schema.required as string[]) : []);
  for (const part of parts) {
    for (const [key, value] of Object.entries(part)) {
      if (key === 'properties' && isSchema(value)) Object.assign(properties, value);
      else if (key === 'required' && Array.isArray(value)) for (const r of value) required.add(String(r));
      else if (!(key in merged)) merged[key] = value;
    }
  }
  if (Object.keys(properties).length) merged.properties = properties;
  if (required.size) merged.required = [...required];
  return merged;
}

class Converter {
  private readonly resolving = new Set<string>();

  constructor(private readonly root: Schema) {}

  convert(input: unknown): GeminiSchema {
    if (!isSchema(input)) return {};
    let schema = input;

    if (typeof schema.$ref === 'string') {
      const ref = schema.$ref;
      const target = resolveRef(ref, this.root);
      const { $ref: _ref, ...siblings } = schema;
      if (!target) return this.convert(siblings);
      if (this.resolving.has(ref)) {
        // A recursive reference: keep the type and description, stop the recursion there.
        const type = typeof target.type === 'string' ? TYPES[target.type] : undefined;
        return {
          type: type ?? 'OBJECT',
          description: note(target.description as string | undefined, 'recursive'),
        };
      }
      this.resolving.add(ref);
      try {
        return this.convert({ ...target, ...siblings });
      } finally {
        this.resolving.delete(ref);
      }
    }
    if (Array.isArray(schema.allOf)) schema = mergeAllOf(schema);

    const union = (
      Array.isArray(schema.anyOf) ? schema.anyOf : Array.isArray(schema.oneOf) ? schema.oneOf : []
    ).filter(isSchema);
    if (union.length) return this.convertUnion(schema, union);

    const out: GeminiSchema = {};
    let nullable = schema.nullable === true;
    let type: GeminiSchema['type'];
    if (Array.isArray(schema.type)) {
      const types = schema.type.filter((t) => t !== 'null');
      nullable ||= types.length < schema.type.length;
      if (types.length > 1) {
        // Several types: an anyOf of the same schema restricted to each type.
        const { type: _t, ...rest } = schema;
        const result: GeminiSchema = { anyOf: types.map((t) => this.convert({ ...rest, type: t })) };
        if (nullable) result.nullable = true;
        if (typeof schema.description === 'string') result.description = schema.description;
        return result;
      }
      type = TYPES[String(types[0])];
    } else if (typeof schema.type === 'string') {
      if (schema.type === 'null') nullable = true;
      type = TYPES[schema.type];
    }
    if (!type && isSchema(schema.properties)) type = 'OBJECT';
    if (!type && schema.items !== undefined) type = 'ARRAY';
    if (type) out.type = type;

    let description = typeof schema.description === 'string' ? schema.description : undefined;
    if (typeof schema.title === 'string') out.title = schema.title;

    let values: unknown[] | undefined = Array.isArray(schema.enum) ? schema.enum : undefined;
    if (schema.const !== undefined) values = [schema.const];
    if (values) {
      if (values.includes(null)) nullable = true;
      const present = values.filter((v) => v !== null);
      if (!type && present.every((v) => typeof v === 'string')) out.type = type = 'STRING';
      if (type === 'STRING' && present.every((v) => typeof v === 'string')) out.enum = present as string[];
      else if (present.length)
        description = note(description, `one of: ${present.map((v) => JSON.stringify(v)).join(', ')}`);
    }

    if (typeof schema.format === 'string') {
      if (type && FORMATS[type]?.includes(schema.format)) out.format = schema.format;
      else description = note(description, `format: ${schema.format}`);
    }
    if (schema.default !== undefined)
      description = note(description, `default: ${JSON.stringify(schema.default)}`);
    if (description !== undefined) out.description = description;
    if (nullable) out.nullable = true;
    if (typeof schema.pattern === 'string') out.pattern = schema.pattern;
    for (const key of NUMERIC_KEYS) if (typeof schema[key] === 'number') out[key] = schema[key] as number;

    if (type === 'ARRAY') {
      const items = Array.isArray(schema.items) ? schema.items[0] : (schema.items ?? schema.prefixItems);
      const first = Array.isArray(items) ? items[0] : items;
      // Gemini refuses an ARRAY without items; an unconstrained array is sent as an array of strings.
      out.items = isSchema(first) && Object.keys(first).length ? this.convert(first) : { type: 'STRING' };
    }
    if (type === 'OBJECT' && isSchema(schema.properties)) {
      const properties: Record<string, GeminiSchema> = {};
      for (const [key, value] of Object.entries(schema.properties)) properties[key] = this.convert(value);
      if (Object.keys(properties).length) out.properties = properties;
      if (Array.isArray(schema.required)) {
        const required = schema.required.filter((r): r is string => typeof r === 'string' && r in properties);
        if (required.length) out.required = required;
      }
    }
    return out;
  }

  private convertUnion(schema: Schema, members: Schema[]): GeminiSchema {
    const { anyOf: _a, oneOf: _o, ...rest } = schema;
    const isNull = (m: Schema) =>
      m.type === 'null' || (Array.isArray(m.enum) && m.enum.length === 1 && m.enum[0] === null);
    const nonNull = members.filter((m) => !isNull(m));
    const nullable = nonNull.length < members.length;
    let result: GeminiSchema;
    if (nonNull.length === 1) {
      // `anyOf: [X, {type: null}]` is how JSON Schema spells an optional value: X with nullable.
      result = this.convert({ ...rest, ...nonNull[0] });
    } else {
      result = { anyOf: nonNull.map((m) => this.convert(m)) };
      const description = typeof rest.description === 'string' ? rest.description : undefined;
      if (description) result.description = description;
    }
    if (nullable) result.nullable = true;
    return result;
  }
}

/**
 * Converts a JSON Schema into the schema Gemini accepts: drops `additionalProperties`, `$schema`, `$id`,
 * `$defs` and other keywords Gemini rejects, inlines local `$ref`s (recursion stops with a described object),
 * maps `type` arrays and `null` members of unions to `nullable`, keeps descriptions, enums, items, properties
 * and required, keeps `format` only where Gemini documents it, and moves what it cannot express (other
 * formats, non-string enums, defaults) into the description.
 */
export function toGeminiSchema(schema: JsonSchema): GeminiSchema {
  return new Converter(schema).convert(schema);
}

/** Function parameters: an object without properties is sent as no `parameters` at all (Gemini refuses it). */
export function toGeminiParameters(schema: JsonSchema): GeminiSchema | undefined {
  const converted = toGeminiSchema(schema);
  if (converted.type === 'OBJECT' && !converted.properties) return undefined;
  return converted;
}
