// What ToolRegistry.register checks before a tool goes in: the shape every channel relies on (an object with a
// description, an object-schema `parameters`, a known mode and kind). Trusted code registers here too, so a
// mistake surfaces at once with the field named, not later as a model that cannot call the tool. The full
// rules for user-written tools (lengths, meta-schema, scripts switched on) are validateToolDefinition's.

import { MSG_KIND, MSG_MODE, MSG_PARAMETERS_ROOT, TOOL_KINDS, TOOL_MODES } from './messages.js';
import { isPlainObject } from './plain-schema.js';
import type { FieldError } from './types.js';

/** Thrown by ToolRegistry.register for a definition it cannot hold; `errors` names each field. */
export class ToolDefinitionError extends Error {
  readonly errors: FieldError[];

  constructor(name: unknown, errors: FieldError[]) {
    const label = typeof name === 'string' && name ? `Tool "${name}"` : 'A tool';
    super(`${label} cannot be registered: ${errors.map((e) => `${e.field}: ${e.message}`).join(' ')}`);
    this.name = 'ToolDefinitionError';
    this.errors = errors;
  }
}

export function registrationProblems(definition: unknown): FieldError[] {
  if (!isPlainObject(definition)) return [{ field: '', message: 'The definition must be an object.' }];
  const errors: FieldError[] = [];
  if (typeof definition.description !== 'string') {
    errors.push({ field: 'description', message: 'Description must be a string.' });
  }
  const parameters = definition.parameters;
  // no `type` reads as an object schema (Marinara's and Luker's `{}`), see normalizeParametersSchema
  if (
    parameters !== undefined &&
    !(isPlainObject(parameters) && (parameters.type === undefined || parameters.type === 'object'))
  ) {
    errors.push({ field: 'parameters', message: MSG_PARAMETERS_ROOT });
  }
  if (!(TOOL_MODES as readonly unknown[]).includes(definition.mode))
    errors.push({ field: 'mode', message: MSG_MODE });
  if (!(TOOL_KINDS as readonly unknown[]).includes(definition.kind))
    errors.push({ field: 'kind', message: MSG_KIND });
  return errors;
}
