// The orchestration profile as GET/PUT /api/orchestration carry it, and GET /api/orchestration/tools
// (docs/api.md, "Agents and orchestration"): the route schemas' types (the server serializes with them).
// Re-exported from ./types.
export type {
  AgentSlot,
  CatalogTool,
  CharacterOverrideAnswer,
  ModeSwitches,
  OrchestrationLastRun,
  OrchestrationProfileResource as OrchestrationProfile,
  ProfileAgent,
  ProfileSpecNode,
  ProfileSubAgent,
  ProfileTool,
  ProfileVersion,
} from '@toolsmith/core/api-schema';
