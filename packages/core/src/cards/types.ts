import type { ToolDefinition } from '../tools/types.js';

export type CardVersion = 'v1' | 'v2' | 'v3';
export type CardFormat = 'json' | 'png';

/** A Character Card V3 asset (`ccdefault:` URIs mean "the application's default"). */
export interface CardAsset {
  type: string;
  uri: string;
  name: string;
  ext: string;
  [field: string]: unknown;
}

/**
 * A card's `data`, normalized to the V3 shape whatever version it was read from. Fields neither spec
 * names are kept (the index signature) so a card survives a round trip; so is everything in `extensions`.
 * `character_book` is kept as the card had it (see `lorebookFromCharacterBook` to use it).
 */
export interface CardData {
  name: string;
  description: string;
  personality: string;
  scenario: string;
  first_mes: string;
  mes_example: string;
  creator_notes: string;
  system_prompt: string;
  post_history_instructions: string;
  alternate_greetings: string[];
  character_book?: Record<string, unknown>;
  tags: string[];
  creator: string;
  character_version: string;
  extensions: Record<string, unknown>;
  group_only_greetings: string[];
  assets?: CardAsset[];
  nickname?: string;
  creator_notes_multilingual?: Record<string, string>;
  source?: string[];
  /** Unix time in seconds */
  creation_date?: number;
  /** Unix time in seconds */
  modification_date?: number;
  [field: string]: unknown;
}

/** Where Toolsmith keeps a card's tools: `data.extensions.toolsmith`. */
export const CARD_TOOLS_EXTENSION = 'toolsmith';
export const CARD_TOOLS_VERSION = 1;

/** `data.extensions.toolsmith`: the character's tools and its orchestration override. */
export interface CardToolsExtension {
  version: number;
  tools: ToolDefinition[];
  /**
   * the character's orchestration override (an `OrchestrationProfile`, checked with
   * `parseOrchestrationProfile` when stored), kept as the card has it. Its own `tools` belong to the profile;
   * the import review shows them beside the card's and makes them safe the same way.
   */
  orchestration?: Record<string, unknown>;
  [field: string]: unknown;
}
