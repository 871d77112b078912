import type { ConnectionApi, FieldError } from '@toolsmith/core';
import {
  readExtraBody,
  readPromptCaching,
  readQuirks,
  readThinking,
  readVision,
} from '@toolsmith/core/internal';
import type { ConnectionInput, PresetInput } from '../storage/types.js';
import type { FieldChecker } from './fields.js';

/** The provider-setting fields a connection accepts (docs/api.md, docs/providers.md). */
export const PROVIDER_SETTING_FIELDS = [
  'extraBody',
  'thinking',
  'promptCaching',
  'quirks',
  'vision',
] as const;

type ConnectionSettingsInput = Pick<ConnectionInput, (typeof PROVIDER_SETTING_FIELDS)[number]>;

/**
 * A connection's provider settings from a request body, checked for the family they will be used with (`api`,
 * the one sent or the stored one). Problems go to `check`; fields not sent stay undefined (unchanged).
 */
export function parseProviderSettings(check: FieldChecker, api: ConnectionApi): ConnectionSettingsInput {
  const body = check.body;
  return {
    extraBody: readExtraBody(body.extraBody, check.errors),
    thinking: readThinking(body.thinking, check.errors, { api }),
    promptCaching: readPromptCaching(body.promptCaching, check.errors, api),
    quirks: readQuirks(body.quirks, check.errors, api),
    vision: readVision(body.vision, check.errors),
  };
}

/**
 * A preset's provider settings (their shapes checked by the route schema): only what every family shares is
 * checked (a preset serves any connection). Problems go to `errors`.
 */
export function parsePresetProviderSettings(
  body: { extraBody?: unknown; thinking?: unknown },
  errors: FieldError[],
): Pick<PresetInput, 'extraBody' | 'thinking'> {
  return {
    extraBody: readExtraBody(body.extraBody, errors),
    thinking: readThinking(body.thinking, errors),
  };
}
