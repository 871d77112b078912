// The AI Iteration Studio as /api/studio answers (docs/api.md, "Studio"): the route schemas' types (the server
// stores and serializes with them). Re-exported from ./types.
export type {
  StudioAcceptAnswer,
  StudioCompare,
  StudioDryRun,
  StudioMessage,
  StudioProposal,
  StudioProposalChange,
  StudioRun,
  StudioSession,
  StudioSessionSummary,
} from '@toolsmith/core/api-schema';
