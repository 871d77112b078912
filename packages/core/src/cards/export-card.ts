import type { ToolDefinition } from '../tools/types.js';
import { attachCardTools } from './card-tools.js';
import { defaultCardPng } from './default-png.js';
import { type CardLimits, DEFAULT_CARD_LIMITS } from './limits.js';
import { writeCardPng } from './png-card.js';
import type { CardData } from './types.js';
import {
  type CardV2Document,
  type CardV3Document,
  toCardV2Document,
  toCardV3Document,
} from './write-card.js';

export interface CardExportOptions {
  /** the character's orchestration override, carried in `extensions.toolsmith.orchestration` */
  orchestration?: Record<string, unknown>;
}

/** A card as JSON (V3 by default) with the tools in `data.extensions.toolsmith`. */
export function exportCardJson(
  character: CardData,
  tools: readonly ToolDefinition[],
  options: CardExportOptions & { version: 'v2' },
): CardV2Document;
export function exportCardJson(
  character: CardData,
  tools: readonly ToolDefinition[],
  options?: CardExportOptions & { version?: 'v3' },
): CardV3Document;
export function exportCardJson(
  character: CardData,
  tools: readonly ToolDefinition[],
  options?: CardExportOptions & { version?: 'v2' | 'v3' },
): CardV2Document | CardV3Document;
export function exportCardJson(
  character: CardData,
  tools: readonly ToolDefinition[],
  options: CardExportOptions & { version?: 'v2' | 'v3' } = {},
): CardV2Document | CardV3Document {
  const card = attachCardTools(character, tools, options.orchestration);
  return options.version === 'v2' ? toCardV2Document(card) : toCardV3Document(card);
}

/**
 * A card PNG: `png` (the character's portrait; a tiny grey image when none is given) with a `ccv3` chunk
 * (V3) and a `chara` chunk (V2, for readers that only know V2), both carrying the tools.
 */
export function exportCardPng(
  character: CardData,
  tools: readonly ToolDefinition[],
  png?: Uint8Array,
  options: CardExportOptions & { limits?: CardLimits } = {},
): Uint8Array {
  const card = attachCardTools(character, tools, options.orchestration);
  return writeCardPng(
    png ?? defaultCardPng(character.name),
    { chara: toCardV2Document(card), ccv3: toCardV3Document(card) },
    options.limits ?? DEFAULT_CARD_LIMITS,
  );
}
