import type { OrchestrationMode, ToolDefinition } from '@toolsmith/core';
import type { Operation } from 'fast-json-patch';

/** A find/replace edit of one text field of a profile tool. */
export interface TextEdit {
  field: 'body' | 'simulateBody' | 'staticResult' | 'description' | 'webhookUrl';
  find: string;
  replace: string;
}

/** What one proposal changes in the global profile. */
export type ProposalChange =
  | { kind: 'set'; tool: ToolDefinition }
  | { kind: 'patch'; name: string; edits: TextEdit[]; schemaPatch: Operation[] }
  | { kind: 'remove'; name: string }
  | { kind: 'toggle'; name: string; on: boolean | null; mode: OrchestrationMode; node?: string }
  | { kind: 'edit_profile'; patch: Operation[] };

export interface DryRunRecord {
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

/** A change the authoring agent proposed. Nothing is applied until the user accepts it. */
export interface Proposal {
  id: string;
  status: 'pending' | 'accepted' | 'rejected';
  /** one line: what changes ("Create script tool track_gold", "Switch roll_dice off for node scout") */
  title: string;
  /** the agent's reason */
  reason: string;
  change: ProposalChange;
  /** the tool before and after (set, patch, remove), for the body and schema diff */
  toolBefore: ToolDefinition | null;
  toolAfter: ToolDefinition | null;
  /** the affected part of the profile before and after (toggle, edit_profile), as JSON */
  profileBefore?: unknown;
  profileAfter?: unknown;
  /** a webhook or script tool the agent creates is stored switched off, like an import */
  arrivesDisabled: boolean;
  dryRuns: DryRunRecord[];
  createdAt: string;
  /** accepted: the profile history entry that undoes it */
  historyId?: string;
}

export interface StudioToolCall {
  name: string;
  args: unknown;
  ok: boolean;
  /** a short text of the result or the error */
  summary: string;
}

export interface StudioMessage {
  role: 'user' | 'assistant';
  content: string;
  at: string;
  /** the tools the agent called in this turn */
  calls?: StudioToolCall[];
  /** the turn failed (provider error) */
  error?: { code: string; message: string };
}

export interface StudioSession {
  id: string;
  title: string;
  chatId: string;
  connectionId: string;
  messages: StudioMessage[];
  proposals: Proposal[];
  createdAt: string;
  updatedAt: string;
}
