import type { FieldError } from '@toolsmith/core';
import {
  LOREBOOK_IMPORT_ACTIONS,
  type LorebookImportAction,
  type LorebookImportDryRun,
  type LorebookImportPlan,
  lorebookImportRouteSchemas as schemas,
} from '@toolsmith/core/api-schema';
import {
  skippedRegexKeyWarning,
  unusedEntryFields,
  withoutUnusableRegexKeys,
} from '@toolsmith/core/internal';
import type { FastifyInstance } from 'fastify';
import { HttpError, validationError } from '../app/http-error.js';
import { assertAdmin } from '../auth/admin-secret.js';
import { lorebookWriteAddsRegex } from '../auth/privilege-rule.js';
import {
  asFileCarriesIt,
  lorebookChanges,
  planLorebookImport,
  withEntries,
} from '../lorebooks/lorebook-import-review.js';
import { importLorebookFile } from '../lorebooks/sillytavern-file.js';
import type { LorebookInput, StoredLorebook } from '../storage/types.js';
import { bodyObject } from './fields.js';
import { checkedFileEntries, entriesWithRules } from './lorebook-input.js';

export const MSG_LOREBOOK_PLAN_STALE =
  'The lorebook this import would replace changed since the review was made (it was edited, renamed or deleted). Nothing was imported; review again.';

type ImportQuery = { name?: string; global?: string; action?: string; dryRun?: string; fingerprint?: string };

/** What an import request asks for; the wrapped form `{ file, ... }` or a bare file with `?options`. */
interface ImportRequest {
  file: unknown;
  wrapped: boolean;
  name?: unknown;
  global?: unknown;
  action?: unknown;
  selected?: unknown;
  dryRun?: unknown;
  fingerprint?: unknown;
}

function readRequest(body: unknown, query: ImportQuery): ImportRequest {
  const object = bodyObject(body);
  const wrapped = typeof object.file === 'object' && object.file !== null && !('entries' in object);
  if (wrapped) return { ...object, file: object.file, wrapped };
  return {
    file: object,
    wrapped,
    name: query.name,
    global: query.global === 'true' ? true : undefined,
    action: query.action,
    dryRun: query.dryRun === undefined ? undefined : query.dryRun === 'true',
    fingerprint: query.fingerprint,
  };
}

/** The file's book, checked entry by entry, with the name and global options applied. */
function readBook(request: ImportRequest): { book: LorebookInput; warnings: string[] } {
  const imported = importLorebookFile(request.file, 'Imported lorebook');
  if (!imported) {
    throw validationError([
      {
        field: request.wrapped ? 'file' : '',
        message:
          'Not a lorebook: send a SillyTavern world-info file ({ entries: { ... } }), a character_book, or a character card that carries one.',
      },
    ]);
  }
  // regex keys the linear-time engine cannot run are left out of the book, and reported
  const usable = withoutUnusableRegexKeys(imported.entries);
  const problems: FieldError[] = [];
  imported.entries = entriesWithRules(checkedFileEntries(usable.entries), problems);
  if (typeof request.name === 'string' && request.name.trim() !== '')
    imported.name = request.name.trim().slice(0, 256);
  if (typeof request.global === 'boolean') imported.global = request.global;
  if (problems.length > 0) throw validationError(problems);
  return {
    book: imported,
    warnings: usable.skipped.map((skip) => skippedRegexKeyWarning(skip, imported.name)),
  };
}

/** What the plan was made against: the stored book a conflict names, as it was. */
function fingerprintOf(plan: LorebookImportPlan, stored: StoredLorebook[]): string {
  const existing = stored.find((b) => b.id === plan.conflict?.existing.id);
  return existing ? `${existing.id}@${existing.updatedAt}` : 'free';
}

/** The action, the ticked entries and the dry-run switch, each problem named by its field. */
function readChoices(request: ImportRequest, plan: LorebookImportPlan) {
  const problems: FieldError[] = [];
  let action: LorebookImportAction = 'create';
  if (request.action !== undefined) {
    if (!LOREBOOK_IMPORT_ACTIONS.includes(request.action as LorebookImportAction)) {
      problems.push({
        field: 'action',
        message: `action must be one of ${LOREBOOK_IMPORT_ACTIONS.join(', ')}.`,
      });
    } else if (!plan.choices.includes(request.action as LorebookImportAction)) {
      problems.push({
        field: 'action',
        message: plan.conflict
          ? `A lorebook named "${plan.name}" already exists: action must be one of ${plan.choices.join(', ')}.`
          : `No lorebook is named "${plan.name}": action must be "create".`,
      });
    } else action = request.action as LorebookImportAction;
  }
  let selected: number[] | undefined;
  if (request.selected !== undefined) {
    if (!Array.isArray(request.selected)) {
      problems.push({
        field: 'selected',
        message: "selected must be a list of the file's entry indexes to import.",
      });
    } else {
      selected = [];
      const seen = new Set<number>();
      request.selected.forEach((index: unknown, at: number) => {
        if (!Number.isInteger(index) || (index as number) < 0 || (index as number) >= plan.entries.length) {
          problems.push({
            field: `selected[${at}]`,
            message: `selected[${at}] must be the index of an entry of the file (0–${plan.entries.length - 1}).`,
          });
        } else if (seen.has(index as number)) {
          problems.push({
            field: `selected[${at}]`,
            message: `selected[${at}]: entry ${index} is named twice.`,
          });
        } else {
          seen.add(index as number);
          selected!.push(index as number);
        }
      });
      if (
        selected.length === 0 &&
        request.selected.length === 0 &&
        action !== 'skip' &&
        plan.entries.length > 0
      ) {
        problems.push({
          field: 'selected',
          message: 'selected is empty: tick at least one entry, or choose action "skip" to import nothing.',
        });
      }
    }
  }
  if (request.dryRun !== undefined && typeof request.dryRun !== 'boolean')
    problems.push({ field: 'dryRun', message: 'dryRun must be true or false.' });
  if (request.fingerprint !== undefined && typeof request.fingerprint !== 'string')
    problems.push({ field: 'fingerprint', message: 'fingerprint must be the text the plan answered with.' });
  if (problems.length > 0) throw validationError(problems);
  return { action, selected, dryRun: request.dryRun === true };
}

/**
 * Lorebook-file import (docs/api.md, "Lorebooks"): `plan` reads the file and answers its entries and the
 * conflict with a stored book of the same name without writing anything; `import` stores the book with the
 * choices made (or, with `dryRun`, answers what it would store and writes nothing).
 */
export async function lorebookImportRoutes(app: FastifyInstance): Promise<void> {
  const { storage, config } = app.toolsmith;

  // the body is a lorebook file (free-form, read by the core's reader); the answer is the review's plan
  app.post<{ Querystring: ImportQuery }>(
    '/api/lorebooks/import/plan',
    { schema: schemas.plan },
    async (request) => {
      const { book, warnings } = readBook(readRequest(request.body, request.query));
      const stored = await storage.lorebooks.list();
      const plan = planLorebookImport(book, stored);
      return {
        ...plan,
        fingerprint: fingerprintOf(plan, stored),
        warnings,
        unusedFields: unusedEntryFields(book.entries),
      };
    },
  );

  // SillyTavern world-info JSON (or a card's character_book, or a card carrying one) as the body, or
  // `{ file, name?, global?, action?, selected?, dryRun?, fingerprint? }`; the options work as `?query` too.
  // the body is the file or `{ file, ...choices }` (checked by readChoices); the answer is a dry run's summary
  // or the book as stored
  app.post<{ Querystring: ImportQuery }>(
    '/api/lorebooks/import',
    { schema: schemas.import },
    async (request, reply) => {
      const asked = readRequest(request.body, request.query);
      const { book: whole, warnings } = readBook(asked);
      const stored = await storage.lorebooks.list();
      const plan = planLorebookImport(whole, stored);
      // a plan made against another state of the stored books is refused before its choices are read
      if (typeof asked.fingerprint === 'string' && asked.fingerprint !== fingerprintOf(plan, stored))
        throw new HttpError(409, MSG_LOREBOOK_PLAN_STALE, { code: 'plan_stale' });
      const { action, selected, dryRun } = readChoices(asked, plan);
      const book = withEntries(whole, selected);
      const existing = stored.find((b) => b.id === plan.conflict?.existing.id);
      const storedName = action === 'keep-both' ? plan.conflict!.renameTo : book.name;
      // regex keys are patterns the server runs: privileged (docs/api.md, "Security model")
      if (
        action !== 'skip' &&
        lorebookWriteAddsRegex(action === 'replace' ? existing?.entries : undefined, book.entries)
      )
        await assertAdmin(config, request);
      const extras = { action, warnings, unusedFields: unusedEntryFields(book.entries) };
      if (dryRun) {
        const answer: LorebookImportDryRun = {
          dryRun: true,
          ...extras,
          name: action === 'skip' || action === 'replace' ? existing!.name : storedName,
          entries: action === 'skip' ? 0 : book.entries.length,
          ...(existing && action !== 'create' && action !== 'keep-both'
            ? { lorebook: { id: existing.id, name: existing.name, entries: existing.entries.length } }
            : {}),
          ...(existing && action === 'replace'
            ? lorebookChanges(asFileCarriesIt(existing), asFileCarriesIt(book))
            : {}),
        };
        return answer;
      }
      if (action === 'skip') return reply.code(200).send({ ...existing!, ...extras });
      if (action === 'replace') {
        const replaced = await storage.lorebooks.replaceContent(existing!.id, book, existing!.updatedAt);
        if (!replaced) throw new HttpError(409, MSG_LOREBOOK_PLAN_STALE, { code: 'plan_stale' });
        return reply.code(200).send({ ...replaced, ...extras });
      }
      const created = await storage.lorebooks.create({ ...book, name: storedName });
      return reply.code(201).send({ ...created, ...extras });
    },
  );
}
