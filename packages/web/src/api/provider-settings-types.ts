// Provider settings of connections and presets as the API serves them (docs/api.md, docs/providers.md): the
// core's stored shapes, every key present (`null` = not set).
import type {
  ConnectionProviderSettings,
  PresetProviderSettings,
  StoredPromptCaching,
  StoredQuirks,
  StoredThinking,
} from '@toolsmith/core/schema';

export type { OmittableField, QuirkProfile, ReasoningEffort } from '@toolsmith/core/schema';
export type ThinkingSettings = StoredThinking;
export type PromptCachingSettings = StoredPromptCaching;
export type QuirkSettings = StoredQuirks;

/** Present on every connection the server answers with (older servers: absent). */
export type ConnectionProviderFields = Partial<ConnectionProviderSettings>;
export type PresetProviderFields = Partial<PresetProviderSettings>;
