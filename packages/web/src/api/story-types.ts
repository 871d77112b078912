// API shapes for the story context: lorebooks, personas, characters and card import review, agents and
// orchestration (docs/api.md). Re-exported from ./types.
import type { Tool, ToolKind, ToolMode } from './types';

// --- Lorebooks, personas and chat context (appended) ---

export type SelectiveLogic = 'AND_ANY' | 'NOT_ALL' | 'NOT_ANY' | 'AND_ALL';
export type WorldInfoPosition = 'before' | 'after' | 'depth';
export type WorldInfoRole = 'system' | 'user' | 'assistant';

/** One lorebook entry as the server stores it (the core's WorldInfoEntry). */
export interface LorebookEntry {
  uid?: string | number;
  keys: string[];
  secondaryKeys?: string[];
  selectiveLogic?: SelectiveLogic;
  selective?: boolean;
  content: string;
  comment?: string;
  constant?: boolean;
  disabled?: boolean;
  position?: WorldInfoPosition;
  depth?: number;
  role?: WorldInfoRole;
  order?: number;
  scanDepth?: number;
  caseSensitive?: boolean;
  matchWholeWords?: boolean;
  probability?: number;
  useProbability?: boolean;
  excludeRecursion?: boolean;
  preventRecursion?: boolean;
  extensions?: Record<string, unknown>;
  passthrough?: Record<string, unknown>;
}

export interface LorebookSummary {
  id: string;
  name: string;
  description: string;
  global: boolean;
  disabled: boolean;
  scanDepth: number | null;
  caseSensitive: boolean | null;
  matchWholeWords: boolean | null;
  entryCount: number;
  createdAt?: string;
  updatedAt?: string;
}

export interface Lorebook extends Omit<LorebookSummary, 'entryCount'> {
  entries: LorebookEntry[];
}

/** Why an entry activated (the core's WorldInfoActivationReason). */
export type ActivationReason =
  | { kind: 'constant' }
  | { kind: 'forced' }
  | { kind: 'key'; key: string; match: string; messageIndex: number }
  | {
      kind: 'secondary';
      key: string;
      match: string;
      messageIndex: number;
      logic: SelectiveLogic;
      secondaryMatches: string[];
    }
  | {
      kind: 'recursion';
      depth: number;
      key: string;
      match: string;
      triggeredBy: { book?: string; uid: string | number };
    };

export interface ActivationEntryName {
  book: string | null;
  bookName: string | null;
  uid: string | number | null;
  title: string;
}

/** `GET /api/chats/:id/world-info` → `{ activation }`: the chat's last world-info activation. */
export interface WorldInfoActivationTrace {
  at: string;
  activated: Array<
    ActivationEntryName & { position: string; depth?: number; role?: string; reason: ActivationReason }
  >;
  trace: Array<
    ActivationEntryName & {
      activated: boolean;
      reason?: ActivationReason;
      skipped?: string;
      failedLogic?: SelectiveLogic;
      roll?: number;
      cost?: number;
      invalidKeys?: string[];
    }
  >;
  budget?: { limit: number; unit: 'chars' | 'tokens'; used: number; overflowed: boolean };
  recursionDepth: number;
}

export interface Persona {
  id: string;
  name: string;
  description: string;
  /** a portrait is stored (GET /api/personas/:id/avatar) */
  hasAvatar?: boolean;
  createdAt?: string;
  updatedAt?: string;
}

/** The chat fields this part reads beside `Chat` (the server sends them on every chat). */
export interface ChatContext {
  personaId?: string | null;
  /** one character, or several for a group chat */
  characterIds?: string[];
  settings: {
    lorebookIds?: string[];
    worldInfo?: ChatWorldInfoSettings;
    /** run the orchestration profile before each reply (mode: the profile's own when absent) */
    orchestration?: { enabled: boolean; mode?: OrchestrationMode };
  };
}

/** `chat.settings.worldInfo`: the chat's activation settings; unset fields keep the engine's defaults. */
export interface ChatWorldInfoSettings {
  scanDepth?: number;
  budget?: { limit: number; unit: 'tokens' | 'chars' };
  recursion?: { enabled?: boolean; maxDepth?: number };
}

// --- Orchestration simulation (appended) ---

export type OrchestrationMode = 'loop' | 'director' | 'spec' | 'agenda';

/** The modes as the UI names them, in the order pickers show them. */
export const ORCHESTRATION_MODE_LABELS: Record<OrchestrationMode, string> = {
  loop: 'Loop',
  director: 'Director',
  spec: 'Spec (node graph)',
  agenda: 'Agenda (planner)',
};

/** One agenda item of an agenda run's trace. */
export interface AgendaItem {
  id: string;
  text: string;
  status: 'open' | 'assigned' | 'done';
  assignedTo?: string;
  result?: string;
  note?: string;
}

export interface OrchestrationTraceCall {
  id: string;
  name: string;
  args: Record<string, unknown>;
  ok: boolean;
  result?: unknown;
  error?: { code: string; message: string; hint?: string };
  durationMs: number;
  simulated: boolean;
  unvalidated: boolean;
  delegation?: OrchestrationTraceNode;
}

export interface OrchestrationTraceRound {
  round: number;
  final: boolean;
  text: string;
  reasoning: string;
  calls: OrchestrationTraceCall[];
}

export interface OrchestrationTraceNode {
  agent: string;
  role: 'loop' | 'director' | 'sub-agent' | 'agent' | 'spec' | 'node' | 'planner';
  scope: string;
  offeredTools: string[];
  startedAtMs: number;
  durationMs: number;
  rounds: OrchestrationTraceRound[];
  finalText: string;
  stoppedBecause?: string;
  error?: { code: string; message: string };
  /** a spec node: the nodes it read */
  inputs?: string[];
  /** a spec run's root: its nodes in the order they started */
  children?: OrchestrationTraceNode[];
  /** a spec node that never ran, and why */
  skipped?: string;
}

/** `POST /api/orchestration/simulate` and `POST /api/agents/:id/run`. */
export interface OrchestrationRunResult {
  outcome: {
    notes: string;
    forcedEntries: Array<{ book?: string; uid: string | number }>;
    variableWrites: Array<{ scope: 'chat' | 'global'; name: string; value: unknown }>;
  };
  trace: {
    mode: OrchestrationMode | 'agent';
    simulate: boolean;
    startedAt: string;
    durationMs: number;
    root: OrchestrationTraceNode;
    /** agenda mode: the agenda as it stood at the end */
    agenda?: AgendaItem[];
  };
  error?: { code: string; message: string };
  applied?: boolean;
}

export interface AgentSummary {
  id: string;
  name: string;
}

// --- Characters and card import review (appended) ---

export interface Character {
  id: string;
  name: string;
  description: string;
  personality: string;
  scenario: string;
  first_mes: string;
  mes_example: string;
  system_prompt: string;
  post_history_instructions: string;
  creator_notes: string;
  creator: string;
  character_version: string;
  alternate_greetings: string[];
  tags: string[];
  extensions: Record<string, unknown>;
  hasAvatar: boolean;
  lorebookId: string | null;
  createdAt?: string;
  updatedAt?: string;
}

/** One tool of a card under review (the core's CardToolReview). */
export interface CardToolReview {
  name: string;
  displayName?: string;
  kind: ToolKind;
  mode: ToolMode;
  description: string;
  parameters: Record<string, unknown>;
  body: string | null;
  simulateBody: string | null;
  staticResult: string | null;
  origin: string | null;
  requestedEnabled: boolean;
  requestedHiddenContext: boolean;
  source: 'toolsmith' | 'luker' | 'orchestration';
  format: string;
  willImport: boolean;
  enabledAfterImport: boolean;
  skipReason?: string;
}

export interface CardImportReviewData {
  card: { name: string; description?: string; tags?: string[]; [field: string]: unknown };
  format: 'json' | 'png';
  version: string;
  specVersion?: string;
  hasImage: boolean;
  orchestration?: Record<string, unknown>;
  tools: CardToolReview[];
  hasTools: boolean;
  warnings: string[];
}

/** `POST /api/characters/import` and `POST /api/characters/import/:id/apply`. */
export type CardImportAnswer =
  | {
      status: 'saved';
      character: Character;
      tools: Tool[];
      skipped: Array<{ name: string; reason: string }>;
      lorebookId: string | null;
      warnings: string[];
    }
  | { status: 'review'; importId: string; expiresAt?: string; review: CardImportReviewData };

/** `GET /api/agents` entries. */
export interface Agent extends AgentSummary {
  connectionId: string | null;
  presetId: string | null;
  systemPrompt: string;
  tools: string[];
  createdAt?: string;
  updatedAt?: string;
}
