import { CardError } from './card-error.js';
import type { CardAsset, CardData, CardVersion } from './types.js';

type Json = Record<string, unknown>;

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
/** Text fields: strings kept, numbers and booleans written out, anything else empty. */
const text = (v: unknown): string =>
  typeof v === 'string' ? v : typeof v === 'number' || typeof v === 'boolean' ? String(v) : '';
const strings = (v: unknown): string[] =>
  Array.isArray(v) ? v.filter((s): s is string => typeof s === 'string') : [];
/** Dates: Unix seconds as numbers; numeric strings accepted. */
const unixTime = (v: unknown): number | undefined => {
  const n = typeof v === 'string' && v.trim() !== '' ? Number(v) : v;
  return typeof n === 'number' && Number.isFinite(n) ? n : undefined;
};

export interface ParsedCard {
  card: CardData;
  version: CardVersion;
  /** the `spec_version` the file declared (V2/V3) */
  specVersion?: string;
  warnings: string[];
}

/** The V1 (TavernAI) fields, also mirrored at the root of many V2/V3 files. */
const V1_FIELDS = ['name', 'description', 'personality', 'scenario', 'first_mes', 'mes_example'] as const;
const ROOT_KEYS = new Set(['spec', 'spec_version', 'data']);

function assets(v: unknown): CardAsset[] | undefined {
  if (!Array.isArray(v)) return undefined;
  return v
    .filter((a): a is Json => isObject(a) && typeof a.uri === 'string')
    .map((a) => ({ ...a, type: text(a.type), uri: a.uri as string, name: text(a.name), ext: text(a.ext) }));
}

function multilingual(v: unknown): Record<string, string> | undefined {
  if (!isObject(v)) return undefined;
  return Object.fromEntries(Object.entries(v).filter((e): e is [string, string] => typeof e[1] === 'string'));
}

/** Normalizes a card's data object to the V3 shape; `fallback` supplies V1 fields a sloppy writer left at the root. */
function normalizeData(data: Json, fallback: Json = {}): CardData {
  const pickText = (key: string): string => text(data[key] ?? fallback[key]);
  const card: CardData = {
    // Unknown fields first, so the spec fields below win over anything odd in them.
    ...data,
    name: pickText('name').trim(),
    description: pickText('description'),
    personality: pickText('personality'),
    scenario: pickText('scenario'),
    first_mes: pickText('first_mes'),
    mes_example: pickText('mes_example'),
    creator_notes: text(data.creator_notes ?? fallback.creatorcomment),
    system_prompt: text(data.system_prompt),
    post_history_instructions: text(data.post_history_instructions),
    alternate_greetings: strings(data.alternate_greetings),
    tags: strings(data.tags ?? fallback.tags),
    creator: text(data.creator),
    character_version: text(data.character_version),
    extensions: isObject(data.extensions) ? { ...data.extensions } : {},
    group_only_greetings: strings(data.group_only_greetings),
  };
  if (isObject(data.character_book)) card.character_book = data.character_book;
  else delete card.character_book;
  const optional: Array<[keyof CardData, unknown]> = [
    ['assets', assets(data.assets)],
    ['nickname', typeof data.nickname === 'string' ? data.nickname : undefined],
    ['creator_notes_multilingual', multilingual(data.creator_notes_multilingual)],
    ['source', Array.isArray(data.source) ? strings(data.source) : undefined],
    ['creation_date', unixTime(data.creation_date)],
    ['modification_date', unixTime(data.modification_date)],
  ];
  for (const [key, value] of optional) {
    if (value === undefined) delete card[key];
    else card[key] = value;
  }
  return card;
}

function requireName(card: CardData): CardData {
  if (!card.name)
    throw new CardError('not_a_card', 'The card has no character name ("name" is empty or missing).');
  return card;
}

/**
 * Reads a parsed card document of any version into V3-shaped data. V2 and V3 are recognised by `spec`;
 * a document with a `data` object but no known spec is read as V2 (or V3 when `spec_version` says 3.x);
 * a flat object with V1 fields is a V1 card, whose extra fields are kept as they are.
 */
export function parseCardDocument(doc: unknown): ParsedCard {
  if (!isObject(doc)) throw new CardError('not_a_card', 'A character card must be a JSON object.');
  const warnings: string[] = [];
  const specVersion = typeof doc.spec_version === 'string' ? doc.spec_version : undefined;
  if (isObject(doc.data)) {
    const declared = Number.parseFloat(specVersion ?? '');
    const version: CardVersion =
      doc.spec === 'chara_card_v3' || (doc.spec !== 'chara_card_v2' && declared >= 3) ? 'v3' : 'v2';
    if (doc.spec !== 'chara_card_v2' && doc.spec !== 'chara_card_v3') {
      warnings.push(
        `The card's spec is ${JSON.stringify(doc.spec ?? null)}; it was read as ${version.toUpperCase()}.`,
      );
    }
    if (version === 'v3' && declared > 3) {
      warnings.push(
        `The card was written for Character Card spec ${specVersion}; fields this version does not know are kept but unused.`,
      );
    }
    return { card: requireName(normalizeData(doc.data, doc)), version, specVersion, warnings };
  }
  if (V1_FIELDS.some((key) => key in doc)) {
    const flat = Object.fromEntries(Object.entries(doc).filter(([key]) => !ROOT_KEYS.has(key)));
    const card = normalizeData(flat, doc);
    // SillyTavern's V1 name for the creator's notes: carried over, not duplicated.
    if ('creatorcomment' in card && card.creator_notes === text(doc.creatorcomment))
      delete card.creatorcomment;
    return { card: requireName(card), version: 'v1', warnings };
  }
  throw new CardError(
    'not_a_card',
    'This JSON is not a character card: expected "spec": "chara_card_v2" or "chara_card_v3" with a "data" object, or V1 fields such as "name" and "description".',
  );
}
