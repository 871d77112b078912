// The orchestration profile as GET/PUT /api/orchestration carry it, and GET /api/orchestration/tools
// (docs/api.md, "Agents and orchestration"). Re-exported from ./types.
import type { OrchestrationMode } from './story-types';
import type { ToolInput, ToolKind, ToolMode } from './types';

/** An agent written out in the profile (connection and preset by name, as the runtime finds them). */
export interface ProfileAgent {
  name: string;
  systemPrompt: string;
  /** pinned tools: empty = what its scope offers; not empty = exactly these */
  tools: string[];
  connectionName?: string;
  presetName?: string;
}

/** A profile slot: an agent written out, or a stored agent by id. */
export type AgentSlot = ProfileAgent | { agentId: string };

export interface ModeSwitches {
  custom: boolean;
  builtin: boolean;
  tools?: Record<string, boolean>;
}

export interface ProfileSubAgent {
  name: string;
  description?: string;
  agent: AgentSlot;
  toolOverrides?: Record<string, boolean>;
}

export interface ProfileSpecNode {
  name: string;
  task?: string;
  agent: AgentSlot;
  inputs: string[];
  toolOverrides?: Record<string, boolean>;
}

/** A tool that exists only inside the profile (script, static or webhook). */
export type ProfileTool = Omit<ToolInput, 'enabled'> & { enabled: boolean };

export interface OrchestrationProfile {
  mode: OrchestrationMode;
  tools: ProfileTool[];
  modes: Record<OrchestrationMode, ModeSwitches>;
  loop: { agent: AgentSlot };
  director: { agent: AgentSlot; subAgents: ProfileSubAgent[] };
  spec: { nodes: ProfileSpecNode[] };
  agenda: {
    planner: AgentSlot;
    agents: ProfileSubAgent[];
    items: string[];
    maxItems?: number;
    maxAssignments?: number;
  };
  limits: { maxRounds?: number; wallClockBudgetMs?: number; repeatLimit?: number };
}

/** `GET /api/orchestration/tools` entries. */
export interface CatalogTool {
  name: string;
  displayName?: string;
  description: string;
  mode: ToolMode;
  kind: ToolKind;
  enabled: boolean;
  group: 'custom' | 'builtin' | 'extension' | 'character';
  origin?: 'orchestration';
  extension?: string;
  character?: { id: string; name: string };
}
