import type { ToolKind, ToolMode } from '@toolsmith/core';
import { OUTCOME_TOOL_INFO } from '@toolsmith/core/internal';
import type { AppContext } from '../app/context.js';
import { characterToolScope, GLOBAL_SCOPE } from '../storage/types.js';

/** Where a tool an orchestration agent can be offered comes from (the groups of the profile editor). */
export type CatalogGroup = 'custom' | 'builtin' | 'extension' | 'character';

export interface CatalogTool {
  name: string;
  displayName?: string;
  description: string;
  mode: ToolMode;
  kind: ToolKind;
  /** the tool's own state (a mode's or node's switches may still turn it on or off) */
  enabled: boolean;
  group: CatalogGroup;
  /** builtin group: the orchestration's own outcome tools */
  origin?: 'orchestration';
  /** extension group: the extension that registered it */
  extension?: string;
  /** character group: whose tool it is (offered in chats with that character) */
  character?: { id: string; name: string };
}

/**
 * Every tool a profile's switches, pins and overrides can name, outside the profile's own tools: stored
 * custom tools, builtins (the server's and the orchestration's outcome tools), extension tools, and the
 * tools characters bring. The director's `delegate` and the planner's agenda tools are always theirs and not
 * listed.
 */
export async function orchestrationToolCatalog(
  context: Pick<AppContext, 'storage' | 'builtins'>,
): Promise<CatalogTool[]> {
  const { storage, builtins } = context;
  const states = await storage.builtinTools.list(GLOBAL_SCOPE);
  const out: CatalogTool[] = [];
  for (const tool of await storage.tools.list(GLOBAL_SCOPE)) {
    out.push({
      name: tool.name,
      ...(tool.displayName ? { displayName: tool.displayName } : {}),
      description: tool.description,
      mode: tool.mode,
      kind: tool.kind,
      enabled: tool.enabled,
      group: 'custom',
    });
  }
  for (const b of builtins) {
    out.push({
      name: b.name,
      displayName: b.displayName,
      description: b.description,
      mode: b.mode,
      kind: 'native',
      enabled: states.get(b.name) ?? b.defaultEnabled,
      group: b.extension ? 'extension' : 'builtin',
      ...(b.extension ? { extension: b.extension } : {}),
    });
  }
  for (const info of OUTCOME_TOOL_INFO) {
    out.push({ ...info, kind: 'native', enabled: true, group: 'builtin', origin: 'orchestration' });
  }
  for (const character of await storage.characters.list()) {
    for (const tool of await storage.tools.list(characterToolScope(character.id))) {
      out.push({
        name: tool.name,
        ...(tool.displayName ? { displayName: tool.displayName } : {}),
        description: tool.description,
        mode: tool.mode,
        kind: tool.kind,
        enabled: tool.enabled,
        group: 'character',
        character: { id: character.id, name: character.card.name },
      });
    }
  }
  return out;
}
