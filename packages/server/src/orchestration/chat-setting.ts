import { type FieldError, ORCHESTRATION_MODES, type OrchestrationMode } from '@toolsmith/core';
import type { StoredChat } from '../storage/types.js';

const isMode = (v: unknown): v is OrchestrationMode => ORCHESTRATION_MODES.includes(v as OrchestrationMode);

/** `chat.settings.orchestration`: whether the profile runs before each reply, and in which mode. */
export interface ChatOrchestrationSetting {
  enabled: boolean;
  /** default: the profile's own mode */
  mode?: OrchestrationMode;
}

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

/** Checks `settings.orchestration` of a chat body. */
export function parseChatOrchestrationSetting(
  raw: unknown,
): { ok: true; value: ChatOrchestrationSetting } | { ok: false; errors: FieldError[] } {
  const at = 'settings.orchestration';
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    return { ok: false, errors: [{ field: at, message: `${at} must be an object { enabled, mode }.` }] };
  }
  const errors: FieldError[] = [];
  const body = raw as Record<string, unknown>;
  for (const key of Object.keys(body)) {
    if (key !== 'enabled' && key !== 'mode')
      errors.push({ field: `${at}.${key}`, message: `Unknown field "${key}". Known fields: enabled, mode.` });
  }
  if (typeof body.enabled !== 'boolean')
    errors.push({ field: `${at}.enabled`, message: `${at}.enabled must be true or false.` });
  if (body.mode !== undefined && body.mode !== null && !isMode(body.mode))
    errors.push({
      field: `${at}.mode`,
      message: `${at}.mode must be "loop", "director", "spec", "agenda" or null (the profile's mode).`,
    });
  if (errors.length) return { ok: false, errors };
  const value: ChatOrchestrationSetting = { enabled: body.enabled as boolean };
  if (isMode(body.mode)) value.mode = body.mode;
  return { ok: true, value };
}
