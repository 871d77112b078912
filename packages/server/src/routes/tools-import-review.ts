import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { type FieldError, reservedToolNames } from '@toolsmith/core';
import {
  toolTransferRouteSchemas as schemas,
  type ToolImportApplyBody,
  type ToolImportPlan,
} from '@toolsmith/core/api-schema';
import type { FastifyInstance } from 'fastify';
import { HttpError, validationError } from '../app/http-error.js';
import { PendingImports } from '../characters/pending-imports.js';
import {
  chooseImport,
  type HeldToolPlan,
  type ImportAction,
  reviewToolImport,
  type ToolImportReview,
} from '../imports/tool-import-review.js';
import { DuplicateNameError, GLOBAL_SCOPE } from '../storage/types.js';
import { toolResource } from './tool-input.js';
import {
  IMPORT_BODY_LIMIT,
  importErrorHandler,
  lukerProfileOf,
  MSG_IMPORT_STORE_FAILED,
  MSG_LUKER_PROFILE_NOTE,
  readImportCandidates,
} from './tools-transfer.js';

export const MSG_TOOL_IMPORT_GONE =
  'This import is no longer waiting for review (it was applied, cancelled, or expired). Choose the file again.';
export const MSG_PLAN_STALE =
  'Your functions changed since this review was made (a tool was added, edited or deleted). Review the new plan and apply again.';

/** The plan as the client sees it: everything but the definitions to store. */
function planAnswer(
  importId: string,
  expiresAt: Date | undefined,
  plan: HeldToolPlan,
  bytes: Uint8Array,
): ToolImportPlan {
  const review: ToolImportReview = { items: plan.items, skipped: plan.skipped };
  const luker = lukerProfileOf(bytes);
  return {
    importId,
    ...(expiresAt ? { expiresAt: expiresAt.toISOString() } : {}),
    ...review,
    ...(luker ? { lukerProfile: { ...luker, note: MSG_LUKER_PROFILE_NOTE } } : {}),
  };
}

/**
 * The Apply's items (their shape checked by ToolImportApplyBody) against the plan: an index the plan has,
 * named once, with an action the item allows; every problem named by its field. Items not named are skipped.
 */
function parseActions(body: ToolImportApplyBody, plan: HeldToolPlan): Map<number, ImportAction> {
  const problems: FieldError[] = [];
  const actions = new Map<number, ImportAction>();
  body.items.forEach(({ index, action }, at) => {
    const field = `items[${at}]`;
    const item = plan.items[index];
    if (!item) {
      problems.push({
        field: `${field}.index`,
        message: `${field}.index must be the index of an item in the plan (0–${plan.items.length - 1}).`,
      });
    } else if (actions.has(item.index)) {
      problems.push({
        field: `${field}.index`,
        message: `Item ${item.index} (${item.name}) is named twice.`,
      });
    } else if (!item.choices.includes(action)) {
      problems.push({
        field: `${field}.action`,
        message: `${item.name}: "${action}" is not possible here; choose one of ${item.choices.join(', ')}.`,
      });
    } else actions.set(item.index, action);
  });
  if (problems.length > 0) throw validationError(problems);
  return actions;
}

/**
 * The tools import as a review (docs/api.md, "Tools"): `plan` reads the file and answers what each tool would
 * do without writing anything (the file is held in memory), `apply` stores the items with the actions chosen,
 * all in one transaction, and refuses when the stored tools changed since the plan; DELETE cancels.
 */
export async function toolImportReviewRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { config, storage, builtins } = app.toolsmith;
  // Marinara's builtin names too, as every other way a tool is made (docs/api.md, "Tools")
  const reservedNames = reservedToolNames(builtins.map((b) => b.name));
  const pending = new PendingImports<{ bytes: Uint8Array; fingerprint: string }>();

  const planFor = async (bytes: Uint8Array): Promise<HeldToolPlan> =>
    reviewToolImport(readImportCandidates(bytes), {
      existing: await storage.tools.list(GLOBAL_SCOPE),
      reservedNames,
      localWebhooksEnabled: config.webhookLocalUrlsEnabled,
    });

  // Its own plugin, so the raw-bytes parsers apply to the upload route only.
  await app.register(async (upload) => {
    upload.removeContentTypeParser('application/json');
    upload.addContentTypeParser(
      ['application/json', 'application/zip', 'application/x-zip-compressed', 'application/octet-stream'],
      { parseAs: 'buffer', bodyLimit: IMPORT_BODY_LIMIT },
      (_request, body, done) => done(null, body),
    );
    upload.post(
      '/api/tools/import/plan',
      {
        config: { privileged: true },
        bodyLimit: IMPORT_BODY_LIMIT,
        errorHandler: importErrorHandler,
        schema: schemas.importPlan,
      },
      async (request) => {
        const bytes = Buffer.isBuffer(request.body) ? new Uint8Array(request.body) : new Uint8Array();
        const plan = await planFor(bytes);
        const { id, expiresAt } = pending.add({ bytes, fingerprint: plan.fingerprint }, bytes.byteLength);
        return planAnswer(id, expiresAt, plan, bytes);
      },
    );
  });

  app.get('/api/tools/import/:importId', { schema: schemas.importReplan }, async (request) => {
    const held = pending.get(request.params.importId);
    if (!held) throw new HttpError(404, MSG_TOOL_IMPORT_GONE, { code: 'import_not_found' });
    return planAnswer(request.params.importId, undefined, await planFor(held.bytes), held.bytes);
  });

  app.post(
    '/api/tools/import/:importId/apply',
    { config: { privileged: true }, schema: schemas.importApply },
    async (request, reply) => {
      const { importId } = request.params;
      const held = pending.get(importId);
      if (!held) throw new HttpError(404, MSG_TOOL_IMPORT_GONE, { code: 'import_not_found' });
      const plan = await planFor(held.bytes);
      if (plan.fingerprint !== held.fingerprint) {
        // the new plan is held instead, so the client can show it and apply that one
        held.fingerprint = plan.fingerprint;
        throw new HttpError(409, MSG_PLAN_STALE, { code: 'plan_stale' });
      }
      const chosen = chooseImport(plan, parseActions(request.body, plan));
      let stored: Awaited<ReturnType<typeof storage.tools.applyImport>>;
      try {
        stored = await storage.tools.applyImport(chosen, GLOBAL_SCOPE);
      } catch (error) {
        if (error instanceof DuplicateNameError) {
          throw new HttpError(409, `${error.message} Nothing was imported; review again.`, {
            code: 'duplicate_name',
          });
        }
        request.log.error({ err: error }, 'tool import failed while storing');
        throw new HttpError(500, MSG_IMPORT_STORE_FAILED, { code: 'import_failed' });
      }
      pending.delete(importId);
      const storedAs = new Set(chosen.outcome.flatMap((o) => (o.storedAs ? [o.storedAs] : [])));
      return reply.code(201).send({
        created: stored.created.length,
        replaced: stored.replaced.length,
        skipped: chosen.outcome.filter((o) => o.action === 'skip').length,
        outcome: chosen.outcome,
        renamed: chosen.renamed,
        notImported: plan.skipped,
        // the review panel lists the webhook and script tools that arrived switched off
        review: plan.items.flatMap((item) => {
          const outcome = chosen.outcome[item.index];
          return item.review && outcome.storedAs && storedAs.has(outcome.storedAs)
            ? [{ ...item.review, name: outcome.storedAs }]
            : [];
        }),
        tools: [...stored.replaced, ...stored.created].map(toolResource),
      });
    },
  );

  app.delete(
    '/api/tools/import/:importId',
    { config: { privileged: true }, schema: schemas.importCancel },
    async (request, reply) => {
      if (!pending.delete(request.params.importId)) {
        throw new HttpError(404, MSG_TOOL_IMPORT_GONE, { code: 'import_not_found' });
      }
      return reply.code(204).send(null);
    },
  );
}
