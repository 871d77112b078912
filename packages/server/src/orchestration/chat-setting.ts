import { ORCHESTRATION_MODES, type OrchestrationMode } from '@toolsmith/core';
import type { ChatOrchestrationSetting } from '@toolsmith/core/api-schema';
import type { StoredChat } from '../storage/types.js';

const isMode = (v: unknown): v is OrchestrationMode => ORCHESTRATION_MODES.includes(v as OrchestrationMode);

/** `chat.settings.orchestration`: whether the profile runs before each reply, and in which mode. */
export type { ChatOrchestrationSetting };

/** The chat's setting; absent means off. */
export function chatOrchestrationSetting(chat: Pick<StoredChat, 'settings'>): ChatOrchestrationSetting {
  const raw = (chat.settings as { orchestration?: unknown }).orchestration;
  if (typeof raw !== 'object' || raw === null) return { enabled: false };
  const { enabled, mode } = raw as Record<string, unknown>;
  return {
    enabled: enabled === true,
    ...(isMode(mode) ? { mode } : {}),
  };
}
