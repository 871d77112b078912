import { GenerateTaskError } from '../base/errors.js';
import { jsonTextTooDeep, MAX_JSON_DEPTH } from '../base/json-depth.js';

/**
 * Parses a tool call's arguments text: `''` and whitespace mean `{}`; a JSON string holding an object is
 * decoded once more (some providers double-encode); anything that is not a JSON object is `tool_call_parse`.
 */
export function parseToolArguments(rawArgs: string, toolName: string): Record<string, unknown> {
  if (rawArgs.trim() === '') return {};
  // deeper data would overflow recursive code further on (validation, storing, sending it back)
  if (jsonTextTooDeep(rawArgs)) {
    throw new GenerateTaskError(
      'tool_call_parse',
      `The arguments for ${toolName} nest more than ${MAX_JSON_DEPTH} levels deep; at most ${MAX_JSON_DEPTH} levels are accepted.`,
      { details: { rawArgs: rawArgs.slice(0, 1000), toolName } },
    );
  }
  let value: unknown;
  try {
    value = JSON.parse(rawArgs);
  } catch (error) {
    throw new GenerateTaskError('tool_call_parse', `The arguments for ${toolName} are not valid JSON.`, {
      cause: error,
      details: { rawArgs, toolName },
    });
  }
  if (typeof value === 'string') {
    try {
      value = value.trim() === '' ? {} : JSON.parse(value);
    } catch {
      // fall through to the object check
    }
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw new GenerateTaskError('tool_call_parse', `The arguments for ${toolName} must be a JSON object.`, {
      details: { rawArgs, toolName },
    });
  }
  return value as Record<string, unknown>;
}
