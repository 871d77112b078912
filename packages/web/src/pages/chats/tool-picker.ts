// What the Add Functions picker lists: builtin and custom tools together, searched by name only.
import type { BuiltinTool, Tool, ToolKind, ToolsList } from '../../api/types';

export interface PickerEntry {
  name: string;
  displayName: string;
  description: string;
  kind: ToolKind;
  builtin: boolean;
  enabled: boolean;
}

/** One list, sorted by name; a custom tool never shares a builtin's name, but a duplicate is listed once. */
export function pickerEntries(list: ToolsList): PickerEntry[] {
  const entries = new Map<string, PickerEntry>();
  const add = (tool: Tool | BuiltinTool, builtin: boolean) => {
    if (entries.has(tool.name)) return;
    entries.set(tool.name, {
      name: tool.name,
      displayName: tool.displayName ?? '',
      description: tool.description,
      kind: tool.kind,
      builtin,
      enabled: tool.enabled,
    });
  };
  for (const tool of list.builtin) add(tool, true);
  for (const tool of list.tools) add(tool, false);
  return [...entries.values()].sort((a, b) => a.name.localeCompare(b.name));
}

/**
 * Entries whose technical or display name contains every word of the query (case-insensitive).
 * Descriptions are deliberately not searched: a word from a description would match too many tools.
 */
export function filterEntries(entries: PickerEntry[], query: string): PickerEntry[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return entries;
  return entries.filter((entry) => {
    const names = `${entry.name} ${entry.displayName}`.toLowerCase();
    return words.every((word) => names.includes(word));
  });
}

/** The chat's list after adding the picked names: existing order kept, new names appended once each. */
export function addToList(current: string[], picked: Iterable<string>): string[] {
  const next = [...current];
  for (const name of picked) if (!next.includes(name)) next.push(name);
  return next;
}

export const KIND_LABELS: Record<ToolKind, string> = {
  static: 'Static',
  webhook: 'Webhook',
  script: 'Script',
  native: 'Built-in',
};
