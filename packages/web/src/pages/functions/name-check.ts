import { checkToolName, msgRenameHint, suggestToolRename } from '@toolsmith/core/schema';

/**
 * The editor's message for a tool name: the core rule's exact text, and for a reserved or taken name a free
 * name to use instead (Marinara Engine's builtin names are reserved too, see reservedToolNames).
 */
export function toolNameMessage(
  name: string,
  reservedNames: ReadonlySet<string>,
  otherNames: ReadonlySet<string>,
): string | null {
  const problem = checkToolName(name, reservedNames, otherNames);
  if (!problem || (!reservedNames.has(name) && !otherNames.has(name))) return problem;
  const suggestion = suggestToolRename(name, (n) => reservedNames.has(n) || otherNames.has(n));
  return `${problem} ${msgRenameHint(suggestion)}`;
}
