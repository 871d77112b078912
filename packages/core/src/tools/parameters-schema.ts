import { compileUserRegex, describeRegexProblem } from '../regex/user-regex.js';
import { compileSchema, type ErrorObject, getMetaSchemaValidator } from './ajv-instance.js';
import { MSG_PARAMETERS_ROOT, msgParametersInvalid, msgParametersUnusable } from './messages.js';
import { isPlainObject } from './plain-schema.js';

// Pure schema helpers live in plain-schema.ts (browser-safe, no Ajv); re-exported here where callers look.
export { isPlainObject, normalizeParametersSchema } from './plain-schema.js';

/** Keywords whose values are data, not subschemas: never scanned for `pattern`. */
const DATA_KEYWORDS = new Set(['const', 'enum', 'default', 'examples']);
/** Keywords whose values map arbitrary names (which may be "pattern" or "enum") to subschemas. */
const NAME_MAPS = new Set(['properties', '$defs', 'definitions', 'dependentSchemas']);

/**
 * Every problem with a tool's parameters schema, as messages naming the JSON pointer: the root must be an
 * object schema with `type: "object"`, the schema must satisfy the draft 2020-12 meta-schema, and it must
 * compile (regular expressions, `$ref` targets).
 */
export function checkParametersSchema(schema: unknown): string[] {
  if (!isPlainObject(schema)) return [MSG_PARAMETERS_ROOT];
  const problems: string[] = [];
  if (schema.type !== 'object') problems.push(MSG_PARAMETERS_ROOT);

  const meta = getMetaSchemaValidator();
  if (!meta(schema)) {
    problems.push(...describeMetaErrors(meta.errors ?? []));
    return problems;
  }
  const badPatterns = findBadPatterns(schema, '');
  if (badPatterns.length > 0) return [...problems, ...badPatterns];
  try {
    compileSchema(schema);
  } catch (error) {
    problems.push(msgParametersUnusable(error instanceof Error ? error.message : String(error)));
  }
  return problems;
}

/** One message per JSON pointer: the most specific error Ajv reported there, made readable. */
function describeMetaErrors(errors: ErrorObject[]): string[] {
  const byPointer = new Map<string, ErrorObject>();
  for (const error of errors) {
    const current = byPointer.get(error.instancePath);
    // anyOf/oneOf wrappers say less than the branch errors they summarise.
    if (!current || (isCombinator(current) && !isCombinator(error))) byPointer.set(error.instancePath, error);
  }
  return [...byPointer.entries()].map(([pointer, error]) =>
    msgParametersInvalid(pointer, describeError(error)),
  );
}

function isCombinator(error: ErrorObject): boolean {
  return error.keyword === 'anyOf' || error.keyword === 'oneOf';
}

export function describeError(error: ErrorObject): string {
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'enum':
      return `must be one of ${(params.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')}`;
    case 'type': {
      const types = Array.isArray(params.type) ? params.type : String(params.type).split(',');
      return `must be ${types.join(' or ')}`;
    }
    case 'additionalProperties':
      return `unexpected property "${String(params.additionalProperty)}"`;
    case 'required':
      return `missing required property "${String(params.missingProperty)}"`;
    default:
      return error.message ?? `fails "${error.keyword}"`;
  }
}

/** Ajv compiles `pattern` with the `u` flag and only fails at compile time, without a pointer: find them first. */
function findBadPatterns(node: unknown, pointer: string, nameMap = false): string[] {
  if (Array.isArray(node)) return node.flatMap((item, i) => findBadPatterns(item, `${pointer}/${i}`));
  if (!isPlainObject(node)) return [];
  const problems: string[] = [];
  for (const key of Object.keys(node)) {
    const here = `${pointer}/${escapePointer(key)}`;
    if (nameMap) {
      problems.push(...findBadPatterns(node[key], here));
    } else if (NAME_MAPS.has(key)) {
      problems.push(...findBadPatterns(node[key], here, true));
    } else if (key === 'pattern' && typeof node[key] === 'string') {
      const problem = regexProblem(node[key] as string);
      if (problem) problems.push(msgParametersInvalid(here, problem));
    } else if (key === 'patternProperties' && isPlainObject(node[key])) {
      for (const [pattern, sub] of Object.entries(node[key] as Record<string, unknown>)) {
        const problem = regexProblem(pattern);
        const at = `${here}/${escapePointer(pattern)}`;
        if (problem) problems.push(msgParametersInvalid(at, problem));
        problems.push(...findBadPatterns(sub, at));
      }
    } else if (!DATA_KEYWORDS.has(key)) {
      problems.push(...findBadPatterns(node[key], here));
    }
  }
  return problems;
}

/** Patterns run on the linear-time engine (JSON Schema's ECMAScript syntax, with the `u` flag). */
function regexProblem(pattern: string): string | undefined {
  const compiled = compileUserRegex(pattern, 'u');
  return compiled.ok ? undefined : `the pattern ${describeRegexProblem(compiled)}`;
}

export function escapePointer(key: string): string {
  return key.replace(/~/g, '~0').replace(/\//g, '~1');
}
