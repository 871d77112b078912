import { type FieldError, reservedToolNames } from '@toolsmith/core';
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
import { bodyObject } from './fields.js';
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

const ACTIONS: readonly ImportAction[] = ['create', 'replace', 'keep-both', 'skip'];

/** The plan as the client sees it: everything but the definitions to store. */
function planAnswer(importId: string, expiresAt: Date | undefined, plan: HeldToolPlan, bytes: Uint8Array) {
  const review: ToolImportReview = { items: plan.items, skipped: plan.skipped };
  const luker = lukerProfileOf(bytes);
  return {
    importId,
    ...(expiresAt ? { expiresAt: expiresAt.toISOString() } : {}),
    ...review,
    ...(luker ? { lukerProfile: { ...luker, note: MSG_LUKER_PROFILE_NOTE } } : {}),
  };
}

/** `{ items: [{ index, action }] }`, every problem named by its field; items not named are skipped. */
function parseActions(body: unknown, plan: HeldToolPlan): Map<number, ImportAction> {
  const object = bodyObject(body ?? {});
  const problems: FieldError[] = [];
  const actions = new Map<number, ImportAction>();
  if (!Array.isArray(object.items)) {
    throw validationError([
      {
        field: 'items',
        message:
          'items must be a list of { index, action } for the items to import (an item left out is skipped).',
      },
    ]);
  }
  object.items.forEach((raw: unknown, at: number) => {
    const field = `items[${at}]`;
    if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
      problems.push({ field, message: `${field} must be an object { index, action }.` });
      return;
    }
    const { index, action } = raw as { index?: unknown; action?: unknown };
    const item = typeof index === 'number' && Number.isInteger(index) ? plan.items[index] : undefined;
    if (!item) {
      problems.push({
        field: `${field}.index`,
        message: `${field}.index must be the index of an item in the plan (0–${plan.items.length - 1}).`,
      });
      return;
    }
    if (actions.has(item.index)) {
      problems.push({
        field: `${field}.index`,
        message: `Item ${item.index} (${item.name}) is named twice.`,
      });
      return;
    }
    if (typeof action !== 'string' || !ACTIONS.includes(action as ImportAction)) {
      problems.push({
        field: `${field}.action`,
        message: `${field}.action must be one of ${ACTIONS.join(', ')}.`,
      });
      return;
    }
    if (!item.choices.includes(action as ImportAction)) {
      problems.push({
        field: `${field}.action`,
        message: `${item.name}: "${action}" is not possible here; choose one of ${item.choices.join(', ')}.`,
      });
      return;
    }
    actions.set(item.index, action as ImportAction);
  });
  if (problems.length > 0) throw validationError(problems);
  return actions;
}

/**
 * The tools import as a review (docs/api.md, "Tools"): `plan` reads the file and answers what each tool would
 * do without writing anything (the file is held in memory), `apply` stores the items with the actions chosen,
 * all in one transaction, and refuses when the stored tools changed since the plan; DELETE cancels.
 */
export async function toolImportReviewRoutes(app: FastifyInstance): Promise<void> {
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
      { config: { privileged: true }, bodyLimit: IMPORT_BODY_LIMIT, errorHandler: importErrorHandler },
      async (request) => {
        const bytes = Buffer.isBuffer(request.body) ? new Uint8Array(request.body) : new Uint8Array();
        const plan = await planFor(bytes);
        const { id, expiresAt } = pending.add({ bytes, fingerprint: plan.fingerprint }, bytes.byteLength);
        return planAnswer(id, expiresAt, plan, bytes);
      },
    );
  });

  app.get<{ Params: { importId: string } }>('/api/tools/import/:importId', async (request) => {
    const held = pending.get(request.params.importId);
    if (!held) throw new HttpError(404, MSG_TOOL_IMPORT_GONE, { code: 'import_not_found' });
    return planAnswer(request.params.importId, undefined, await planFor(held.bytes), held.bytes);
  });

  app.post<{ Params: { importId: string } }>(
    '/api/tools/import/:importId/apply',
    { config: { privileged: true } },
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

  app.delete<{ Params: { importId: string } }>(
    '/api/tools/import/:importId',
    { config: { privileged: true } },
    async (request, reply) => {
      if (!pending.delete(request.params.importId)) {
        throw new HttpError(404, MSG_TOOL_IMPORT_GONE, { code: 'import_not_found' });
      }
      return reply.code(204).send();
    },
  );
}
