import type { FieldError } from '../tools/types.js';
import { reasoningTagsProblem } from './reasoning-tag-check.js';
import type {
  ConnectionApi,
  OmittableField,
  PromptCachingSettings,
  QuirkProfile,
  QuirkSettings,
  ReasoningEffort,
  ReasoningTags,
  ThinkingSettings,
} from './types.js';

// The provider settings of connections and presets as stored and served (docs/api.md, docs/providers.md), and
// the one place that checks them: the server's routes call these, the adapters read the result.

export const REASONING_EFFORTS: readonly ReasoningEffort[] = [
  'none',
  'minimal',
  'low',
  'medium',
  'high',
  'xhigh',
];
export const QUIRK_PROFILES: readonly QuirkProfile[] = [
  'auto',
  'openai',
  'mistral',
  'deepseek',
  'openrouter',
  'gemini',
  'groq',
  'generic',
];
export const OMITTABLE_FIELDS: readonly OmittableField[] = [
  'stream_options',
  'parallel_tool_calls',
  'message_name',
  'reasoning_content',
];
/** Anthropic's smallest thinking budget. */
export const ANTHROPIC_MIN_THINKING_BUDGET = 1024;
/** The largest extraBody accepted, as JSON text. */
export const EXTRA_BODY_MAX_CHARS = 16_384;
/** Body fields every adapter builds itself: setting them through extraBody would break the request. */
export const EXTRA_BODY_RESERVED = ['model', 'messages', 'input', 'contents', 'stream', 'prompt'] as const;

/** Thinking settings with every key present (`null` = not set). */
export interface StoredThinking {
  effort: ReasoningEffort | null;
  budgetTokens: number | null;
  includeThoughts: boolean | null;
}

export interface StoredPromptCaching {
  tools: boolean;
  system: boolean;
  history: boolean;
  ttl: '5m' | '1h';
}

export interface StoredQuirks {
  profile: QuirkProfile;
  omit: OmittableField[];
}

/** What a connection stores besides its basic fields. */
export interface ConnectionProviderSettings {
  extraBody: Record<string, unknown>;
  thinking: StoredThinking;
  promptCaching: StoredPromptCaching;
  quirks: StoredQuirks;
  /** whether the model reads images: null = send them where the API can (docs/providers.md, "Images") */
  vision: boolean | null;
  /** the server's template opens `<think>` for every reply (Connection.replyStartsInReasoning) */
  replyStartsInReasoning: boolean;
  /** the model's own reasoning tags, or null (Connection.reasoningTags) */
  reasoningTags: ReasoningTags | null;
}

/** What a preset stores besides its sampling numbers. */
export interface PresetProviderSettings {
  extraBody: Record<string, unknown>;
  thinking: StoredThinking;
}

export const EMPTY_THINKING: Readonly<StoredThinking> = Object.freeze({
  effort: null,
  budgetTokens: null,
  includeThoughts: null,
});

export function defaultConnectionProviderSettings(): ConnectionProviderSettings {
  return {
    extraBody: {},
    thinking: { ...EMPTY_THINKING },
    promptCaching: { tools: false, system: false, history: false, ttl: '5m' },
    quirks: { profile: 'auto', omit: [] },
    vision: null,
    replyStartsInReasoning: false,
    reasoningTags: null,
  };
}

export function defaultPresetProviderSettings(): PresetProviderSettings {
  return { extraBody: {}, thinking: { ...EMPTY_THINKING } };
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function hasProtoKey(value: unknown): boolean {
  if (Array.isArray(value)) return value.some(hasProtoKey);
  if (!isPlainObject(value)) return false;
  return Object.keys(value).some((k) => k === '__proto__' || k === 'constructor' || hasProtoKey(value[k]));
}

/** Which families read which settings. */
const THINKING_APIS: readonly string[] = ['openai', 'openai-responses', 'anthropic', 'google'];

/**
 * Checks an `extraBody` (a JSON object, at most 16 KiB, none of the fields the adapter builds) and returns it;
 * `null` clears it. Problems are added to `errors`.
 */
export function readExtraBody(
  value: unknown,
  errors: FieldError[],
  field = 'extraBody',
): Record<string, unknown> | undefined {
  if (value === undefined) return undefined;
  if (value === null) return {};
  if (!isPlainObject(value)) {
    errors.push({ field, message: `${field} must be a JSON object of extra request fields, or null.` });
    return undefined;
  }
  const reserved = EXTRA_BODY_RESERVED.filter((key) => Object.hasOwn(value, key));
  if (reserved.length) {
    errors.push({
      field: `${field}.${reserved[0]}`,
      message: `${field} cannot set ${reserved.map((k) => `"${k}"`).join(', ')}: Toolsmith builds ${reserved.length > 1 ? 'those' : 'that'} itself. Use the connection's own fields.`,
    });
    return undefined;
  }
  if (hasProtoKey(value)) {
    errors.push({ field, message: `${field} must not contain "__proto__" or "constructor" keys.` });
    return undefined;
  }
  if (JSON.stringify(value).length > EXTRA_BODY_MAX_CHARS) {
    errors.push({
      field,
      message: `${field} is too large: at most ${EXTRA_BODY_MAX_CHARS} characters of JSON.`,
    });
    return undefined;
  }
  return value;
}

/**
 * Checks thinking settings for a connection family (`api`), or for a preset (no `api`: only the ranges every
 * family shares). Each key may be `null` (not set). `null` for the whole object clears it.
 */
export function readThinking(
  value: unknown,
  errors: FieldError[],
  options: { api?: ConnectionApi | string; field?: string } = {},
): StoredThinking | undefined {
  const field = options.field ?? 'thinking';
  if (value === undefined) return undefined;
  if (value === null) return { ...EMPTY_THINKING };
  if (!isPlainObject(value)) {
    errors.push({
      field,
      message: `${field} must be an object { effort, budgetTokens, includeThoughts }, or null.`,
    });
    return undefined;
  }
  const start = errors.length;
  for (const key of Object.keys(value)) {
    if (!['effort', 'budgetTokens', 'includeThoughts'].includes(key)) {
      errors.push({
        field: `${field}.${key}`,
        message: `Unknown field "${key}". Known: effort, budgetTokens, includeThoughts.`,
      });
    }
  }
  const out: StoredThinking = { ...EMPTY_THINKING };
  const effort = value.effort;
  if (effort !== undefined && effort !== null) {
    if (typeof effort === 'string' && (REASONING_EFFORTS as readonly string[]).includes(effort))
      out.effort = effort as ReasoningEffort;
    else
      errors.push({
        field: `${field}.effort`,
        message: `${field}.effort must be one of ${REASONING_EFFORTS.map((e) => `"${e}"`).join(', ')}, or null.`,
      });
  }
  const budget = value.budgetTokens;
  if (budget !== undefined && budget !== null) {
    if (typeof budget === 'number' && Number.isInteger(budget) && budget >= -1 && budget <= 1_000_000)
      out.budgetTokens = budget;
    else
      errors.push({
        field: `${field}.budgetTokens`,
        message: `${field}.budgetTokens must be a whole number from -1 to 1000000, or null.`,
      });
  }
  const include = value.includeThoughts;
  if (include !== undefined && include !== null) {
    if (typeof include === 'boolean') out.includeThoughts = include;
    else
      errors.push({
        field: `${field}.includeThoughts`,
        message: `${field}.includeThoughts must be true, false or null.`,
      });
  }
  const api = options.api;
  const set = out.effort !== null || out.budgetTokens !== null || out.includeThoughts !== null;
  if (api !== undefined && set && !THINKING_APIS.includes(api)) {
    errors.push({
      field,
      message: `${field} has no effect on ${api} connections; clear it (null). Reasoning models on text-completion backends think on their own.`,
    });
  }
  if (api === 'anthropic' && out.budgetTokens !== null && out.budgetTokens < ANTHROPIC_MIN_THINKING_BUDGET) {
    errors.push({
      field: `${field}.budgetTokens`,
      message: `${field}.budgetTokens must be at least ${ANTHROPIC_MIN_THINKING_BUDGET} for Anthropic (the API's minimum), or null to turn thinking off.`,
    });
  }
  if (api === 'google' && out.effort !== null && out.budgetTokens !== null) {
    errors.push({
      field: `${field}.budgetTokens`,
      message: `Gemini takes either ${field}.effort (thinkingLevel, Gemini 3) or ${field}.budgetTokens (thinkingBudget, Gemini 2.5), not both: clear one.`,
    });
  }
  return errors.length > start ? undefined : out;
}

/** Checks Anthropic prompt-caching settings; they apply to `anthropic` connections only. */
export function readPromptCaching(
  value: unknown,
  errors: FieldError[],
  api: ConnectionApi | string,
  field = 'promptCaching',
): StoredPromptCaching | undefined {
  if (value === undefined) return undefined;
  const off: StoredPromptCaching = { tools: false, system: false, history: false, ttl: '5m' };
  if (value === null) return off;
  if (!isPlainObject(value)) {
    errors.push({ field, message: `${field} must be an object { tools, system, history, ttl }, or null.` });
    return undefined;
  }
  const start = errors.length;
  const out = { ...off };
  for (const [key, v] of Object.entries(value)) {
    if (key === 'tools' || key === 'system' || key === 'history') {
      if (typeof v === 'boolean') out[key] = v;
      else errors.push({ field: `${field}.${key}`, message: `${field}.${key} must be true or false.` });
    } else if (key === 'ttl') {
      if (v === '5m' || v === '1h') out.ttl = v;
      else errors.push({ field: `${field}.ttl`, message: `${field}.ttl must be "5m" or "1h".` });
    } else {
      errors.push({
        field: `${field}.${key}`,
        message: `Unknown field "${key}". Known: tools, system, history, ttl.`,
      });
    }
  }
  if ((out.tools || out.system || out.history) && api !== 'anthropic') {
    errors.push({
      field,
      message: `${field} applies to Anthropic connections only (cache_control breakpoints).`,
    });
  }
  return errors.length > start ? undefined : out;
}

/** Checks the quirks setting; it applies to `openai` (Chat Completions) connections only. */
export function readQuirks(
  value: unknown,
  errors: FieldError[],
  api: ConnectionApi | string,
  field = 'quirks',
): StoredQuirks | undefined {
  if (value === undefined) return undefined;
  if (value === null) return { profile: 'auto', omit: [] };
  if (!isPlainObject(value)) {
    errors.push({ field, message: `${field} must be an object { profile, omit }, or null.` });
    return undefined;
  }
  const start = errors.length;
  const out: StoredQuirks = { profile: 'auto', omit: [] };
  for (const key of Object.keys(value)) {
    if (key !== 'profile' && key !== 'omit')
      errors.push({ field: `${field}.${key}`, message: `Unknown field "${key}". Known: profile, omit.` });
  }
  if (value.profile !== undefined) {
    if (typeof value.profile === 'string' && (QUIRK_PROFILES as readonly string[]).includes(value.profile))
      out.profile = value.profile as QuirkProfile;
    else
      errors.push({
        field: `${field}.profile`,
        message: `${field}.profile must be one of ${QUIRK_PROFILES.map((p) => `"${p}"`).join(', ')}.`,
      });
  }
  if (value.omit !== undefined) {
    const omit = value.omit;
    if (Array.isArray(omit) && omit.every((f) => (OMITTABLE_FIELDS as readonly unknown[]).includes(f)))
      out.omit = [...new Set(omit as OmittableField[])];
    else
      errors.push({
        field: `${field}.omit`,
        message: `${field}.omit must be a list of ${OMITTABLE_FIELDS.map((f) => `"${f}"`).join(', ')}.`,
      });
  }
  if ((out.profile !== 'auto' || out.omit.length > 0) && api !== 'openai') {
    errors.push({
      field,
      message: `${field} applies to OpenAI-compatible (Chat Completions) connections only.`,
    });
  }
  return errors.length > start ? undefined : out;
}

/** Stored thinking → the adapters' form (unset keys left out); undefined when nothing is set. */
export function toThinkingSettings(stored: StoredThinking | undefined): ThinkingSettings | undefined {
  if (!stored) return undefined;
  const out: ThinkingSettings = {};
  if (stored.effort !== null) out.effort = stored.effort;
  if (stored.budgetTokens !== null) out.budgetTokens = stored.budgetTokens;
  if (stored.includeThoughts !== null) out.includeThoughts = stored.includeThoughts;
  return Object.keys(out).length ? out : undefined;
}

export function toPromptCachingSettings(
  stored: StoredPromptCaching | undefined,
): PromptCachingSettings | undefined {
  if (!stored || (!stored.tools && !stored.system && !stored.history)) return undefined;
  return { ...stored };
}

export function toQuirkSettings(stored: StoredQuirks | undefined): QuirkSettings | undefined {
  if (!stored || (stored.profile === 'auto' && stored.omit.length === 0)) return undefined;
  return { profile: stored.profile, omit: [...stored.omit] };
}

/** Checks `vision` (true, false, or null for "not set"); problems are added to `errors`. */
export function readVision(value: unknown, errors: FieldError[]): boolean | null | undefined {
  if (value === undefined) return undefined;
  if (value === null || typeof value === 'boolean') return value;
  errors.push({
    field: 'vision',
    message: 'vision must be true (the model reads images), false (text only: images become a note) or null.',
  });
  return undefined;
}

/** Checks `replyStartsInReasoning` (true or false); problems are added to `errors`. */
export function readReplyStartsInReasoning(value: unknown, errors: FieldError[]): boolean | undefined {
  if (value === undefined || typeof value === 'boolean') return value;
  errors.push({
    field: 'replyStartsInReasoning',
    message:
      "replyStartsInReasoning must be true (the server's template opens <think> for every reply, so the text up to </think> is reasoning) or false.",
  });
  return undefined;
}

/** Checks `reasoningTags` ({ open, close }, or null for none); problems are added to `errors`. */
export function readReasoningTags(value: unknown, errors: FieldError[]): ReasoningTags | null | undefined {
  if (value === undefined || value === null) return value;
  const problem = reasoningTagsProblem(value);
  if (problem) {
    errors.push({ field: 'reasoningTags', message: `reasoningTags ${problem}` });
    return undefined;
  }
  const tags = value as ReasoningTags;
  return { open: tags.open, close: tags.close };
}
