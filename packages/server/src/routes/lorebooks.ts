import {
  skippedRegexKeyWarning,
  unusedEntryFields,
  withoutUnusableRegexKeys,
} from '@toolsmith/core/internal';
import type { FastifyInstance } from 'fastify';
import { notFound, validationError } from '../app/http-error.js';
import { assertAdmin } from '../auth/admin-secret.js';
import { lorebookWriteAddsRegex } from '../auth/privilege-rule.js';
import { importLorebookFile, lorebookToSillyTavernFile } from '../lorebooks/sillytavern-file.js';
import type { StoredLorebook } from '../storage/types.js';
import { bodyObject, FieldChecker } from './fields.js';
import { parseEntries, parseLorebook } from './lorebook-input.js';

/** The list view: everything but the entries, plus how many there are. */
function summary({ entries, extensions: _e, passthrough: _p, ...book }: StoredLorebook) {
  return { ...book, entryCount: entries.length };
}

/** A file name for Content-Disposition: letters, digits, dot, dash and underscore only. */
function fileName(name: string): string {
  const safe = name.replace(/[^A-Za-z0-9._-]+/g, '_').replace(/^_+|_+$/g, '');
  return `${safe || 'lorebook'}.json`;
}

/** Lorebooks with their entries, SillyTavern import/export and each chat's last activation (docs/api.md). */
export async function lorebookRoutes(app: FastifyInstance): Promise<void> {
  const { storage, config } = app.toolsmith;

  app.get('/api/lorebooks', async () => ({
    lorebooks: (await storage.lorebooks.list()).map(summary),
  }));

  app.post('/api/lorebooks', async (request, reply) => {
    const input = parseLorebook(request.body, true);
    // regex keys are patterns the server runs: privileged (docs/api.md, "Security model")
    if (lorebookWriteAddsRegex(undefined, input.entries)) await assertAdmin(config, request);
    const created = await storage.lorebooks.create({
      name: input.name!,
      description: input.description ?? '',
      global: input.global ?? false,
      disabled: input.disabled ?? false,
      scanDepth: input.scanDepth ?? null,
      caseSensitive: input.caseSensitive ?? null,
      matchWholeWords: input.matchWholeWords ?? null,
      entries: input.entries ?? [],
      ...(input.extensions ? { extensions: input.extensions } : {}),
      ...(input.passthrough ? { passthrough: input.passthrough } : {}),
    });
    return reply.code(201).send(created);
  });

  // SillyTavern world-info JSON (or a card's character_book, or a card carrying one) as the body, or
  // `{ file, name?, global? }`; `?name=` and `?global=true` work with a bare file too.
  app.post<{ Querystring: { name?: string; global?: string } }>(
    '/api/lorebooks/import',
    async (request, reply) => {
      const body = bodyObject(request.body);
      const wrapped = typeof body.file === 'object' && body.file !== null && !('entries' in body);
      const file = wrapped ? body.file : body;
      const nameOption = wrapped ? body.name : request.query.name;
      const globalOption = wrapped ? body.global : request.query.global === 'true' ? true : undefined;
      const imported = importLorebookFile(file, 'Imported lorebook');
      if (!imported) {
        throw validationError([
          {
            field: wrapped ? 'file' : '',
            message:
              'Not a lorebook: send a SillyTavern world-info file ({ entries: { ... } }), a character_book, or a character card that carries one.',
          },
        ]);
      }
      // regex keys the linear-time engine cannot run are left out of the book, and reported
      const usable = withoutUnusableRegexKeys(imported.entries);
      const check = new FieldChecker({ entries: usable.entries });
      imported.entries = parseEntries(usable.entries, check);
      if (typeof nameOption === 'string' && nameOption.trim() !== '')
        imported.name = nameOption.trim().slice(0, 256);
      if (typeof globalOption === 'boolean') imported.global = globalOption;
      check.finish();
      if (lorebookWriteAddsRegex(undefined, imported.entries)) await assertAdmin(config, request);
      const created = await storage.lorebooks.create(imported);
      const warnings = usable.skipped.map((skip) => skippedRegexKeyWarning(skip, created.name));
      // the review lists what the file carries that has no effect here (kept, and exported again)
      return reply.code(201).send({ ...created, warnings, unusedFields: unusedEntryFields(created.entries) });
    },
  );

  app.get<{ Params: { id: string } }>('/api/lorebooks/:id', async (request) => {
    const book = await storage.lorebooks.get(request.params.id);
    if (!book) throw notFound('lorebook', request.params.id);
    return book;
  });

  app.get<{ Params: { id: string } }>('/api/lorebooks/:id/export', async (request, reply) => {
    const book = await storage.lorebooks.get(request.params.id);
    if (!book) throw notFound('lorebook', request.params.id);
    reply.header('content-disposition', `attachment; filename="${fileName(book.name)}"`);
    return lorebookToSillyTavernFile(book);
  });

  app.patch<{ Params: { id: string } }>('/api/lorebooks/:id', async (request) => {
    const changes = parseLorebook(request.body, false);
    if (changes.entries !== undefined) {
      const before = await storage.lorebooks.get(request.params.id);
      if (!before) throw notFound('lorebook', request.params.id);
      if (lorebookWriteAddsRegex(before.entries, changes.entries)) await assertAdmin(config, request);
    }
    const updated = await storage.lorebooks.update(request.params.id, changes);
    if (!updated) throw notFound('lorebook', request.params.id);
    return updated;
  });

  app.delete<{ Params: { id: string } }>('/api/lorebooks/:id', async (request, reply) => {
    if (!(await storage.lorebooks.delete(request.params.id))) throw notFound('lorebook', request.params.id);
    return reply.code(204).send();
  });

  app.get<{ Params: { id: string } }>('/api/chats/:id/world-info', async (request) => {
    if (!(await storage.chats.get(request.params.id))) throw notFound('chat', request.params.id);
    return { activation: (await storage.worldInfoTraces.get(request.params.id)) ?? null };
  });
}
