// The provider-settings part of the connection and preset forms (docs/providers.md): a draft the inputs edit,
// and the request fields it becomes. Numbers and JSON are kept as typed text until saving.

import {
  ANTHROPIC_MIN_THINKING_BUDGET,
  OMITTABLE_FIELDS as CORE_OMITTABLE_FIELDS,
  QUIRK_PROFILES as CORE_QUIRK_PROFILES,
} from '@toolsmith/core/schema';
import type {
  ConnectionProviderFields,
  OmittableField,
  PresetProviderFields,
  PromptCachingSettings,
  QuirkProfile,
  ReasoningEffort,
} from '../../api/provider-settings-types';
import type { ConnectionApi } from '../../api/types';

// The choices come from the core (@toolsmith/core/schema); the labels are the UI's, one per choice.
export { REASONING_EFFORTS } from '@toolsmith/core/schema';

const QUIRK_LABELS: Record<QuirkProfile, string> = {
  auto: 'Auto (detected from the address)',
  openai: 'OpenAI',
  mistral: 'Mistral',
  deepseek: 'DeepSeek',
  openrouter: 'OpenRouter',
  gemini: 'Gemini (OpenAI compatibility)',
  groq: 'Groq',
  generic: 'Generic compatible server',
};
export const QUIRK_PROFILES: ReadonlyArray<{ value: QuirkProfile; label: string }> = CORE_QUIRK_PROFILES.map(
  (value) => ({ value, label: QUIRK_LABELS[value] }),
);

const OMITTABLE_LABELS: Record<OmittableField, string> = {
  stream_options: 'stream_options (usage in streams)',
  parallel_tool_calls: 'parallel_tool_calls',
  message_name: 'speaker on user messages',
  reasoning_content: 'reasoning sent back (reasoning_content, reasoning_details)',
};
export const OMITTABLE_FIELDS: ReadonlyArray<{ value: OmittableField; label: string }> =
  CORE_OMITTABLE_FIELDS.map((value) => ({ value, label: OMITTABLE_LABELS[value] }));

export { ANTHROPIC_MIN_THINKING_BUDGET };

export interface ThinkingDraft {
  /** '' = not set */
  effort: ReasoningEffort | '';
  /** typed text; '' = not set */
  budgetTokens: string;
  /** '' = the provider's default */
  includeThoughts: '' | 'yes' | 'no';
}

export interface ProviderDraft {
  thinking: ThinkingDraft;
  /** JSON text; '' = none */
  extraBody: string;
  promptCaching: PromptCachingSettings;
  quirks: { profile: QuirkProfile; omit: OmittableField[] };
}

export function providerDraftFrom(
  source: ConnectionProviderFields | PresetProviderFields | null,
): ProviderDraft {
  const thinking = source?.thinking;
  const connection = source as ConnectionProviderFields | null;
  const extra = source?.extraBody;
  return {
    thinking: {
      effort: thinking?.effort ?? '',
      budgetTokens: thinking?.budgetTokens == null ? '' : String(thinking.budgetTokens),
      includeThoughts: thinking?.includeThoughts == null ? '' : thinking.includeThoughts ? 'yes' : 'no',
    },
    extraBody: extra && Object.keys(extra).length > 0 ? JSON.stringify(extra, null, 2) : '',
    promptCaching: connection?.promptCaching
      ? { ...connection.promptCaching }
      : { tools: false, system: false, history: false, ttl: '5m' },
    quirks: connection?.quirks
      ? { profile: connection.quirks.profile, omit: [...connection.quirks.omit] }
      : { profile: 'auto', omit: [] },
  };
}

/** Which thinking inputs mean something for a family (presets: all of them). */
export function thinkingInputs(api: ConnectionApi | 'preset'): {
  effort: boolean;
  budget: boolean;
  includeThoughts: boolean;
} {
  switch (api) {
    case 'anthropic':
      return { effort: false, budget: true, includeThoughts: false };
    case 'text-completion':
      return { effort: false, budget: false, includeThoughts: false };
    case 'openai-responses':
      return { effort: true, budget: false, includeThoughts: true };
    default:
      return { effort: true, budget: true, includeThoughts: true };
  }
}

type Result = { ok: true; fields: Record<string, unknown> } | { ok: false; errors: Record<string, string> };

function thinkingBody(draft: ThinkingDraft, errors: Record<string, string>, api: ConnectionApi | 'preset') {
  const shown = thinkingInputs(api);
  const text = draft.budgetTokens.trim();
  let budgetTokens: number | null = null;
  if (shown.budget && text !== '') {
    const n = Number(text);
    if (!Number.isInteger(n) || n < -1 || n > 1_000_000) {
      errors.thinking = 'Thinking budget must be a whole number from -1 to 1000000, or empty.';
    } else if (api === 'anthropic' && n < ANTHROPIC_MIN_THINKING_BUDGET) {
      errors.thinking = `Anthropic's thinking budget is at least ${ANTHROPIC_MIN_THINKING_BUDGET} tokens (empty = thinking off).`;
    } else budgetTokens = n;
  }
  return {
    effort: shown.effort && draft.effort !== '' ? draft.effort : null,
    budgetTokens,
    includeThoughts:
      shown.includeThoughts && draft.includeThoughts !== '' ? draft.includeThoughts === 'yes' : null,
  };
}

function extraBodyValue(text: string, errors: Record<string, string>): Record<string, unknown> | null {
  if (text.trim() === '') return null;
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value === 'object' && value !== null && !Array.isArray(value))
      return value as Record<string, unknown>;
    errors.extraBody = 'Extra body must be a JSON object, like {"top_a": 0.1}.';
  } catch (error) {
    errors.extraBody = `Extra body is not valid JSON: ${(error as Error).message}`;
  }
  return null;
}

/**
 * The connection's provider fields for the request body. Settings another family does not read are sent as
 * `null`, so switching the family does not leave stale settings behind (the server would refuse them).
 */
export function connectionProviderBody(draft: ProviderDraft, api: ConnectionApi): Result {
  const errors: Record<string, string> = {};
  const fields: Record<string, unknown> = {
    thinking: api === 'text-completion' ? null : thinkingBody(draft.thinking, errors, api),
    extraBody: extraBodyValue(draft.extraBody, errors),
    promptCaching: api === 'anthropic' ? { ...draft.promptCaching } : null,
    quirks: api === 'openai' ? { profile: draft.quirks.profile, omit: [...draft.quirks.omit] } : null,
  };
  return Object.keys(errors).length ? { ok: false, errors } : { ok: true, fields };
}

export function presetProviderBody(draft: ProviderDraft): Result {
  const errors: Record<string, string> = {};
  const fields = {
    thinking: thinkingBody(draft.thinking, errors, 'preset'),
    extraBody: extraBodyValue(draft.extraBody, errors),
  };
  return Object.keys(errors).length ? { ok: false, errors } : { ok: true, fields };
}

/** The message for a field or any of its sub-fields (`thinking` also finds `thinking.budgetTokens`). */
export function errorFor(errors: Record<string, string>, field: string): string | undefined {
  if (errors[field]) return errors[field];
  const key = Object.keys(errors).find((k) => k.startsWith(`${field}.`));
  return key ? errors[key] : undefined;
}
