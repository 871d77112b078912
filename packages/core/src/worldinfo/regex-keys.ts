import { regexKeyProblem } from './keys.js';
import type { WorldInfoEntry } from './types.js';

/** A `/pattern/flags` key an import left out, and why. */
export interface SkippedRegexKey {
  /** the entry's index in the list */
  entry: number;
  uid?: WorldInfoEntry['uid'];
  /** e.g. `entries[3].keys[0]` */
  field: string;
  key: string;
  /** the sentence for the user */
  message: string;
}

/**
 * Imports (SillyTavern books, cards' character_book) keep every entry but leave out the regex keys the
 * linear-time engine cannot run (backreferences, lookahead, broken patterns), reporting each one — never
 * silently. The entries are copied; the input is not changed.
 */
export function withoutUnusableRegexKeys(
  entries: readonly WorldInfoEntry[],
  field = 'entries',
): { entries: WorldInfoEntry[]; skipped: SkippedRegexKey[] } {
  const skipped: SkippedRegexKey[] = [];
  const kept = entries.map((entry, index) => {
    const copy = { ...entry };
    for (const list of ['keys', 'secondaryKeys'] as const) {
      const keys = entry[list];
      if (!Array.isArray(keys)) continue;
      copy[list] = keys.filter((key, k) => {
        const problem = regexKeyProblem(key);
        if (problem === undefined) return true;
        skipped.push({
          entry: index,
          ...(entry.uid !== undefined ? { uid: entry.uid } : {}),
          field: `${field}[${index}].${list}[${k}]`,
          key,
          message: problem,
        });
        return false;
      });
    }
    return copy;
  });
  return { entries: kept, skipped };
}

/** One line for an import report: which entry, which key, why it was left out. */
export function skippedRegexKeyWarning(skip: SkippedRegexKey, book?: string): string {
  const entry = skip.uid !== undefined ? `entry ${skip.uid}` : `entry #${skip.entry + 1}`;
  return `${book ? `Lorebook "${book}", ` : 'Lorebook '}${entry}: the key ${skip.key} was left out (${skip.field}): ${skip.message}`;
}
