import type { TextParserTool } from './parser-types.js';
import { parameterTypes, typedValue } from './typed-value.js';

/**
 * A parameter value written JSON-encoded (HyperCLOVAX SEED Think writes `"Seoul"`, `3`, `true`, lists and
 * objects): a JSON string literal is its string where the schema allows text (or does not say), else its
 * text typed from the schema (`"3"` for an integer); anything else is typed from the schema as usual, so a
 * raw `Busan` stays text.
 */
export function jsonEncodedValue(tool: TextParserTool | undefined, key: string, text: string): unknown {
  const trimmed = text.trim();
  if (trimmed.length >= 2 && trimmed.startsWith('"') && trimmed.endsWith('"')) {
    let decoded: unknown;
    try {
      decoded = JSON.parse(trimmed);
    } catch {
      decoded = undefined;
    }
    if (typeof decoded === 'string') {
      const types = parameterTypes(tool, key);
      return types === undefined || types.has('string') ? decoded : typedValue(tool, key, decoded);
    }
  }
  return typedValue(tool, key, text);
}
