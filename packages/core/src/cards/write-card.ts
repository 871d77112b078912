import type { CardData } from './types.js';

export interface CardV3Document {
  spec: 'chara_card_v3';
  spec_version: '3.0';
  data: CardData;
}

export interface CardV2Document {
  spec: 'chara_card_v2';
  spec_version: '2.0';
  data: Record<string, unknown>;
  name: string;
  description: string;
  personality: string;
  scenario: string;
  first_mes: string;
  mes_example: string;
}

const copy = <T>(value: T): T => structuredClone(value);

/** A V3 card document: the normalized data as it is. */
export function toCardV3Document(card: CardData): CardV3Document {
  return { spec: 'chara_card_v3', spec_version: '3.0', data: copy(card) };
}

/**
 * A V2 card document. V3-only fields that carry nothing (an empty `group_only_greetings`) are left out;
 * the others stay in `data` as fields a V2 reader ignores, so a V3 card loses nothing when written as V2.
 * The V1 fields are mirrored at the root for readers that only know V1.
 */
export function toCardV2Document(card: CardData): CardV2Document {
  const data: Record<string, unknown> = copy(card);
  if (Array.isArray(data.group_only_greetings) && data.group_only_greetings.length === 0) {
    delete data.group_only_greetings;
  }
  return {
    spec: 'chara_card_v2',
    spec_version: '2.0',
    data,
    name: card.name,
    description: card.description,
    personality: card.personality,
    scenario: card.scenario,
    first_mes: card.first_mes,
    mes_example: card.mes_example,
  };
}
