// The tools a text parser reads calls of, in either shape callers have at hand: ours (`{ name, parameters }`)
// or OpenAI's wrapped one (`{ type: 'function', function: { name, parameters } }`). Anything else is a clear
// error naming the entry, never a tool silently left out (its calls would then read as prose).

import type { JsonSchema } from '../tools/types.js';
import type { TextParserTool } from './parser-types.js';

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export function normalizeParserTools(tools: unknown): Map<string, TextParserTool> {
  if (!Array.isArray(tools)) {
    throw new TypeError(
      '`tools` must be an array of { name, parameters } or { type: "function", function: {...} }.',
    );
  }
  const byName = new Map<string, TextParserTool>();
  (tools as readonly unknown[]).forEach((tool, i) => {
    const fn = isObject(tool) && isObject(tool.function) ? tool.function : tool;
    if (!isObject(fn) || typeof fn.name !== 'string' || fn.name === '') {
      throw new TypeError(
        `tools[${i}] needs a name: give { name, parameters } or { type: "function", function: { name, parameters } }.`,
      );
    }
    if (fn.parameters !== undefined && !isObject(fn.parameters)) {
      throw new TypeError(`tools[${i}].parameters must be a JSON Schema object.`);
    }
    byName.set(fn.name, { name: fn.name, parameters: fn.parameters as JsonSchema | undefined });
  });
  return byName;
}
