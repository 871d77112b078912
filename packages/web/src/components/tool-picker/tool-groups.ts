// The tool pickers' model (the chat's "Choose Functions" and an agent's pinned tools): tools in groups by
// where they come from, ticked per group and name, searched by name only.

/** A tool as a picker lists it. */
export interface PickerTool {
  name: string;
  displayName?: string;
  description: string;
  /** static, webhook, script, native (or another source's own word) */
  kind: string;
  /** the tool's own switch (Functions page, builtin switch, the character's tools) */
  enabled: boolean;
  /** a short mark beside the name: "profile", a character's name */
  tag?: string;
  /** why the tool is not used even though it is ticked (shown only while ticked) */
  note?: string;
}

/**
 * One source of tools: Global, Built-in, a character's tools, an MCP server, the orchestration. `readOnly`
 * groups are listed for reference, without checkboxes.
 */
export interface PickerGroup {
  id: string;
  label: string;
  hint?: string;
  readOnly?: boolean;
  tools: PickerTool[];
}

/** The key of one checkbox: the same name may sit in two groups (a character tool a global one shadows). */
export const itemKey = (groupId: string, name: string) => `${groupId}\u0000${name}`;
export const nameOfKey = (key: string) => key.slice(key.indexOf('\u0000') + 1);

/**
 * The groups with only the tools whose technical or display name contains every word of the query
 * (case-insensitive); groups left empty are dropped. Descriptions are not searched: a word from a
 * description would match too many tools.
 */
export function filterGroups(groups: readonly PickerGroup[], query: string): PickerGroup[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return groups.filter((g) => g.tools.length > 0);
  return groups
    .map((group) => ({
      ...group,
      tools: group.tools.filter((tool) => {
        const names = `${tool.name} ${tool.displayName ?? ''}`.toLowerCase();
        return words.every((word) => names.includes(word));
      }),
    }))
    .filter((g) => g.tools.length > 0);
}

/** The ticked names in a stable order: those of `before` first, as they were, then new ones once each. */
export function tickedNames(keys: Iterable<string>, before: readonly string[]): string[] {
  const ticked = new Set([...keys].map(nameOfKey));
  const out = before.filter((name) => ticked.has(name));
  for (const name of ticked) if (!out.includes(name)) out.push(name);
  return out;
}

export const KIND_LABELS: Record<string, string> = {
  static: 'Static',
  webhook: 'Webhook',
  script: 'Script',
  native: 'Built-in',
};

/** "1 function", "5 functions" (and the same for other nouns). */
export function countOf(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`;
}
