// The AI Iteration Studio as /api/studio answers (docs/api.md, "Studio"). Re-exported from ./types.
import type { OrchestrationProfile, ProfileTool } from './orchestration-types';
import type { OrchestrationRunResult } from './story-types';

export interface StudioDryRun {
  at: string;
  tool: string;
  args: unknown;
  ok: boolean;
  result?: unknown;
  error?: string;
  logs: Array<{ level: string; message: string }>;
  durationMs: number;
  simulated?: boolean;
  unvalidated?: boolean;
}

export interface StudioProposal {
  id: string;
  status: 'pending' | 'accepted' | 'rejected';
  title: string;
  reason: string;
  change: { kind: 'set' | 'patch' | 'remove' | 'toggle' | 'edit_profile'; [key: string]: unknown };
  toolBefore: ProfileTool | null;
  toolAfter: ProfileTool | null;
  profileBefore?: unknown;
  profileAfter?: unknown;
  arrivesDisabled: boolean;
  dryRuns: StudioDryRun[];
  createdAt: string;
  historyId?: string;
  edited?: boolean;
}

export interface StudioMessage {
  role: 'user' | 'assistant';
  content: string;
  at: string;
  calls?: Array<{ name: string; args: unknown; ok: boolean; summary: string }>;
  error?: { code: string; message: string };
}

export interface StudioSession {
  id: string;
  title: string;
  chatId: string;
  connectionId: string;
  messages: StudioMessage[];
  proposals: StudioProposal[];
  pending: number;
  createdAt: string;
  updatedAt: string;
}

export interface StudioSessionSummary {
  id: string;
  title: string;
  chatId: string;
  pending: number;
  updatedAt: string;
}

export interface StudioAcceptAnswer {
  session: StudioSession;
  historyId: string;
  profile: OrchestrationProfile;
}

export type StudioRun = OrchestrationRunResult | { error: { code: string; message: string } };

export interface StudioCompare {
  proposals: string[];
  current: StudioRun;
  proposed: StudioRun;
}
