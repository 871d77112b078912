// The rules for a tool's name, display name and description: one place for validateToolDefinition and the
// editor in the browser (exported by @toolsmith/core/schema; no dependencies).
import {
  DESCRIPTION_MAX_LENGTH,
  DISPLAY_NAME_MAX_LENGTH,
  MSG_DESCRIPTION,
  MSG_DISPLAY_NAME,
  MSG_TOOL_NAME,
  msgDuplicateName,
  msgReservedName,
  TOOL_NAME_PATTERN,
} from './messages.js';

/** Counts characters as code points so an emoji is one character, as a user would count it. */
export function charLength(text: string): number {
  let n = 0;
  for (const _ of text) n++;
  return n;
}

function includes(names: Iterable<string> | undefined, name: string): boolean {
  if (!names) return false;
  if (names instanceof Set) return names.has(name);
  for (const n of names) if (n === name) return true;
  return false;
}

/** The message for a technical name, or null when it is acceptable: the pattern, then reserved, then taken. */
export function checkToolName(
  name: unknown,
  reservedNames?: Iterable<string>,
  existingNames?: Iterable<string>,
): string | null {
  if (typeof name !== 'string' || !TOOL_NAME_PATTERN.test(name)) return MSG_TOOL_NAME;
  if (includes(reservedNames, name)) return msgReservedName(name);
  if (includes(existingNames, name)) return msgDuplicateName(name);
  return null;
}

/** The message for a display name (optional: undefined and null pass), or null. */
export function checkDisplayName(displayName: unknown): string | null {
  if (displayName === undefined || displayName === null) return null;
  return typeof displayName !== 'string' || charLength(displayName) > DISPLAY_NAME_MAX_LENGTH
    ? MSG_DISPLAY_NAME
    : null;
}

/** The message for a description (required, 1–8192 characters, not only spaces), or null. */
export function checkDescription(description: unknown): string | null {
  return typeof description !== 'string' ||
    description.trim() === '' ||
    charLength(description) > DESCRIPTION_MAX_LENGTH
    ? MSG_DESCRIPTION
    : null;
}
