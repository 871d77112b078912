import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { chatRouteSchemas, lorebookRouteSchemas as schemas } from '@toolsmith/core/api-schema';
import type { FastifyInstance } from 'fastify';
import { notFound } from '../app/http-error.js';
import { assertAdmin } from '../auth/admin-secret.js';
import { lorebookWriteAddsRegex } from '../auth/privilege-rule.js';
import type { StoredWorldInfoActivation } from '../generation/world-info-trace.js';
import { lorebookToSillyTavernFile } from '../lorebooks/sillytavern-file.js';
import type { StoredLorebook } from '../storage/types.js';
import { parseLorebook } from './lorebook-input.js';
import { lorebookImportRoutes } from './lorebooks-import.js';

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
export async function lorebookRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { storage, config } = app.toolsmith;

  app.get('/api/lorebooks', { schema: schemas.list }, async () => ({
    lorebooks: (await storage.lorebooks.list()).map(summary),
  }));

  app.post('/api/lorebooks', { schema: schemas.create }, async (request, reply) => {
    const input = parseLorebook(request.body);
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

  await lorebookImportRoutes(fastify);

  app.get('/api/lorebooks/:id', { schema: schemas.get }, async (request) => {
    const book = await storage.lorebooks.get(request.params.id);
    if (!book) throw notFound('lorebook', request.params.id);
    return book;
  });

  app.get('/api/lorebooks/:id/export', { schema: schemas.export }, async (request, reply) => {
    const book = await storage.lorebooks.get(request.params.id);
    if (!book) throw notFound('lorebook', request.params.id);
    reply.header('content-disposition', `attachment; filename="${fileName(book.name)}"`);
    return lorebookToSillyTavernFile(book);
  });

  app.patch('/api/lorebooks/:id', { schema: schemas.patch }, async (request) => {
    const changes = parseLorebook(request.body);
    if (changes.entries !== undefined) {
      const before = await storage.lorebooks.get(request.params.id);
      if (!before) throw notFound('lorebook', request.params.id);
      if (lorebookWriteAddsRegex(before.entries, changes.entries)) await assertAdmin(config, request);
    }
    const updated = await storage.lorebooks.update(request.params.id, changes);
    if (!updated) throw notFound('lorebook', request.params.id);
    return updated;
  });

  app.delete('/api/lorebooks/:id', { schema: schemas.delete }, async (request, reply) => {
    if (!(await storage.lorebooks.delete(request.params.id))) throw notFound('lorebook', request.params.id);
    return reply.code(204).send(null);
  });

  app.get('/api/chats/:id/world-info', { schema: chatRouteSchemas.worldInfo }, async (request) => {
    if (!(await storage.chats.get(request.params.id))) throw notFound('chat', request.params.id);
    // stored by generation/world-info-trace.ts in this shape
    const stored = (await storage.worldInfoTraces.get(request.params.id)) as
      | StoredWorldInfoActivation
      | undefined;
    return { activation: stored ?? null };
  });
}
