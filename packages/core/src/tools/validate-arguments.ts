import { jsonTextTooDeep, MAX_JSON_DEPTH, valueTooDeep } from '../base/json-depth.js';
import { compileSchema, type ErrorObject, type ValidateFunction } from './ajv-instance.js';
import { describeError, escapePointer, isPlainObject } from './parameters-schema.js';
import type { ToolDefinition, ToolError } from './types.js';

/** Keys that could reach an object's prototype when a tool merges its arguments into its own objects. */
export const FORBIDDEN_ARGUMENT_KEYS: ReadonlySet<string> = new Set([
  '__proto__',
  'constructor',
  'prototype',
]);

/** At most this many problems are spelled out; a model fixes the first ones and tries again. */
const MAX_LISTED_PROBLEMS = 8;

export type ArgumentsValidationResult =
  | { ok: true; args: Record<string, unknown> }
  | { ok: false; error: ToolError & { code: 'invalid_arguments' | 'tool_error' } };

type Compiled = { validate: ValidateFunction } | { problem: string };

// Keyed by the parameters object: compiled once per definition, released with it.
const cache = new WeakMap<object, Compiled>();

function compiledFor(parameters: object): Compiled {
  let compiled = cache.get(parameters);
  if (!compiled) {
    try {
      compiled = { validate: compileSchema(parameters as Record<string, unknown>) };
    } catch (error) {
      compiled = { problem: error instanceof Error ? error.message : String(error) };
    }
    cache.set(parameters, compiled);
  }
  return compiled;
}

/**
 * Parses and checks a model's arguments for a tool. `raw` is an object or the JSON text the model produced
 * (`''`, whitespace, null and undefined mean `{}`). The error message tells the model exactly what to fix.
 */
export function validateToolArguments(
  tool: Pick<ToolDefinition, 'name' | 'parameters'>,
  raw: unknown,
): ArgumentsValidationResult {
  const fail = (problems: string[], details?: unknown): ArgumentsValidationResult => ({
    ok: false,
    error: { code: 'invalid_arguments', message: formatProblems(tool.name, problems), details },
  });

  let args: unknown = raw;
  if (raw === undefined || raw === null) args = {};
  else if (typeof raw === 'string') {
    if (raw.trim() === '') args = {};
    else if (jsonTextTooDeep(raw)) {
      // deeper data would overflow recursive code further on (validation, storing, sending it back)
      return fail([`arguments nest more than ${MAX_JSON_DEPTH} levels deep; send flatter JSON`]);
    } else {
      try {
        args = JSON.parse(raw);
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        return fail([`arguments are not valid JSON (${reason}); send one JSON object`]);
      }
    }
  }
  if (typeof raw !== 'string' && valueTooDeep(args)) {
    return fail([`arguments nest more than ${MAX_JSON_DEPTH} levels deep; send flatter JSON`]);
  }
  if (!isPlainObject(args)) {
    const got = Array.isArray(args) ? 'an array' : args === null ? 'null' : `a ${typeof args}`;
    return fail([`arguments must be a JSON object, got ${got}`]);
  }

  const forbidden = findForbiddenKeys(args);
  if (forbidden.length > 0) {
    return fail(forbidden.map((pointer) => `${pointer} is not an allowed property name`));
  }

  const parameters = isPlainObject(tool.parameters) ? tool.parameters : { type: 'object' };
  const compiled = compiledFor(parameters);
  if ('problem' in compiled) {
    return {
      ok: false,
      error: {
        code: 'tool_error',
        message: `Tool ${tool.name} has an unusable parameters schema: ${compiled.problem}`,
      },
    };
  }
  if (compiled.validate(args)) return { ok: true, args };
  const errors = compiled.validate.errors ?? [];
  return fail(orderErrors(errors).map(describeArgumentError), errors.map(plainError));
}

/** Pointers of every `__proto__` / `constructor` / `prototype` key at any depth (iterative: deep JSON is fine). */
function findForbiddenKeys(root: unknown): string[] {
  const found: string[] = [];
  const seen = new Set<object>();
  const stack: Array<[unknown, string]> = [[root, '']];
  while (stack.length > 0) {
    const [node, pointer] = stack.pop()!;
    if (typeof node !== 'object' || node === null || seen.has(node)) continue;
    seen.add(node);
    for (const key of Object.keys(node)) {
      const here = `${pointer}/${escapePointer(key)}`;
      if (FORBIDDEN_ARGUMENT_KEYS.has(key)) found.push(here);
      else stack.push([(node as Record<string, unknown>)[key], here]);
    }
  }
  return found.sort();
}

const MISSING_OR_EXTRA = new Set(['required', 'additionalProperties', 'unevaluatedProperties']);

/** Problems at a value first, then missing and unexpected properties, each group in Ajv's order. */
function orderErrors(errors: ErrorObject[]): ErrorObject[] {
  return [
    ...errors.filter((e) => !MISSING_OR_EXTRA.has(e.keyword)),
    ...errors.filter((e) => MISSING_OR_EXTRA.has(e.keyword)),
  ];
}

function describeArgumentError(error: ErrorObject): string {
  const where = error.instancePath;
  if (MISSING_OR_EXTRA.has(error.keyword)) {
    const params = error.params as Record<string, unknown>;
    const text =
      error.keyword === 'required'
        ? `missing required property "${String(params.missingProperty)}"`
        : `unexpected property "${String(params.additionalProperty ?? params.unevaluatedProperty)}"`;
    return where === '' ? text : `${text} in ${where}`;
  }
  return `${where === '' ? 'arguments' : where} ${describeError(error)}`;
}

function formatProblems(name: string, problems: string[]): string {
  const unique = [...new Set(problems)];
  const listed = unique.slice(0, MAX_LISTED_PROBLEMS);
  const more = unique.length - listed.length;
  const tail = more > 0 ? `; and ${more} more problem${more === 1 ? '' : 's'}` : '';
  return `Invalid arguments for ${name}: ${listed.join('; ')}${tail}.`;
}

function plainError(error: ErrorObject): Record<string, unknown> {
  return {
    instancePath: error.instancePath,
    keyword: error.keyword,
    params: error.params,
    message: error.message,
  };
}
