// Fastify validates requests against the route schemas (@toolsmith/core/api-schema) with Ajv; this turns Ajv's
// errors into the API's 400: `{ error, details: [{ field, message }] }`, one row per field, naming the field and
// the fix, in the same words the hand-written checks used.

import type { FieldError } from '@toolsmith/core';
import type { FastifySchemaValidationError } from 'fastify';
import { validationError } from './http-error.js';

/** Ajv options for route schemas: no coercion, no silent removal, no defaults, every problem reported. */
export const ROUTE_AJV_OPTIONS = {
  customOptions: {
    coerceTypes: false,
    removeAdditional: false,
    useDefaults: false,
    // bodies are size-limited, so listing every problem stays cheap
    allErrors: true,
    // errors carry their schemas, where the API's messages live
    verbose: true,
    keywords: ['x-message', 'x-missing', 'x-unknown-alone', 'x-unknown-message', 'x-whole'],
  },
};

type Schema = Record<string, unknown>;
type AjvError = FastifySchemaValidationError & { parentSchema?: Schema; data?: unknown };

const isSchema = (v: unknown): v is Schema => typeof v === 'object' && v !== null && !Array.isArray(v);

/** `/entries/0/keys` → `entries[0].keys` (the project's field paths: a list's items by their index). */
function fieldOf(instancePath: string): string {
  let field = '';
  for (const raw of instancePath.split('/').slice(1)) {
    const part = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    field += /^(0|[1-9][0-9]*)$/.test(part) ? `[${part}]` : field === '' ? part : `.${part}`;
  }
  return field;
}

/** A field under `parent` (`entries[0]` + `keys`). */
const childField = (parent: string, key: string) => (parent === '' ? key : `${parent}.${key}`);

/** An annotation's text with `{field}` as the field's path (`x-message: '{field} must be …'`). */
const withField = (text: string, field: string) => text.replaceAll('{field}', field);

const quoteList = (values: unknown[]) => values.map((v) => JSON.stringify(v)).join(', ');

/** A message worded from the schema, where it carries no `x-message`. */
function describe(label: string, schema: Schema | undefined, fallback: string): string {
  if (!schema) return `${label} ${fallback}.`;
  if (typeof schema['x-message'] === 'string') return withField(schema['x-message'], label);
  if (label === '' && schema.type === 'object') return 'The request body must be a JSON object.';
  const branches = Array.isArray(schema.anyOf) ? (schema.anyOf as Schema[]) : [schema];
  const nullable = branches.some((b) => b.type === 'null');
  const main = branches.find((b) => b.type !== 'null') ?? schema;
  const orNull = nullable ? ', or null' : '';
  if (Array.isArray(main.enum)) return `${label} must be one of ${quoteList(main.enum)}${orNull}.`;
  if (
    branches.every((b) => b.const !== undefined || b.type === 'null') &&
    branches.some((b) => b.const !== undefined)
  ) {
    return `${label} must be one of ${quoteList(branches.filter((b) => b.const !== undefined).map((b) => b.const))}${orNull}.`;
  }
  switch (main.type) {
    case 'string': {
      const min = typeof main.minLength === 'number' ? main.minLength : 0;
      const max = typeof main.maxLength === 'number' ? main.maxLength : undefined;
      if (max === undefined) return `${label} must be text${orNull}.`;
      return min > 0
        ? `${label} must be text of ${min}–${max} characters${orNull}.`
        : `${label} must be text of at most ${max} characters${orNull}.`;
    }
    case 'boolean':
      return `${label} must be true or false${orNull}.`;
    case 'number':
    case 'integer': {
      const kind = main.type === 'integer' ? 'a whole number' : 'a number';
      const range =
        typeof main.minimum === 'number' && typeof main.maximum === 'number'
          ? ` from ${main.minimum} to ${main.maximum}`
          : '';
      return `${label} must be ${kind}${range}${orNull}.`;
    }
    case 'array': {
      const max = typeof main.maxItems === 'number' ? `at most ${main.maxItems} ` : '';
      return `${label} must be a list of ${max}items${orNull}.`;
    }
    case 'object':
      return `${label} must be a JSON object${orNull}.`;
    default:
      return `${label} ${fallback}.`;
  }
}

/** The schema of a property of an object schema, looking through `anyOf` branches. */
function propertySchema(objectSchema: Schema | undefined, key: string): Schema | undefined {
  if (!objectSchema) return undefined;
  const properties = objectSchema.properties;
  if (isSchema(properties) && isSchema(properties[key])) return properties[key];
  return undefined;
}

/** The names a client may write: the object's properties, less the read-only ones. */
function knownFields(objectSchema: Schema | undefined): string[] {
  const properties = isSchema(objectSchema?.properties) ? objectSchema.properties : {};
  return Object.entries(properties)
    .filter(([, s]) => !(isSchema(s) && s.readOnly === true))
    .map(([k]) => k);
}

/** An error found inside the value at `path` (a field of it, or an unknown or missing one of the object). */
const isInside = (e: AjvError, path: string) =>
  e.instancePath.startsWith(`${path}/`) ||
  (e.instancePath === path && (e.keyword === 'additionalProperties' || e.keyword === 'required'));

/**
 * A union (say an object or null) whose value is of the right kind but wrong inside: the problems inside name
 * their fields, and the union's own "must be an object … or null" is left out. With `x-whole` on the union the
 * value is reported as one field instead, with the union's message (a small object like `{ limit, unit }`).
 */
function unionsAndInsides(errors: AjvError[]): Set<AjvError> {
  const skipped = new Set<AjvError>();
  for (const union of errors) {
    if (union.keyword !== 'anyOf') continue;
    const inside = errors.filter((e) => isInside(e, union.instancePath));
    if (inside.length === 0) continue;
    if (union.parentSchema?.['x-whole'] === true) for (const e of inside) skipped.add(e);
    else skipped.add(union);
  }
  return skipped;
}

/** One `{ field, message }` per field, from the errors Ajv reported for a request part. */
export function fieldErrorsFromAjv(errors: readonly FastifySchemaValidationError[]): FieldError[] {
  const byField = new Map<string, string>();
  // Errors inside an anyOf come with the anyOf's own error; the union's schema words the message once.
  const unionFields = new Set<string>();
  for (const e of errors as AjvError[]) if (e.keyword === 'anyOf') unionFields.add(e.instancePath);
  const skipped = unionsAndInsides(errors as AjvError[]);
  const unionRows = new Set<string>();
  for (const e of errors as AjvError[]) {
    if (skipped.has(e)) continue;
    const params = e.params as Record<string, unknown>;
    let field: string;
    let message: string;
    if (e.keyword === 'required') {
      const key = String(params.missingProperty);
      field = childField(fieldOf(e.instancePath), key);
      const schema = propertySchema(e.parentSchema, key);
      const own =
        (typeof schema?.['x-missing'] === 'string' && schema['x-missing']) ||
        (typeof schema?.['x-message'] === 'string' && schema['x-message']);
      message = own ? withField(own, field) : `${field} is required.`;
    } else if (e.keyword === 'additionalProperties') {
      const key = String(params.additionalProperty);
      field = childField(fieldOf(e.instancePath), key);
      // `x-unknown-message` on the object: its own words for an unknown field (`{field}` is the name)
      const own = e.parentSchema?.['x-unknown-message'];
      message =
        typeof own === 'string'
          ? own.replaceAll('{field}', key)
          : `Unknown field "${key}". Known fields: ${knownFields(e.parentSchema).join(', ')}.`;
    } else {
      field = fieldOf(e.instancePath);
      if (unionFields.has(e.instancePath) && e.keyword !== 'anyOf') continue;
      message = describe(field, e.parentSchema, e.message ?? 'is not valid');
    }
    // a union inside a union (`text or number`, or null): Ajv reports the outer one last, and its words count
    if (!byField.has(field) || (e.keyword === 'anyOf' && unionRows.has(field))) byField.set(field, message);
    if (e.keyword === 'anyOf') unionRows.add(field);
  }
  const rows = [...byField].map(([field, message]) => ({ field, message }));
  // Some bodies report unknown fields alone (`x-unknown-alone`: a misspelt name, the other errors follow from it).
  const alone = (errors as AjvError[]).some(
    (e) => e.keyword === 'additionalProperties' && e.parentSchema?.['x-unknown-alone'] === true,
  );
  if (!alone) return rows;
  const unknownFields = new Set(
    (errors as AjvError[])
      .filter((e) => e.keyword === 'additionalProperties')
      .map((e) =>
        childField(fieldOf(e.instancePath), String((e.params as Record<string, unknown>).additionalProperty)),
      ),
  );
  return rows.filter((r) => unknownFields.has(r.field));
}

/** Fastify's `schemaErrorFormatter`: a 400 naming every field (the error handler answers it). */
export function schemaErrorFormatter(errors: FastifySchemaValidationError[]): Error {
  return validationError(fieldErrorsFromAjv(errors));
}
