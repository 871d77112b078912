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

/** A step into a value: a property name, or `null` for every item of an array. */
export type GeminiPathStep = string | null;

/** The longest JSON Schema text put into a description to show the model an encoded value's shape. */
const SHAPE_LIMIT = 400;

/**
 * The description of a free-form object sent as a string: what to write, and the original schema when it is
 * short enough to help (a map's value schema, pattern properties, a recursive node).
 */
function encodedDescription(schema: Schema, description: string | undefined): string {
  const { description: _d, title: _t, $defs: _defs, definitions: _defs2, ...shape } = schema;
  const text = JSON.stringify(shape);
  const hint =
    text.length <= SHAPE_LIMIT && text !== '{"type":"object"}' ? ` matching the JSON Schema ${text}` : '';
  return note(description, `a string holding the JSON text of an object, e.g. {"key": "value"}${hint}`);
}

/** An object schema Gemini cannot express: no properties (a map, a bare object, pattern properties). */
function isFreeFormObject(schema: Schema, type: GeminiSchema['type']): boolean {
  if (type !== 'OBJECT') return false;
  return !isSchema(schema.properties) || Object.keys(schema.properties).length === 0;
}

class Converter {
  private readonly resolving = new Set<string>();
  /** where the converted schema holds a free-form object as a JSON string (decoded back in the answer) */
  readonly encoded: GeminiPathStep[][] = [];

  constructor(private readonly root: Schema) {}

  convert(input: unknown, path: GeminiPathStep[] = []): GeminiSchema {
    if (!isSchema(input)) return {};
    let schema = input;

    if (typeof schema.$ref === 'string') {
      const ref = schema.$ref;
      const target = resolveRef(ref, this.root);
      const { $ref: _ref, ...siblings } = schema;
      if (!target) return this.convert(siblings, path);
      if (this.resolving.has(ref)) {
        // A recursive reference: Gemini schemas cannot refer back, so the nested value travels as JSON text.
        this.encoded.push(path);
        return {
          type: 'STRING',
          description: note(
            target.description as string | undefined,
            'recursive: a JSON value of the same shape, written as a string',
          ),
        };
      }
      this.resolving.add(ref);
      try {
        return this.convert({ ...target, ...siblings }, path);
      } finally {
        this.resolving.delete(ref);
      }
    }
    if (Array.isArray(schema.allOf)) schema = mergeAllOf(schema);

    const union = (
      Array.isArray(schema.anyOf) ? schema.anyOf : Array.isArray(schema.oneOf) ? schema.oneOf : []
    ).filter(isSchema);
    if (union.length) return this.convertUnion(schema, union, path);

    const out: GeminiSchema = {};
    let nullable = schema.nullable === true;
    let type: GeminiSchema['type'];
    if (Array.isArray(schema.type)) {
      const types = schema.type.filter((t) => t !== 'null');
      nullable ||= types.length < schema.type.length;
      if (types.length > 1) {
        // Several types: an anyOf of the same schema restricted to each type.
        const { type: _t, ...rest } = schema;
        const result: GeminiSchema = { anyOf: types.map((t) => this.convert({ ...rest, type: t }, path)) };
        if (nullable) result.nullable = true;
        if (typeof schema.description === 'string') result.description = schema.description;
        return result;
      }
      type = TYPES[String(types[0])];
    } else if (typeof schema.type === 'string') {
      if (schema.type === 'null') nullable = true;
      type = TYPES[schema.type];
    }
    if (!type && (isSchema(schema.properties) || schema.patternProperties !== undefined)) type = 'OBJECT';
    if (!type && isSchema(schema.additionalProperties)) type = 'OBJECT';
    if (!type && schema.items !== undefined) type = 'ARRAY';

    let description = typeof schema.description === 'string' ? schema.description : undefined;
    if (isFreeFormObject(schema, type)) {
      // Gemini refuses an OBJECT without properties: the value travels as JSON text and is decoded back.
      this.encoded.push(path);
      const encoded: GeminiSchema = { type: 'STRING', description: encodedDescription(schema, description) };
      if (typeof schema.title === 'string') encoded.title = schema.title;
      if (nullable) encoded.nullable = true;
      return encoded;
    }
    if (type) out.type = type;

    if (typeof schema.title === 'string') out.title = schema.title;

    let values: unknown[] | undefined = Array.isArray(schema.enum) ? schema.enum : undefined;
    if (schema.const !== undefined) values = [schema.const];
    if (values) {
      if (values.includes(null)) nullable = true;
      const present = values.filter((v) => v !== null);
      if (!type && present.length) {
        // An enum without a type keeps one: Gemini needs it, and the values say what it is.
        if (present.every((v) => typeof v === 'string')) type = 'STRING';
        else if (present.every((v) => Number.isInteger(v))) type = 'INTEGER';
        else if (present.every((v) => typeof v === 'number')) type = 'NUMBER';
        else if (present.every((v) => typeof v === 'boolean')) type = 'BOOLEAN';
        if (type) out.type = type;
      }
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
      out.items =
        isSchema(first) && Object.keys(first).length
          ? this.convert(first, [...path, null])
          : { type: 'STRING' };
    }
    if (type === 'OBJECT' && isSchema(schema.properties)) {
      const properties: Record<string, GeminiSchema> = {};
      for (const [key, value] of Object.entries(schema.properties))
        properties[key] = this.convert(value, [...path, key]);
      if (Object.keys(properties).length) out.properties = properties;
      if (Array.isArray(schema.required)) {
        const required = schema.required.filter((r): r is string => typeof r === 'string' && r in properties);
        if (required.length) out.required = required;
      }
    }
    return out;
  }

  private convertUnion(schema: Schema, members: Schema[], path: GeminiPathStep[]): GeminiSchema {
    const { anyOf: _a, oneOf: _o, ...rest } = schema;
    const isNull = (m: Schema) =>
      m.type === 'null' || (Array.isArray(m.enum) && m.enum.length === 1 && m.enum[0] === null);
    const nonNull = members.filter((m) => !isNull(m));
    const nullable = nonNull.length < members.length;
    let result: GeminiSchema;
    if (nonNull.length === 1) {
      // `anyOf: [X, {type: null}]` is how JSON Schema spells an optional value: X with nullable.
      result = this.convert({ ...rest, ...nonNull[0] }, path);
    } else {
      result = { anyOf: nonNull.map((m) => this.convert(m, path)) };
      const description = typeof rest.description === 'string' ? rest.description : undefined;
      if (description) result.description = description;
    }
    if (nullable) result.nullable = true;
    return result;
  }
}

/** A converted schema and where it holds free-form objects as JSON text, to decode the answer with. */
export interface GeminiSchemaConversion {
  schema: GeminiSchema | undefined;
  /** paths of values sent as JSON strings (decoded back by `decodeGeminiValue`) */
  encoded: GeminiPathStep[][];
  /** the whole arguments object travels in one string property, `json` (a root that is a map) */
  wrapped: boolean;
}

/** The property that carries a root map's JSON text. */
export const GEMINI_WRAPPED_PROPERTY = 'json';

/**
 * Converts a JSON Schema into the schema Gemini accepts: drops `additionalProperties`, `$schema`, `$id`,
 * `$defs` and other keywords Gemini rejects, inlines local `$ref`s, maps `type` arrays and `null` members of
 * unions to `nullable`, keeps descriptions, enums, items, properties and required, keeps `format` only where
 * Gemini documents it, and moves what it cannot express (other formats, non-string enums, defaults) into the
 * description. Free-form objects — maps (`additionalProperties` / `patternProperties`), bare `{type:"object"}`,
 * recursive references — become strings holding JSON, described as such; `encoded` lists where, so the answer
 * can be decoded back (docs/providers.md, "Gemini schemas").
 */
export function convertGeminiSchema(schema: JsonSchema): GeminiSchemaConversion {
  const converter = new Converter(schema);
  return { schema: converter.convert(schema), encoded: converter.encoded, wrapped: false };
}

export function toGeminiSchema(schema: JsonSchema): GeminiSchema {
  return convertGeminiSchema(schema).schema ?? {};
}

/**
 * Function parameters. An object without properties is sent as no `parameters` at all (Gemini refuses it, and a
 * tool without arguments needs none); a root that is a map (`additionalProperties` schema or
 * `patternProperties`) gets one required string property, `json`, holding the whole arguments object.
 */
export function convertGeminiParameters(schema: JsonSchema): GeminiSchemaConversion {
  const s = schema as Schema;
  const hasProperties = isSchema(s.properties) && Object.keys(s.properties).length > 0;
  if (!hasProperties && (isSchema(s.additionalProperties) || isSchema(s.patternProperties))) {
    return {
      schema: {
        type: 'OBJECT',
        properties: {
          [GEMINI_WRAPPED_PROPERTY]: { type: 'STRING', description: encodedDescription(s, 'All arguments') },
        },
        required: [GEMINI_WRAPPED_PROPERTY],
      },
      encoded: [],
      wrapped: true,
    };
  }
  const conversion = convertGeminiSchema(schema);
  // The root itself never travels as text: a root object without properties means "no arguments".
  const rootEncoded = conversion.encoded.some((path) => path.length === 0);
  if (rootEncoded || (conversion.schema?.type === 'OBJECT' && !conversion.schema.properties)) {
    return { schema: undefined, encoded: [], wrapped: false };
  }
  return conversion;
}

export function toGeminiParameters(schema: JsonSchema): GeminiSchema | undefined {
  return convertGeminiParameters(schema).schema;
}

/** JSON text that holds an object or array, parsed; anything else stays as it was. */
function parseEncoded(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  try {
    const parsed: unknown = JSON.parse(value);
    return typeof parsed === 'object' && parsed !== null ? parsed : value;
  } catch {
    return value;
  }
}

function decodeAt(value: unknown, path: GeminiPathStep[], depth: number): unknown {
  if (depth === path.length) return parseEncoded(value);
  const step = path[depth];
  if (step === null) {
    if (!Array.isArray(value)) return value;
    return value.map((item) => decodeAt(item, path, depth + 1));
  }
  if (!isSchema(value) || !Object.hasOwn(value, step)) return value;
  return { ...value, [step]: decodeAt(value[step], path, depth + 1) };
}

/** Decodes what Gemini answered for a converted schema: JSON strings back into the objects they hold. */
export function decodeGeminiValue(value: unknown, conversion: GeminiSchemaConversion): unknown {
  if (conversion.wrapped) {
    if (!isSchema(value)) return value;
    const inner = parseEncoded(value[GEMINI_WRAPPED_PROPERTY]);
    return isSchema(inner) ? inner : value;
  }
  let out = value;
  for (const path of conversion.encoded) out = decodeAt(out, path, 0);
  return out;
}

/** True when decoding can change anything. */
export function needsGeminiDecoding(conversion: GeminiSchemaConversion): boolean {
  return conversion.wrapped || conversion.encoded.length > 0;
}
