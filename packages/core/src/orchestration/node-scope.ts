import type { RunEnv } from './agent-node.js';
import { DELEGATE_TOOL_NAME } from './delegate-tool.js';
import { applyOverrides, applyPinnedTools } from './tool-switches.js';
import type { Agent } from './types.js';

/**
 * One agent's scope under the profile's: its pinned tools, then its node overrides (which shadow the profile
 * defaults and the pinned list alike). The run removes it, with its tools, when it ends.
 */
export function nodeScope(
  env: RunEnv,
  base: string,
  suffix: string,
  agent: Agent,
  overrides: Record<string, boolean> | undefined,
): string {
  const id = `${base}/${suffix}`;
  env.registry.defineScope(id, { parent: base, kind: 'node' });
  env.createdScopes.push(id);
  applyPinnedTools(env.registry, id, agent.tools);
  applyOverrides(env.registry, id, overrides);
  // the director's own tool is never offered to anyone else
  if (suffix !== 'director') env.registry.setToolEnabled(id, DELEGATE_TOOL_NAME, false);
  return id;
}
