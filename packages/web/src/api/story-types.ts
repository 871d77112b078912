// API shapes for the story context: lorebooks, personas, characters and card import review, agents and
// orchestration (docs/api.md). Re-exported from ./types.
import type {
  AgentResource,
  CardLorebookConflict,
  CharacterResource as Character,
  ChatResource,
} from '@toolsmith/core/api-schema';
import type { CardToolReview, OrchestrationMode, WorldInfoActivationReason } from '@toolsmith/core/schema';
import type { Tool } from './types';

// --- Lorebooks, personas and chat context (appended) ---

/** Lorebooks, their entries and the list's summaries (from the route schemas). */
export type {
  LorebookEntryResource as LorebookEntry,
  LorebookResource as Lorebook,
  LorebookSummary,
} from '@toolsmith/core/api-schema';
export type { SelectiveLogic, WorldInfoPosition, WorldInfoRole } from '@toolsmith/core/schema';

/** Why an entry activated. */
export type ActivationReason = WorldInfoActivationReason;

/** `GET /api/chats/:id/world-info` → `{ activation }`: the chat's last world-info activation. */
export type {
  ActivationEntryName,
  PersonaResource as Persona,
  WorldInfoActivationTrace,
} from '@toolsmith/core/api-schema';

/** The chat fields this part reads beside `Chat` (the server sends them on every chat). */
export type ChatContext = Pick<ChatResource, 'personaId' | 'characterIds' | 'settings'>;

/** `chat.settings.worldInfo`: the chat's activation settings; unset fields keep the engine's defaults. */
export type { ChatWorldInfoSettings } from '@toolsmith/core/api-schema';

// --- Orchestration simulation (appended) ---

export type { OrchestrationMode } from '@toolsmith/core/schema';

/** The modes as the UI names them, in the order pickers show them. */
export const ORCHESTRATION_MODE_LABELS: Record<OrchestrationMode, string> = {
  loop: 'Loop',
  director: 'Director',
  spec: 'Spec (node graph)',
  agenda: 'Agenda (planner)',
};

/** `POST /api/orchestration/simulate` and `POST /api/agents/:id/run`. */
export type { OrchestrationRunAnswer as OrchestrationRunResult } from '@toolsmith/core/api-schema';
export type {
  AgendaItem,
  OrchestrationTraceCall,
  OrchestrationTraceNode,
  OrchestrationTraceRound,
} from '@toolsmith/core/schema';

export type AgentSummary = Pick<AgentResource, 'id' | 'name'>;

// --- Characters and card import review (appended) ---

/** A character: its card's fields at the top level (from the route schema). */
export type { CharacterResource as Character } from '@toolsmith/core/api-schema';

export type { CardToolReview } from '@toolsmith/core/schema';

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
  /** the card's lorebook has the name of a stored one (issue 14.6): Replace, Keep both or Skip */
  lorebook?: CardLorebookConflict;
}

export type { CardLorebookConflict, LorebookAction } from '@toolsmith/core/api-schema';

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
export type { AgentResource as Agent } from '@toolsmith/core/api-schema';
