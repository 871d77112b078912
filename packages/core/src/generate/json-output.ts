import { GenerateTaskError } from '../base/errors.js';
import { compileSchema, type ValidateFunction } from '../tools/ajv-instance.js';
import type { JsonSchema } from '../tools/types.js';

const validators = new WeakMap<object, ValidateFunction>();

function validatorFor(schema: JsonSchema): ValidateFunction {
  let validate = validators.get(schema);
  if (!validate) {
    try {
      validate = compileSchema(schema);
    } catch (error) {
      throw new GenerateTaskError(
        'invalid_input',
        `The jsonSchema does not compile: ${(error as Error).message}`,
        {
          cause: error,
        },
      );
    }
    validators.set(schema, validate);
  }
  return validate;
}

/** Checks that a schema compiles before any request is made. */
export function assertJsonSchemaCompiles(schema: JsonSchema): void {
  validatorFor(schema);
}

/** The instruction used where a family has no native structured output. */
export function jsonSchemaInstruction(schema: JsonSchema): string {
  return [
    '# Answer format',
    'Reply with one JSON value that matches this JSON Schema, and nothing else (no prose, no code fences):',
    JSON.stringify(schema, null, 2),
  ].join('\n');
}

/** Models often wrap JSON in a fence or a sentence; take the fenced body, else the outermost {...} / [...]. */
function candidates(text: string): string[] {
  // reasoning models on text backends write their thoughts first; braces in them must not be taken for the answer
  const trimmed = text.replace(/<(think|thinking|thought)>[\s\S]*?<\/\1>/gi, '').trim();
  const out = [trimmed];
  const fence = /```(?:json|JSON)?\s*\n?([\s\S]*?)```/.exec(trimmed);
  if (fence) out.push(fence[1].trim());
  for (const [open, close] of [
    ['{', '}'],
    ['[', ']'],
  ]) {
    const start = trimmed.indexOf(open);
    const end = trimmed.lastIndexOf(close);
    if (start !== -1 && end > start) out.push(trimmed.slice(start, end + 1));
  }
  return out;
}

/**
 * Parses the answer as JSON and validates it with Ajv. Text that is not JSON, or JSON the schema rejects,
 * is `json_schema_violation` with Ajv's errors (or the parse error) in `details.errors`.
 */
export function parseJsonAnswer(text: string, schema: JsonSchema): unknown {
  const validate = validatorFor(schema);
  let parsed: { value: unknown } | undefined;
  let parseError = '';
  for (const candidate of candidates(text)) {
    try {
      parsed = { value: JSON.parse(candidate) };
      break;
    } catch (error) {
      parseError ||= (error as Error).message;
    }
  }
  if (!parsed) {
    throw new GenerateTaskError('json_schema_violation', 'The answer is not valid JSON.', {
      details: {
        errors: [{ instancePath: '', message: `not valid JSON (${parseError})` }],
        text: text.slice(0, 500),
      },
    });
  }
  if (!validate(parsed.value)) {
    const errors = (validate.errors ?? []).map((e) => ({
      instancePath: e.instancePath,
      keyword: e.keyword,
      message: e.message,
      params: e.params,
    }));
    const summary = errors
      .slice(0, 5)
      .map((e) => `${e.instancePath || '(root)'} ${e.message}`)
      .join('; ');
    throw new GenerateTaskError(
      'json_schema_violation',
      `The answer does not match the JSON Schema: ${summary}.`,
      {
        details: { errors, value: parsed.value },
      },
    );
  }
  return parsed.value;
}
