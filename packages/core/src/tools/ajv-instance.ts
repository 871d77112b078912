import type { ErrorObject, ValidateFunction } from 'ajv/dist/2020.js';
import Ajv2020Module from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { re2RegExpEngine } from '../regex/ajv-engine.js';

// ajv and ajv-formats are CommonJS with `exports.default`; under NodeNext the default import is the module.
const Ajv2020 = (Ajv2020Module as any).default ?? Ajv2020Module;
const addFormats = (addFormatsModule as any).default ?? addFormatsModule;

export const META_SCHEMA_2020_ID = 'https://json-schema.org/draft/2020-12/schema';

type AjvInstance = InstanceType<typeof Ajv2020Module.default>;

let shared: AjvInstance | undefined;

/**
 * One Ajv (draft 2020-12 + formats) for the whole process. `strict: false` because tool schemas written for
 * OpenAI often carry keywords Ajv does not know; `addUsedSchema: false` so two tools using the same `$id`
 * do not collide. `pattern` / `patternProperties` run on the linear-time engine (never backtracking).
 */
export function getAjv(): AjvInstance {
  if (!shared) {
    shared = new Ajv2020({
      strict: false,
      allErrors: true,
      addUsedSchema: false,
      validateSchema: false,
      code: { regExp: re2RegExpEngine },
    });
    addFormats(shared);
  }
  return shared!;
}

export function getMetaSchemaValidator(): ValidateFunction {
  const validate = getAjv().getSchema(META_SCHEMA_2020_ID);
  if (!validate) throw new Error('draft 2020-12 meta-schema is missing from Ajv');
  return validate;
}

/**
 * Compiles a tool's parameters schema. A `$schema` naming another draft is ignored (the 2020-12 rules are
 * applied) because generators commonly stamp draft-07 on schemas that are valid 2020-12 too. The compiled
 * schema is dropped from Ajv's own cache so that callers' WeakMaps alone decide its lifetime.
 */
export function compileSchema(schema: Record<string, unknown>): ValidateFunction {
  const ajv = getAjv();
  const input =
    typeof schema.$schema === 'string' && schema.$schema.replace(/#$/, '') !== META_SCHEMA_2020_ID
      ? withoutKey(schema, '$schema')
      : schema;
  const validate = ajv.compile(input);
  ajv.removeSchema(input);
  return validate;
}

function withoutKey(obj: Record<string, unknown>, key: string): Record<string, unknown> {
  const copy: Record<string, unknown> = {};
  for (const k of Object.keys(obj)) {
    if (k !== key)
      Object.defineProperty(copy, k, { value: obj[k], enumerable: true, writable: true, configurable: true });
  }
  return copy;
}

export type { ErrorObject, ValidateFunction };
