// Provider settings of connections and presets as the API serves them (docs/api.md, docs/providers.md).

export type ReasoningEffort = 'none' | 'minimal' | 'low' | 'medium' | 'high' | 'xhigh';
export type QuirkProfile =
  | 'auto'
  | 'openai'
  | 'mistral'
  | 'deepseek'
  | 'openrouter'
  | 'gemini'
  | 'groq'
  | 'generic';
export type OmittableField = 'stream_options' | 'parallel_tool_calls' | 'message_name' | 'reasoning_content';

export interface ThinkingSettings {
  effort: ReasoningEffort | null;
  budgetTokens: number | null;
  includeThoughts: boolean | null;
}

export interface PromptCachingSettings {
  tools: boolean;
  system: boolean;
  history: boolean;
  ttl: '5m' | '1h';
}

export interface QuirkSettings {
  profile: QuirkProfile;
  omit: OmittableField[];
}

/** Present on every connection the server answers with (older servers: absent). */
export interface ConnectionProviderFields {
  extraBody?: Record<string, unknown>;
  thinking?: ThinkingSettings;
  promptCaching?: PromptCachingSettings;
  quirks?: QuirkSettings;
}

export interface PresetProviderFields {
  extraBody?: Record<string, unknown>;
  thinking?: ThinkingSettings;
}
