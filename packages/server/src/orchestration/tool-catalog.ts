import type { CatalogTool } from '@toolsmith/core/api-schema';
import { OUTCOME_TOOL_INFO } from '@toolsmith/core/internal';
import type { AppContext } from '../app/context.js';
import { characterToolScope, GLOBAL_SCOPE } from '../storage/types.js';

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
