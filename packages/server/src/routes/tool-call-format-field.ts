import { TOOL_CALL_FORMATS, type ToolCallFormat } from '@toolsmith/core';
import type { FieldChecker } from './fields.js';

/**
 * A connection's `toolCallFormat`: `auto` or one model family (docs/tool-call-formats.md). Not sent:
 * undefined (unchanged, or `auto` for a new connection).
 */
export function parseToolCallFormat(check: FieldChecker): ToolCallFormat | undefined {
  if (!check.has('toolCallFormat')) return undefined;
  const value = check.body.toolCallFormat;
  if (typeof value === 'string' && (TOOL_CALL_FORMATS as readonly string[]).includes(value)) {
    return value as ToolCallFormat;
  }
  check.add(
    'toolCallFormat',
    `toolCallFormat must be "auto" (read every model family's tool-call markup) or one family: ${TOOL_CALL_FORMATS.slice(1).join(', ')}.`,
  );
  return undefined;
}
