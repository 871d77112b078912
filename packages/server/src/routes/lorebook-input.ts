import type { FieldError, WorldInfoEntry } from '@toolsmith/core';
import {
  type LorebookCreateBody,
  LorebookEntriesBody,
  type LorebookEntryBody,
  type LorebookPatchBody,
} from '@toolsmith/core/api-schema';
import { regexKeyProblem } from '@toolsmith/core/internal';
import { Ajv, type ValidateFunction } from 'ajv';
import { Type } from 'typebox';
import { validationError } from '../app/http-error.js';
import { fieldErrorsFromAjv, ROUTE_AJV_OPTIONS } from '../app/schema-errors.js';
import type { LorebookInput } from '../storage/types.js';

export { MAX_LOREBOOK_ENTRIES } from '@toolsmith/core/api-schema';

// A lorebook file's entries are checked with the route's entry schema, under the same field names; compiled
// with the first file (~90 ms at start otherwise, like the route schemas: see app/route-schema-compilers.ts).
let entryShapes: ValidateFunction | undefined;

/** Entries a lorebook file brought, checked like a request's (a 400 naming each `entries[i].field`). */
export function checkedFileEntries(raw: unknown): LorebookEntryBody[] {
  entryShapes ??= new Ajv({ ...ROUTE_AJV_OPTIONS.customOptions, strict: false }).compile(
    Type.Object({ entries: LorebookEntriesBody }),
  );
  if (entryShapes({ entries: raw })) return raw as LorebookEntryBody[];
  throw validationError(fieldErrorsFromAjv(entryShapes.errors ?? []));
}

type WithoutNulls<T> = { [K in keyof T]: Exclude<T[K], null> };

/** The object without its null fields (null on an entry option means "not set"). */
function withoutNulls<T extends object>(value: T): WithoutNulls<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== null)) as WithoutNulls<T>;
}

/**
 * The rules on entries whose shape the schema checked: regex keys the linear-time engine cannot run and
 * a uid used twice (each named `entries[i].field`), null options left out, and the next free number for
 * entries without a uid, so each entry can be named in traces and forced by `{ book, uid }`.
 */
export function entriesWithRules(raw: LorebookEntryBody[], problems: FieldError[]): WorldInfoEntry[] {
  const seen = new Set<string>();
  const entries = raw.map((item, index) => {
    const at = `entries[${index}]`;
    const entry: WorldInfoEntry = {
      ...withoutNulls(item),
      keys: item.keys ?? [],
      content: item.content ?? '',
    };
    for (const name of ['keys', 'secondaryKeys'] as const) {
      // regex keys run on a linear-time engine: say which key it cannot run, and why
      (item[name] ?? []).forEach((key, k) => {
        const regexProblem = regexKeyProblem(key);
        if (regexProblem)
          problems.push({
            field: `${at}.${name}[${k}]`,
            message: `${at}.${name}[${k}] ${key.trim()} ${regexProblem}`,
          });
      });
    }
    if (entry.uid !== undefined) {
      const id = String(entry.uid);
      if (seen.has(id))
        problems.push({
          field: `${at}.uid`,
          message: `${at}.uid "${id}" is used by another entry of this book.`,
        });
      seen.add(id);
    }
    return entry;
  });
  let next = 0;
  for (const entry of entries) {
    if (typeof entry.uid === 'number' && entry.uid >= next) next = entry.uid + 1;
  }
  for (const entry of entries) {
    if (entry.uid !== undefined) continue;
    while (seen.has(String(next))) next++;
    entry.uid = next;
    seen.add(String(next++));
  }
  return entries;
}

/**
 * A lorebook body for POST or PATCH (only the fields sent; `entries` replaces the list), its shape checked
 * by the route schema; the rules between entries answer a second 400.
 */
export function parseLorebook(body: LorebookCreateBody | LorebookPatchBody): Partial<LorebookInput> {
  const {
    id: _id,
    createdAt: _c,
    updatedAt: _u,
    entryCount: _n,
    entries,
    extensions,
    passthrough,
    ...book
  } = body;
  const out: Partial<LorebookInput> = { ...book };
  // null leaves an imported book's kept fields as they are
  if (extensions) out.extensions = extensions;
  if (passthrough) out.passthrough = passthrough;
  if (entries) {
    const problems: FieldError[] = [];
    out.entries = entriesWithRules(entries, problems);
    if (problems.length > 0) throw validationError(problems);
  }
  return out;
}
