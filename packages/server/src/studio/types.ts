// The Studio's shapes are the route schemas' (@toolsmith/core/api-schema): stored and answered as declared there.
export type {
  StoredStudioSession as StudioSession,
  StudioDryRun as DryRunRecord,
  StudioMessage,
  StudioProposal as Proposal,
  StudioProposalChange as ProposalChange,
  StudioTextEdit as TextEdit,
  StudioToolCall,
} from '@toolsmith/core/api-schema';
