import type { Connection, OmittableField, QuirkProfile } from '../types.js';

/**
 * What one OpenAI-compatible provider accepts, from its documentation (docs/providers.md, "Quirks"). The
 * adapter leaves out what a provider refuses instead of letting the request fail with a 400 or 422.
 */
export interface OpenAIProfile {
  name: Exclude<QuirkProfile, 'auto'>;
  /** `stream_options: { include_usage }` (Mistral answers 422) */
  streamOptions: boolean;
  /** `name` on user messages (Mistral 422, Groq 400) */
  messageName: boolean;
  /** `parallel_tool_calls` */
  parallelToolCalls: boolean;
  /**
   * How an assistant turn's reasoning goes back: `always` on every tool-calling turn, empty if need be (DeepSeek's
   * thinking mode answers 400 without it); `present` in the field it came in; `never` (strict servers refuse the
   * unknown field).
   */
  reasoningBack: 'always' | 'present' | 'never';
  /** OpenRouter `reasoning_details` go back on the assistant message */
  reasoningDetails: boolean;
  /** Gemini's `extra_content.google.thought_signature` goes back on tool calls and text */
  extraContent: boolean;
  /** the output limit field for ordinary models (OpenAI deprecated `max_tokens`; others only know it) */
  maxTokensField: 'max_tokens' | 'max_completion_tokens';
  /** how a reasoning effort / budget is spelled */
  reasoningStyle: 'reasoning_effort' | 'openrouter' | 'gemini';
  /** `top_k`, `min_p`, `repetition_penalty` and other local samplers (vLLM, llama.cpp, LM Studio, OpenRouter) */
  samplers: boolean;
}

const BASE: Omit<OpenAIProfile, 'name'> = {
  streamOptions: true,
  messageName: true,
  parallelToolCalls: true,
  reasoningBack: 'present',
  reasoningDetails: true,
  extraContent: true,
  maxTokensField: 'max_tokens',
  reasoningStyle: 'reasoning_effort',
  samplers: false,
};

export const OPENAI_PROFILES: Readonly<Record<OpenAIProfile['name'], OpenAIProfile>> = Object.freeze({
  generic: { ...BASE, name: 'generic', samplers: true },
  openai: {
    ...BASE,
    name: 'openai',
    reasoningBack: 'never',
    reasoningDetails: false,
    extraContent: false,
    maxTokensField: 'max_completion_tokens',
  },
  mistral: {
    ...BASE,
    name: 'mistral',
    streamOptions: false,
    messageName: false,
    reasoningBack: 'never',
    reasoningDetails: false,
    extraContent: false,
  },
  deepseek: {
    ...BASE,
    name: 'deepseek',
    reasoningBack: 'always',
    reasoningDetails: false,
    extraContent: false,
  },
  openrouter: {
    ...BASE,
    name: 'openrouter',
    extraContent: false,
    reasoningStyle: 'openrouter',
    samplers: true,
  },
  gemini: {
    ...BASE,
    name: 'gemini',
    reasoningBack: 'never',
    reasoningDetails: false,
    reasoningStyle: 'gemini',
  },
  groq: {
    ...BASE,
    name: 'groq',
    messageName: false,
    reasoningBack: 'never',
    reasoningDetails: false,
    extraContent: false,
  },
});

/** Host names (and their subdomains) of the providers with a profile. */
const HOSTS: Array<[string, OpenAIProfile['name']]> = [
  ['api.openai.com', 'openai'],
  ['mistral.ai', 'mistral'],
  ['deepseek.com', 'deepseek'],
  ['openrouter.ai', 'openrouter'],
  ['generativelanguage.googleapis.com', 'gemini'],
  ['groq.com', 'groq'],
];

/** The profile a base URL points at; anything unknown (local servers, proxies) is `generic`. */
export function detectOpenAIProfile(baseUrl: string): OpenAIProfile['name'] {
  let host: string;
  try {
    host = new URL(baseUrl).hostname.toLowerCase();
  } catch {
    return 'generic';
  }
  for (const [suffix, name] of HOSTS) if (host === suffix || host.endsWith(`.${suffix}`)) return name;
  return 'generic';
}

const OMIT_KEYS: Record<OmittableField, keyof OpenAIProfile> = {
  stream_options: 'streamOptions',
  parallel_tool_calls: 'parallelToolCalls',
  message_name: 'messageName',
  reasoning_content: 'reasoningBack',
};

/** The connection's profile: the one it names, or the one its base URL points at, minus what it omits. */
export function openaiProfile(connection: Connection): OpenAIProfile {
  const chosen = connection.quirks?.profile;
  const name = chosen && chosen !== 'auto' && Object.hasOwn(OPENAI_PROFILES, chosen) ? chosen : undefined;
  const base = OPENAI_PROFILES[name ?? detectOpenAIProfile(connection.baseUrl)];
  const omit = connection.quirks?.omit;
  if (!omit?.length) return base;
  const profile: OpenAIProfile = { ...base };
  for (const field of omit) {
    const key = OMIT_KEYS[field];
    if (key === 'reasoningBack') {
      profile.reasoningBack = 'never';
      profile.reasoningDetails = false;
    } else if (key) (profile as unknown as Record<string, unknown>)[key] = false;
  }
  return profile;
}

/**
 * OpenAI reasoning models (o1, o3, o4-mini, gpt-5 and later, also behind OpenRouter's `openai/` prefix):
 * they take `max_completion_tokens` and refuse temperature, top_p, penalties and stop sequences.
 * `gpt-5-chat` models are ordinary chat models.
 */
export function isOpenAIReasoningModel(model: string): boolean {
  const name = model
    .trim()
    .toLowerCase()
    .replace(/^openai\//, '');
  if (/^gpt-5[\w.-]*-chat/.test(name)) return false;
  return /^o\d+(?:$|[-.])/.test(name) || /^gpt-5(?:$|[-.])/.test(name) || /^gpt-[6-9](?:$|[-.])/.test(name);
}
