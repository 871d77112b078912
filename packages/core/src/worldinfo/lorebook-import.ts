import type { Lorebook, SelectiveLogic, WorldInfoEntry, WorldInfoPosition, WorldInfoRole } from './types.js';

/**
 * Conversions between Lorebook and the formats lorebooks travel in: a character card's `character_book`
 * (Character Card V2/V3, with SillyTavern's per-entry `extensions`) and SillyTavern's world-info JSON
 * (`{ entries: { "<uid>": {...} } }`). Parsing is lenient: wrong types fall back to defaults. Fields this
 * engine does not use are kept (`extensions`, `passthrough`) so a card survives a round trip.
 *
 * SillyTavern positions Toolsmith has no slot for (author's note top/bottom, example messages, outlets) are
 * read as `before`; the original number stays in `extensions.position` and is written back unchanged as
 * long as the entry's position was not edited.
 */

type Json = Record<string, unknown>;

export interface CharacterBookEntry {
  keys: string[];
  content: string;
  extensions: Json;
  enabled: boolean;
  insertion_order: number;
  case_sensitive?: boolean;
  use_regex?: boolean;
  constant?: boolean;
  name?: string;
  priority?: number;
  id?: number | string;
  comment?: string;
  selective?: boolean;
  secondary_keys?: string[];
  position?: 'before_char' | 'after_char';
  [field: string]: unknown;
}

export interface CharacterBook {
  name?: string;
  description?: string;
  scan_depth?: number;
  token_budget?: number;
  recursive_scanning?: boolean;
  extensions: Json;
  entries: CharacterBookEntry[];
  [field: string]: unknown;
}

const LOGIC: SelectiveLogic[] = ['AND_ANY', 'NOT_ALL', 'NOT_ANY', 'AND_ALL'];
const ROLES: WorldInfoRole[] = ['system', 'user', 'assistant'];
/** where Toolsmith-only book settings live inside a card book's extensions */
const BOOK_EXT = 'toolsmith/lorebook';

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);
const num = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);
const bool = (v: unknown): boolean | undefined => (typeof v === 'boolean' ? v : undefined);
const strings = (v: unknown): string[] =>
  Array.isArray(v) ? v.filter((k): k is string => typeof k === 'string') : typeof v === 'string' ? [v] : [];

/** `delayUntilRecursion` as files carry it: true/false or a recursion level. */
const recursionLevel = (v: unknown): boolean | number | undefined =>
  typeof v === 'boolean' ? v : typeof v === 'number' && Number.isInteger(v) && v >= 1 ? v : undefined;

/** SillyTavern's `characterFilter` ({ isExclude, names, tags }) as an entry's character filter. */
function characterFilterFrom(v: unknown): WorldInfoEntry['characterFilter'] {
  if (!isObject(v)) return undefined;
  const names = strings(v.names);
  const tags = strings(v.tags);
  if (names.length === 0 && tags.length === 0) return undefined;
  return { names, tags, exclude: v.isExclude === true || v.exclude === true };
}

/** An entry's character filter as SillyTavern writes it. */
export function characterFilterToSillyTavern(entry: WorldInfoEntry): Json | undefined {
  const f = entry.characterFilter;
  if (!f) return undefined;
  return { isExclude: f.exclude === true, names: [...(f.names ?? [])], tags: [...(f.tags ?? [])] };
}

function pick(source: Json, skip: readonly string[]): Json | undefined {
  const rest = Object.fromEntries(Object.entries(source).filter(([k]) => !skip.includes(k)));
  return Object.keys(rest).length ? rest : undefined;
}

/** SillyTavern's numeric position → a Toolsmith position. */
function positionFromNumber(n: number | undefined): WorldInfoPosition | undefined {
  if (n === undefined) return undefined;
  if (n === 1) return 'after';
  if (n === 4) return 'depth';
  return 'before';
}

function positionToNumber(entry: WorldInfoEntry): number {
  const original = num(entry.extensions?.position);
  const position = entry.position ?? 'before';
  if (original !== undefined && positionFromNumber(original) === position) return original;
  return position === 'after' ? 1 : position === 'depth' ? 4 : 0;
}

function logicFrom(v: unknown): SelectiveLogic | undefined {
  if (typeof v === 'number') return LOGIC[v];
  return LOGIC.includes(v as SelectiveLogic) ? (v as SelectiveLogic) : undefined;
}

function roleFrom(v: unknown): WorldInfoRole | undefined {
  if (typeof v === 'number') return ROLES[v];
  return ROLES.includes(v as WorldInfoRole) ? (v as WorldInfoRole) : undefined;
}

/** Sets only defined values, so absent settings keep falling back to the book and activation defaults. */
function assignDefined<T extends object>(target: T, values: Partial<T>): T {
  for (const [k, v] of Object.entries(values)) if (v !== undefined && v !== null) (target as Json)[k] = v;
  return target;
}

const CARD_ENTRY_FIELDS = [
  'keys',
  'content',
  'extensions',
  'enabled',
  'insertion_order',
  'case_sensitive',
  'use_regex',
  'constant',
  'id',
  'comment',
  'selective',
  'secondary_keys',
  'position',
] as const;

function entryFromCard(raw: unknown, index: number): WorldInfoEntry {
  const e = isObject(raw) ? raw : {};
  const ext = isObject(e.extensions) ? e.extensions : {};
  const caseSensitive = bool(ext.case_sensitive) ?? bool(e.case_sensitive);
  // V3 `use_regex`: keys are bare patterns; Toolsmith writes regex keys as /pattern/flags
  const asKey = (k: string) =>
    e.use_regex === true && !/^\/[\s\S]+\/[a-z]*$/.test(k) ? `/${k}/${caseSensitive ? '' : 'i'}` : k;
  const entry: WorldInfoEntry = {
    uid: typeof e.id === 'number' || typeof e.id === 'string' ? e.id : index,
    keys: strings(e.keys).map(asKey),
    content: str(e.content) ?? '',
  };
  return assignDefined(entry, {
    secondaryKeys: e.secondary_keys === undefined ? undefined : strings(e.secondary_keys).map(asKey),
    selective: bool(e.selective),
    selectiveLogic: logicFrom(ext.selectiveLogic),
    comment: str(e.comment) || str(e.name),
    constant: bool(e.constant),
    disabled: e.enabled === false ? true : undefined,
    position: positionFromNumber(num(ext.position)) ?? (e.position === 'after_char' ? 'after' : undefined),
    depth: num(ext.depth),
    role: roleFrom(ext.role),
    order: num(e.insertion_order),
    scanDepth: num(ext.scan_depth),
    caseSensitive,
    matchWholeWords: bool(ext.match_whole_words),
    probability: num(ext.probability),
    useProbability: bool(ext.useProbability),
    excludeRecursion: bool(ext.exclude_recursion),
    preventRecursion: bool(ext.prevent_recursion),
    delayUntilRecursion: recursionLevel(ext.delay_until_recursion),
    sticky: num(ext.sticky),
    cooldown: num(ext.cooldown),
    delay: num(ext.delay),
    group: str(ext.group),
    groupOverride: bool(ext.group_override),
    groupWeight: num(ext.group_weight),
    useGroupScoring: bool(ext.use_group_scoring),
    characterFilter: characterFilterFrom(ext.character_filter),
    extensions: isObject(e.extensions) ? e.extensions : undefined,
    passthrough: pick(e, CARD_ENTRY_FIELDS),
  });
}

/** A card's `character_book` (V2 or V3) as a Lorebook with the given id. */
export function lorebookFromCharacterBook(raw: unknown, options: { id: string }): Lorebook {
  const b = isObject(raw) ? raw : {};
  const ext = isObject(b.extensions) ? b.extensions : undefined;
  const own = isObject(ext?.[BOOK_EXT]) ? (ext[BOOK_EXT] as Json) : {};
  const book: Lorebook = {
    id: options.id,
    entries: (Array.isArray(b.entries) ? b.entries : []).map(entryFromCard),
  };
  return assignDefined(book, {
    name: str(b.name),
    description: str(b.description),
    scanDepth: num(b.scan_depth),
    caseSensitive: bool(own.caseSensitive),
    matchWholeWords: bool(own.matchWholeWords),
    extensions: ext,
    passthrough: pick(b, ['name', 'description', 'scan_depth', 'extensions', 'entries']),
  });
}

function entryToCard(entry: WorldInfoEntry, index: number): CharacterBookEntry {
  const extensions: Json = { ...entry.extensions };
  const managed: Json = {
    position: positionToNumber(entry),
    selectiveLogic: LOGIC.indexOf(entry.selectiveLogic ?? 'AND_ANY'),
    depth: entry.depth,
    role: entry.role ? ROLES.indexOf(entry.role) : undefined,
    scan_depth: entry.scanDepth,
    case_sensitive: entry.caseSensitive,
    match_whole_words: entry.matchWholeWords,
    probability: entry.probability,
    useProbability: entry.useProbability,
    exclude_recursion: entry.excludeRecursion,
    prevent_recursion: entry.preventRecursion,
    delay_until_recursion: entry.delayUntilRecursion,
    sticky: entry.sticky,
    cooldown: entry.cooldown,
    delay: entry.delay,
    group: entry.group,
    group_override: entry.groupOverride,
    group_weight: entry.groupWeight,
    use_group_scoring: entry.useGroupScoring,
    character_filter: characterFilterToSillyTavern(entry),
  };
  for (const [key, value] of Object.entries(managed)) {
    if (value !== undefined) extensions[key] = value;
    // a setting removed since import must not come back from the kept extensions (null placeholders stay)
    else if (extensions[key] !== null) delete extensions[key];
  }
  const card: CharacterBookEntry = {
    ...entry.passthrough,
    id: entry.uid ?? index,
    keys: [...entry.keys],
    secondary_keys: [...(entry.secondaryKeys ?? [])],
    comment: entry.comment ?? '',
    content: entry.content,
    constant: entry.constant ?? false,
    selective: entry.selective ?? true,
    insertion_order: entry.order ?? 100,
    enabled: !entry.disabled,
    // SillyTavern's rule: only its slot 0 is "before the character"
    position: extensions.position === 0 ? 'before_char' : 'after_char',
    use_regex: false,
    extensions,
  };
  if (entry.caseSensitive !== undefined) card.case_sensitive = entry.caseSensitive;
  return card;
}

/** A Lorebook as a card's `character_book` (keys stay in /pattern/flags form, as SillyTavern writes them). */
export function lorebookToCharacterBook(book: Lorebook): CharacterBook {
  const extensions: Json = { ...book.extensions };
  const own = assignDefined({} as Json, {
    caseSensitive: book.caseSensitive,
    matchWholeWords: book.matchWholeWords,
  });
  if (Object.keys(own).length) extensions[BOOK_EXT] = own;
  else delete extensions[BOOK_EXT];
  const out: CharacterBook = { ...book.passthrough, extensions, entries: book.entries.map(entryToCard) };
  return assignDefined(out, { name: book.name, description: book.description, scan_depth: book.scanDepth });
}

const ST_ENTRY_FIELDS = [
  'uid',
  'key',
  'keysecondary',
  'comment',
  'content',
  'constant',
  'selective',
  'selectiveLogic',
  'order',
  'position',
  'disable',
  'excludeRecursion',
  'preventRecursion',
  'probability',
  'useProbability',
  'depth',
  'scanDepth',
  'caseSensitive',
  'matchWholeWords',
  'role',
  'delayUntilRecursion',
  'sticky',
  'cooldown',
  'delay',
  'group',
  'groupOverride',
  'groupWeight',
  'useGroupScoring',
  'characterFilter',
] as const;

/**
 * SillyTavern's world-info file (`{ entries: { "<uid>": entry } }`, or an entries array) as a Lorebook.
 * A `character_book`-shaped object (entries with `keys`) is read with lorebookFromCharacterBook.
 */
export function lorebookFromSillyTavern(raw: unknown, options: { id: string; name?: string }): Lorebook {
  const w = isObject(raw) ? raw : {};
  const list = Array.isArray(w.entries) ? w.entries : isObject(w.entries) ? Object.values(w.entries) : [];
  if (list.some((e) => isObject(e) && Array.isArray(e.keys) && !('key' in e))) {
    return { ...lorebookFromCharacterBook(raw, options), ...(options.name ? { name: options.name } : {}) };
  }
  const entries = list.map((raw, index) => {
    const e = isObject(raw) ? raw : {};
    const entry: WorldInfoEntry = {
      uid: typeof e.uid === 'number' || typeof e.uid === 'string' ? e.uid : index,
      keys: strings(e.key),
      content: str(e.content) ?? '',
    };
    return assignDefined(entry, {
      secondaryKeys: e.keysecondary === undefined ? undefined : strings(e.keysecondary),
      selective: bool(e.selective),
      selectiveLogic: logicFrom(e.selectiveLogic),
      comment: str(e.comment),
      constant: bool(e.constant),
      disabled: e.disable === true ? true : undefined,
      position: positionFromNumber(num(e.position)),
      depth: num(e.depth),
      role: roleFrom(e.role),
      order: num(e.order),
      scanDepth: num(e.scanDepth),
      caseSensitive: bool(e.caseSensitive),
      matchWholeWords: bool(e.matchWholeWords),
      probability: num(e.probability),
      useProbability: bool(e.useProbability),
      excludeRecursion: bool(e.excludeRecursion),
      preventRecursion: bool(e.preventRecursion),
      delayUntilRecursion: recursionLevel(e.delayUntilRecursion),
      sticky: num(e.sticky),
      cooldown: num(e.cooldown),
      delay: num(e.delay),
      group: str(e.group),
      groupOverride: bool(e.groupOverride),
      groupWeight: num(e.groupWeight),
      useGroupScoring: bool(e.useGroupScoring),
      characterFilter: characterFilterFrom(e.characterFilter),
      // keep the original position number so an unsupported slot is not silently rewritten on export
      extensions: num(e.position) !== undefined ? { position: e.position } : undefined,
      passthrough: pick(e, ST_ENTRY_FIELDS),
    });
  });
  const book: Lorebook = { id: options.id, entries };
  return assignDefined(book, { name: options.name ?? str(w.name), description: str(w.description) });
}

/** Entry settings cards keep in `extensions` that this engine reads (the rest travel unused). */
const USED_EXTENSIONS = new Set([
  'position',
  'selectiveLogic',
  'depth',
  'role',
  'scan_depth',
  'case_sensitive',
  'match_whole_words',
  'probability',
  'useProbability',
  'exclude_recursion',
  'prevent_recursion',
  'delay_until_recursion',
  'sticky',
  'cooldown',
  'delay',
  'group',
  'group_override',
  'group_weight',
  'use_group_scoring',
  'character_filter',
  'triggers',
]);

/**
 * The imported entry fields that have no effect here (kept, and exported again): for the import review.
 * Sorted names, as the file spells them.
 */
export function unusedEntryFields(entries: readonly WorldInfoEntry[]): string[] {
  const names = new Set<string>();
  for (const entry of entries) {
    for (const key of Object.keys(entry.passthrough ?? {})) if (key !== 'triggers') names.add(key);
    for (const key of Object.keys(entry.extensions ?? {})) if (!USED_EXTENSIONS.has(key)) names.add(key);
  }
  return [...names].sort();
}
