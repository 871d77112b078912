import type { WorldInfoEntry } from '@toolsmith/core';
import type { LorebookChange, LorebookImportPlan, PlannedLorebookEntry } from '@toolsmith/core/api-schema';
import { cardLorebookConflict } from '../characters/card-lorebook-conflict.js';
import type { LorebookInput, StoredLorebook } from '../storage/types.js';
import { importLorebookFile, lorebookToSillyTavernFile } from './sillytavern-file.js';

// The review of a lorebook file before it is stored (docs/api.md, "Lorebooks"): a SillyTavern world-info file
// is one book with many entries, so the review lists the entries (each can be left out) and, when a stored
// book has the same name, offers Replace (with what changes), Keep both (renamed) or Skip. Pure: the route
// reads the file, plans, and stores the choice.

const SETTINGS = ['description', 'scanDepth', 'caseSensitive', 'matchWholeWords'] as const;
const NOT_OPTIONS = new Set([
  'uid',
  'keys',
  'secondaryKeys',
  'comment',
  'content',
  'extensions',
  'passthrough',
]);

/** A stored book and a file's book compared as a SillyTavern file carries them (defaults written out alike). */
export function asFileCarriesIt(book: LorebookInput): LorebookInput {
  const file = lorebookToSillyTavernFile({ ...book, id: 'compare', createdAt: '', updatedAt: '' });
  const read = importLorebookFile(file, book.name);
  return read ? { ...read, name: book.name, global: book.global, disabled: book.disabled } : book;
}

export function entryLabel(entry: WorldInfoEntry): string {
  return entry.comment?.trim() || entry.keys[0] || `#${entry.uid ?? '?'}`;
}

/**
 * An entry as diffable text: keys, then (`options`) every option that is set, then the content. An entry
 * added or removed as a whole shows its keys and content only: its options are no change to compare.
 */
export function entryText(entry: WorldInfoEntry, options = true): string {
  const lines = [`keys: ${entry.keys.join(', ')}`];
  if (entry.secondaryKeys?.length) lines.push(`secondaryKeys: ${entry.secondaryKeys.join(', ')}`);
  if (entry.comment) lines.push(`comment: ${entry.comment}`);
  if (!options) return `${lines.join('\n')}\n\n${entry.content}`;
  for (const [name, value] of Object.entries(entry).sort(([a], [b]) => a.localeCompare(b))) {
    if (NOT_OPTIONS.has(name) || value === undefined) continue;
    lines.push(`${name}: ${typeof value === 'object' ? JSON.stringify(value) : String(value)}`);
  }
  return `${lines.join('\n')}\n\n${entry.content}`;
}

const settingText = (value: unknown) => (value === null || value === undefined ? '(default)' : String(value));

/** What replacing `stored` with `incoming` changes: settings first, then entries matched by uid. */
export function lorebookChanges(
  stored: LorebookInput,
  incoming: LorebookInput,
): { changes: LorebookChange[]; unchangedEntries: number } {
  const changes: LorebookChange[] = [];
  for (const field of SETTINGS) {
    const before = settingText(stored[field]);
    const after = settingText(incoming[field]);
    if (before !== after) changes.push({ kind: 'setting', label: field, before, after });
  }
  const key = (entry: WorldInfoEntry, index: number) => String(entry.uid ?? `#${index}`);
  const storedByUid = new Map(stored.entries.map((entry, i) => [key(entry, i), entry]));
  const seen = new Set<string>();
  let unchangedEntries = 0;
  incoming.entries.forEach((entry, i) => {
    const uid = key(entry, i);
    seen.add(uid);
    const before = storedByUid.get(uid);
    const after = entryText(entry);
    if (!before) {
      changes.push({
        kind: 'added',
        label: entryLabel(entry),
        uid: entry.uid,
        before: '',
        after: entryText(entry, false),
      });
    } else if (entryText(before) !== after) {
      changes.push({
        kind: 'changed',
        label: entryLabel(entry),
        uid: entry.uid,
        before: entryText(before),
        after,
      });
    } else unchangedEntries++;
  });
  stored.entries.forEach((entry, i) => {
    if (seen.has(key(entry, i))) return;
    changes.push({
      kind: 'removed',
      label: entryLabel(entry),
      uid: entry.uid,
      before: entryText(entry, false),
      after: '',
    });
  });
  return { changes, unchangedEntries };
}

function plannedEntry(entry: WorldInfoEntry, index: number): PlannedLorebookEntry {
  return {
    index,
    uid: entry.uid,
    label: entryLabel(entry),
    keys: [...entry.keys],
    constant: entry.constant === true,
    disabled: entry.disabled === true,
    preview: entry.content.slice(0, 200),
    contentLength: entry.content.length,
  };
}

/** Plans a file's book against the stored books: its entries, and the conflict when its name is taken. */
export function planLorebookImport(book: LorebookInput, stored: StoredLorebook[]): LorebookImportPlan {
  const plan: LorebookImportPlan = {
    name: book.name,
    description: book.description,
    global: book.global,
    entries: book.entries.map(plannedEntry),
    action: 'create',
    choices: ['create'],
  };
  const conflict = cardLorebookConflict(book, stored, asFileCarriesIt);
  if (!conflict) return plan;
  const existing = stored.find((b) => b.id === conflict.existing.id)!;
  const diff = lorebookChanges(asFileCarriesIt(existing), asFileCarriesIt(book));
  return {
    ...plan,
    action: conflict.action,
    choices: [...conflict.choices],
    conflict: { ...conflict, ...diff },
  };
}

/** The file's book with only the ticked entries (all when `indexes` is undefined). */
export function withEntries(book: LorebookInput, indexes: readonly number[] | undefined): LorebookInput {
  if (!indexes) return book;
  const ticked = new Set(indexes);
  return { ...book, entries: book.entries.filter((_, i) => ticked.has(i)) };
}
