// The connection's `toolCallFormat` choices: the core's formats with each family's label
// (@toolsmith/core/schema). What each family writes: docs/tool-call-formats.md.
import { TOOL_CALL_FAMILY_INFO, type ToolCallFormat } from '@toolsmith/core/schema';

export interface ToolCallFormatOption {
  value: ToolCallFormat;
  label: string;
}

const familyOptions: ToolCallFormatOption[] = TOOL_CALL_FAMILY_INFO.map((info) => ({
  value: info.id,
  label: info.label,
}));

/** Auto first, then the families by name: forty-odd in the core's own order are hard to find one in. */
export const TOOL_CALL_FORMAT_OPTIONS: readonly ToolCallFormatOption[] = [
  { value: 'auto', label: 'Auto (recommended)' },
  ...familyOptions.sort((a, b) =>
    a.label.localeCompare(b.label, 'en', { sensitivity: 'base', numeric: true }),
  ),
];
