// Lorebook entries as the editor holds them: key lists as one key per line (a regex key may contain commas),
// numbers as the text typed, so a half-typed value is never lost. `entryFromDraft` turns a draft back into
// what the server stores, keeping the fields the editor does not show (uid, extensions, passthrough).
import type { LorebookEntry, SelectiveLogic, WorldInfoPosition, WorldInfoRole } from '../../api/types';
import { i18n } from '../../i18n/i18n';

export interface EntryDraft {
  /** stable React key for the editor, never sent */
  key: string;
  /** the stored entry the draft started from (fields not shown here are written back unchanged) */
  base: LorebookEntry;
  comment: string;
  keys: string;
  secondaryKeys: string;
  selectiveLogic: SelectiveLogic;
  content: string;
  constant: boolean;
  enabled: boolean;
  /** '' = the book's default, else 'yes' / 'no' */
  caseSensitive: Tristate;
  matchWholeWords: Tristate;
  scanDepth: string;
  position: WorldInfoPosition;
  depth: string;
  role: WorldInfoRole;
  order: string;
  probability: string;
  excludeRecursion: boolean;
  preventRecursion: boolean;
}

export type Tristate = '' | 'yes' | 'no';

// the choices; their labels are in the locales (lorebooks.entry.logic.*, lorebooks.entry.position.*)
export const SELECTIVE_LOGICS: readonly SelectiveLogic[] = ['AND_ANY', 'AND_ALL', 'NOT_ANY', 'NOT_ALL'];
export const POSITIONS: readonly WorldInfoPosition[] = ['before', 'after', 'depth'];

let counter = 0;
const nextKey = () => `entry-${++counter}`;

const tristate = (value: boolean | undefined): Tristate => (value === undefined ? '' : value ? 'yes' : 'no');
const numberText = (value: number | undefined): string => (value === undefined ? '' : String(value));

/**
 * Splits a key box into keys as SillyTavern users type them: one per line and/or separated by commas, blank
 * keys dropped, surrounding spaces trimmed. A `/pattern/flags` key keeps its commas (`/a{1,2}/`).
 */
export function splitKeys(text: string): string[] {
  const keys: string[] = [];
  for (const line of text.split(/\r?\n/)) {
    const parts = line.split(',');
    for (let i = 0; i < parts.length; i++) {
      let key = parts[i].trim();
      // a regex that holds commas: take the following parts until it closes
      if (key.startsWith('/') && !isRegexKey(key)) {
        for (let j = i + 1; j < parts.length; j++) {
          const joined = parts
            .slice(i, j + 1)
            .join(',')
            .trim();
          if (isRegexKey(joined)) {
            key = joined;
            i = j;
            break;
          }
        }
      }
      if (key !== '') keys.push(key);
    }
  }
  return keys;
}

/** A `/pattern/flags` key, as the engine reads it. */
export function isRegexKey(key: string): boolean {
  return /^\/.+\/[a-z]*$/s.test(key);
}

/** The regex keys of a box that do not compile, each with the browser's reason. */
export function invalidRegexKeys(text: string): Array<{ key: string; reason: string }> {
  const out: Array<{ key: string; reason: string }> = [];
  for (const key of splitKeys(text)) {
    if (!isRegexKey(key)) continue;
    const end = key.lastIndexOf('/');
    try {
      new RegExp(key.slice(1, end), key.slice(end + 1));
    } catch (e) {
      out.push({ key, reason: (e as Error).message });
    }
  }
  return out;
}

export function draftFromEntry(entry: LorebookEntry): EntryDraft {
  return {
    key: nextKey(),
    base: entry,
    comment: entry.comment ?? '',
    keys: entry.keys.join('\n'),
    secondaryKeys: (entry.secondaryKeys ?? []).join('\n'),
    selectiveLogic: entry.selectiveLogic ?? 'AND_ANY',
    content: entry.content,
    constant: entry.constant ?? false,
    enabled: !entry.disabled,
    caseSensitive: tristate(entry.caseSensitive),
    matchWholeWords: tristate(entry.matchWholeWords),
    scanDepth: numberText(entry.scanDepth),
    position: entry.position ?? 'before',
    depth: numberText(entry.depth),
    role: entry.role ?? 'system',
    order: numberText(entry.order),
    // a probability the card turned off (useProbability false) shows as the default 100
    probability: entry.useProbability === false ? '' : numberText(entry.probability),
    excludeRecursion: entry.excludeRecursion ?? false,
    preventRecursion: entry.preventRecursion ?? false,
  };
}

export function emptyEntryDraft(): EntryDraft {
  return draftFromEntry({ keys: [], content: '' });
}

type NumberRule = { min: number; max: number; integer: boolean; label: string };
const NUMBER_RULES = {
  scanDepth: { min: 0, max: 1000, integer: true, label: 'lorebooks.entry.scanDepth' },
  depth: { min: 0, max: 10_000, integer: true, label: 'lorebooks.entry.depth' },
  order: { min: -1_000_000, max: 1_000_000, integer: false, label: 'lorebooks.entry.order' },
  probability: { min: 0, max: 100, integer: false, label: 'lorebooks.entry.probabilityName' },
} satisfies Record<string, NumberRule>;

/** Reads an optional number box: undefined when empty, an error message when not a valid number. */
function readNumber(text: string, rule: NumberRule): { value?: number; error?: string } {
  if (text.trim() === '') return {};
  const value = Number(text);
  if (
    !Number.isFinite(value) ||
    (rule.integer && !Number.isInteger(value)) ||
    value < rule.min ||
    value > rule.max
  ) {
    return {
      error: i18n.t(rule.integer ? 'lorebooks.entry.rangeInteger' : 'lorebooks.entry.rangeNumber', {
        label: i18n.t(rule.label),
        min: rule.min,
        max: rule.max,
      }),
    };
  }
  return { value };
}

export type EntryResult = { ok: true; entry: LorebookEntry } | { ok: false; errors: Record<string, string> };

/** The stored shape of a draft, or the problems by field (`keys`, `scanDepth`, …). */
export function entryFromDraft(draft: EntryDraft): EntryResult {
  const errors: Record<string, string> = {};
  // Start from the stored entry so fields the editor does not show survive; drop the ones it owns.
  const {
    comment: _c,
    keys: _k,
    secondaryKeys: _s,
    selectiveLogic: _l,
    selective: _sel,
    content: _ct,
    constant: _cn,
    disabled: _d,
    caseSensitive: _cs,
    matchWholeWords: _w,
    scanDepth: _sd,
    position: _p,
    depth: _dp,
    role: _r,
    order: _o,
    probability: _pr,
    useProbability: _up,
    excludeRecursion: _er,
    preventRecursion: _prr,
    ...kept
  } = draft.base;
  const entry: LorebookEntry = { ...kept, keys: splitKeys(draft.keys), content: draft.content };
  if (draft.comment.trim()) entry.comment = draft.comment.trim();
  const secondary = splitKeys(draft.secondaryKeys);
  if (secondary.length > 0) {
    entry.secondaryKeys = secondary;
    entry.selectiveLogic = draft.selectiveLogic;
  }
  if (draft.constant) entry.constant = true;
  if (!draft.enabled) entry.disabled = true;
  if (draft.caseSensitive) entry.caseSensitive = draft.caseSensitive === 'yes';
  if (draft.matchWholeWords) entry.matchWholeWords = draft.matchWholeWords === 'yes';
  entry.position = draft.position;
  if (draft.position === 'depth') entry.role = draft.role;
  for (const field of ['scanDepth', 'depth', 'order', 'probability'] as const) {
    if (field === 'depth' && draft.position !== 'depth') continue;
    const read = readNumber(draft[field], NUMBER_RULES[field]);
    if (read.error) errors[field] = read.error;
    else if (read.value !== undefined) entry[field] = read.value;
  }
  if (draft.excludeRecursion) entry.excludeRecursion = true;
  if (draft.preventRecursion) entry.preventRecursion = true;
  const badKeys = [...invalidRegexKeys(draft.keys), ...invalidRegexKeys(draft.secondaryKeys)];
  if (badKeys.length > 0) {
    errors.keys = badKeys.map((b) => `${b.key}: ${b.reason}`).join('; ');
  }
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, entry };
}

/** A one-line title for an entry in lists and traces. */
export function entryTitle(draft: Pick<EntryDraft, 'comment' | 'keys'>, index: number): string {
  if (draft.comment.trim()) return draft.comment.trim();
  const keys = splitKeys(draft.keys);
  return keys.length > 0 ? keys.slice(0, 3).join(', ') : i18n.t('lorebooks.entry.numbered', { n: index + 1 });
}
