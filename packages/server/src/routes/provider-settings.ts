import type { ConnectionApi, FieldError } from '@toolsmith/core';
import {
  readExtraBody,
  readPromptCaching,
  readQuirks,
  readReasoningTags,
  readReplyStartsInReasoning,
  readThinking,
  readVision,
} from '@toolsmith/core/internal';
import type { ConnectionInput, PresetInput } from '../storage/types.js';

type ProviderSettingFields = Record<
  | 'extraBody'
  | 'thinking'
  | 'promptCaching'
  | 'quirks'
  | 'vision'
  | 'replyStartsInReasoning'
  | 'reasoningTags',
  unknown
>;

type ConnectionSettingsInput = Pick<ConnectionInput, keyof ProviderSettingFields>;

/**
 * A connection's provider settings from a request body (their shapes checked by the route schema), checked for
 * the family they will be used with (`api`, the one sent or the stored one). Problems go to `errors`; fields
 * not sent stay undefined (unchanged).
 */
export function parseProviderSettings(
  body: Partial<ProviderSettingFields>,
  errors: FieldError[],
  api: ConnectionApi,
): ConnectionSettingsInput {
  return {
    extraBody: readExtraBody(body.extraBody, errors),
    thinking: readThinking(body.thinking, errors, { api }),
    promptCaching: readPromptCaching(body.promptCaching, errors, api),
    quirks: readQuirks(body.quirks, errors, api),
    vision: readVision(body.vision, errors),
    replyStartsInReasoning: readReplyStartsInReasoning(body.replyStartsInReasoning, errors),
    reasoningTags: readReasoningTags(body.reasoningTags, errors),
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
