// The connection's `toolCallFormat` choices: the core's formats with each family's label
// (@toolsmith/core/schema). What each family writes: docs/tool-call-formats.md.
import { TOOL_CALL_FAMILY_INFO, TOOL_CALL_FORMATS, type ToolCallFormat } from '@toolsmith/core/schema';

export interface ToolCallFormatOption {
  value: ToolCallFormat;
  label: string;
}

export const TOOL_CALL_FORMAT_OPTIONS: readonly ToolCallFormatOption[] = TOOL_CALL_FORMATS.map((value) => ({
  value,
  label:
    value === 'auto'
      ? 'Auto (recommended)'
      : (TOOL_CALL_FAMILY_INFO.find((info) => info.id === value)?.label ?? value),
}));
