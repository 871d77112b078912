// The limits of variables, the same for every writer: the variables API, script tools (ctx.variables.set),
// the variable builtins and orchestration outcomes.

import { hasLoneSurrogate, loneSurrogatePath, MAX_JSON_DEPTH, valueTooDeep } from '../app/json-body.js';

export const MAX_VARIABLES = 1_000;
export const MAX_VARIABLE_NAME = 256;
/** the JSON text of one value */
export const MAX_VARIABLE_VALUE_CHARS = 100_000;

/** Checks a variable name; undefined when it is fine. */
export function variableNameProblem(name: string): string | undefined {
  if (name.trim() === '' || name.length > MAX_VARIABLE_NAME) {
    return `A variable name must be 1–${MAX_VARIABLE_NAME} characters and not blank.`;
  }
  if (name.includes('::') || name.includes('{{') || name.includes('}}')) {
    return `Variable name "${name}" cannot contain "::", "{{" or "}}" (macros could not name it).`;
  }
  // stored, a lone surrogate becomes U+FFFD: two different names would be one variable
  if (hasLoneSurrogate(name)) {
    return `Variable name ${JSON.stringify(name)} contains a lone surrogate (an unpaired \\uD800–\\uDFFF), which is not text. Use well-formed Unicode.`;
  }
  return undefined;
}

/** Checks a value (any JSON of at most MAX_VARIABLE_VALUE_CHARS characters); undefined when it is fine. */
export function variableValueProblem(name: string, value: unknown): string | undefined {
  // the API's parser refuses these in bodies; other writers get the same rule (and deep values would overflow
  // JSON.stringify wherever the variable is read)
  if (valueTooDeep(value)) {
    return `The value of "${name}" nests more than ${MAX_JSON_DEPTH} levels deep; at most ${MAX_JSON_DEPTH} levels are accepted.`;
  }
  const badText = loneSurrogatePath(value);
  if (badText !== undefined) {
    return `The value of "${name}" has a lone surrogate (an unpaired \\uD800–\\uDFFF)${badText ? ` at ${badText}` : ''}, which is not text. Use well-formed Unicode.`;
  }
  let text: string | undefined;
  try {
    text = JSON.stringify(value);
  } catch {
    text = undefined;
  }
  if (text === undefined || text.length > MAX_VARIABLE_VALUE_CHARS) {
    return `The value of "${name}" must be JSON of at most ${MAX_VARIABLE_VALUE_CHARS} characters.`;
  }
  return undefined;
}

export const msgTooManyVariables = (scope: 'chat' | 'global') =>
  `At most ${MAX_VARIABLES} variables per scope: this ${scope === 'global' ? 'global' : 'chat'} scope is full. Delete some first.`;

/**
 * Throws an Error (the message a script or model sees) unless one write may happen: a good name, a value
 * that fits, and room for a new name in a scope that already holds `existingNames`.
 */
export function assertVariableWrite(
  scope: 'chat' | 'global',
  name: string,
  value: unknown,
  existingNames: ReadonlySet<string> | readonly string[],
): void {
  const problem = variableNameProblem(name) ?? variableValueProblem(name, value);
  if (problem) throw new Error(problem);
  const names = existingNames instanceof Set ? existingNames : new Set(existingNames as readonly string[]);
  if (!names.has(name) && names.size >= MAX_VARIABLES) throw new Error(msgTooManyVariables(scope));
}
