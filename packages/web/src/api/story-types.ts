// API shapes for the story context: lorebooks, personas, characters and card import review, agents and
// orchestration (docs/api.md). Re-exported from ./types.
import type { AgentResource, ChatResource } from '@toolsmith/core/api-schema';
import type { OrchestrationMode, WorldInfoActivationReason } from '@toolsmith/core/schema';

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
/** The card import review and its answers (from the route schemas). */
/** `GET /api/agents` entries. */
export type {
  AgentResource as Agent,
  CardImportAnswer,
  CardImportReviewData,
  CardLorebookConflict,
  CharacterResource as Character,
  LorebookAction,
} from '@toolsmith/core/api-schema';
export type { CardToolReview } from '@toolsmith/core/schema';
