// The tool-definition rules the editor checks as the user types. The web bundle cannot import
// @toolsmith/core's runtime (it pulls in Node-only modules), so the pattern and the texts are copied here;
// tool-rules.test.ts proves they are the same as the core's.

export const TOOL_NAME_PATTERN = /^[A-Za-z][A-Za-z0-9_]{0,63}$/;
export const TOOL_NAME_MAX_LENGTH = 64;
export const DISPLAY_NAME_MAX_LENGTH = 256;
export const DESCRIPTION_MAX_LENGTH = 8192;

export const MSG_TOOL_NAME =
  'Tool name must start with a letter and use only letters, digits and underscores (1–64 characters).';
export const msgReservedName = (name: string): string => `"${name}" is a reserved built-in tool name.`;
export const msgDuplicateName = (name: string): string => `A tool named "${name}" already exists.`;
export const MSG_DISPLAY_NAME = `Display name must be text of at most ${DISPLAY_NAME_MAX_LENGTH} characters.`;
export const MSG_DESCRIPTION = 'Description must be 1–8192 characters.';
export const MSG_SCRIPTS_DISABLED =
  'Script custom tools are disabled. Set CUSTOM_TOOL_SCRIPT_ENABLED=true and restart to enable sandboxed script tools.';
export const MSG_BODY_REQUIRED =
  'A script tool needs a body: the inside of an async (args, ctx) => { ... } function.';
export const MSG_WEBHOOK_URL_REQUIRED = 'A webhook tool needs a URL (https://...).';

/** Counts code points, as the core does, so an emoji is one character. */
export function charLength(text: string): number {
  let n = 0;
  for (const _ of text) n++;
  return n;
}

/** The message for a technical name, or null when it is acceptable (same order as the core validator). */
export function checkToolName(
  name: string,
  reservedNames: ReadonlySet<string>,
  existingNames: ReadonlySet<string>,
): string | null {
  if (!TOOL_NAME_PATTERN.test(name)) return MSG_TOOL_NAME;
  if (reservedNames.has(name)) return msgReservedName(name);
  if (existingNames.has(name)) return msgDuplicateName(name);
  return null;
}

export function checkDisplayName(displayName: string): string | null {
  return charLength(displayName) > DISPLAY_NAME_MAX_LENGTH ? MSG_DISPLAY_NAME : null;
}

export function checkDescription(description: string): string | null {
  return description.trim() === '' || charLength(description) > DESCRIPTION_MAX_LENGTH
    ? MSG_DESCRIPTION
    : null;
}
