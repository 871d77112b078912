import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  type CardData,
  type CardImportPlan,
  type CardImportReview,
  cardImportReview,
  DEFAULT_CARD_LIMITS,
  exportCardJson,
  exportCardPng,
  planCardImport,
  reservedToolNames,
  stripCardTools,
  type ToolDefinition,
} from '@toolsmith/core';
import { cardImportRouteSchemas as cardSchemas, type LorebookAction } from '@toolsmith/core/api-schema';
import { isPng } from '@toolsmith/core/internal';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { HttpError, notFound, validationError } from '../app/http-error.js';
import {
  loneSurrogateError,
  loneSurrogatePath,
  tooDeepError,
  uploadedJsonProblem,
  valueTooDeep,
} from '../app/json-body.js';
import { cardLorebookConflict, lorebookWrite } from '../characters/card-lorebook-conflict.js';
import {
  cardLorebookWarnings,
  cardWithLorebook,
  characterResource,
  lorebookInputFromCard,
  withoutCharacterBook,
} from '../characters/character-card.js';
import { type PendingImportLimits, PendingImports } from '../characters/pending-imports.js';
import { toolInputFromDefinition } from '../imports/tool-input-from-definition.js';
import { lorebookChanges } from '../lorebooks/lorebook-import-review.js';
import { storedToLorebook } from '../lorebooks/to-core.js';
import { exportSecretsMode, redactForExport } from '../secrets/export-secrets.js';
import {
  characterToolScope,
  DuplicateNameError,
  GLOBAL_SCOPE,
  type LorebookInput,
  type StoredCharacter,
  type ToolInput,
} from '../storage/types.js';
import { lukerCard } from './character-luker-export.js';
import { sendForeign } from './export-formats.js';
import { storedToDefinition, toolResource } from './tool-input.js';

/** The largest card file the import route reads (the card reader's own limit: 20 MiB). */
export const CARD_IMPORT_BODY_LIMIT = DEFAULT_CARD_LIMITS.maxFileBytes;
const MiB = 1024 * 1024;

export const MSG_CARD_TOO_LARGE = `The card file is larger than ${CARD_IMPORT_BODY_LIMIT / MiB} MiB.`;
export const MSG_CARD_MEDIA_TYPE =
  'Send the card file as its raw bytes with Content-Type image/png (a PNG card) or application/json (a JSON card).';
export const MSG_IMPORT_GONE =
  'This card import is no longer waiting for review (it was applied, cancelled, or expired). Import the card again.';

const CARD_EXPORT_FORMATS = ['json', 'png', 'luker', 'luker-png'];

export const msgLorebookLinked = (name: string) =>
  `The card's lorebook "${name}" is already here with the same entries: the character uses it, no copy was made.`;

export interface CharacterTransferOptions {
  pendingImports?: Partial<PendingImportLimits>;
}

/** A held import: the uploaded bytes (planned again on Apply, against the tools that exist then). */
interface HeldImport {
  bytes: Uint8Array;
}

/** By name and status rather than instanceof, like the tools import. */
function isCardFileError(error: unknown): error is Error & { status: number } {
  return (
    error instanceof Error &&
    (error.name === 'CardError' || error.name === 'TransferError') &&
    ((error as { status?: number }).status === 400 || (error as { status?: number }).status === 413)
  );
}

async function importErrorHandler(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
    return reply.code(413).send({ error: MSG_CARD_TOO_LARGE, code: 'import_too_large' });
  }
  if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
    return reply.code(415).send({ error: MSG_CARD_MEDIA_TYPE, code: 'import_media_type' });
  }
  throw error;
}

/**
 * The review as the client sees it: the card's tool lists are left out of `card` and `orchestration`
 * (every tool is in `tools`, where a webhook shows only its origin, never credentials, path or query).
 */
function reviewForClient(plan: CardImportPlan): CardImportReview {
  const review = cardImportReview(plan);
  const card = stripCardTools(review.card);
  const ext = card.extensions.toolsmith as { orchestration?: Record<string, unknown> } | undefined;
  const { orchestration: _withTools, ...rest } = review;
  // an override made from Luker's settings carries no tools (they are the character's own)
  const orchestration = ext?.orchestration ?? (review.lukerProfile ? review.orchestration : undefined);
  return { ...rest, card, ...(orchestration ? { orchestration } : {}) };
}

/**
 * A book as an exported card carries it, read back: a card exported here and imported again compares equal
 * to the stored book it came from (the character_book form drops or adds defaults).
 */
function asCardCarriesIt(book: LorebookInput): LorebookInput {
  const stored = { ...book, id: 'compare', createdAt: '', updatedAt: '' };
  const card = cardWithLorebook({ name: 'compare' } as CardData, storedToLorebook(stored));
  return lorebookInputFromCard(card) ?? book;
}

/** `name.card.json` / `name.png`, with anything a header or file system could misread replaced. */
function fileName(name: string, ext: string): string {
  return `${name.replace(/[^A-Za-z0-9_-]/g, '_').slice(0, 100) || 'character'}.${ext}`;
}

/**
 * Card import with a review held on the server, and card export (docs/api.md, "Characters"). A card
 * without tools is saved at once; a card with tools waits in memory until Apply (with or without its
 * tools) or Cancel, and nothing of it is stored before Apply.
 */
export async function characterTransferRoutes(
  fastify: FastifyInstance,
  options: CharacterTransferOptions = {},
): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { config, storage, builtins } = app.toolsmith;
  const reservedNames = reservedToolNames(builtins.map((b) => b.name));
  const pending = new PendingImports<HeldImport>(options.pendingImports);

  /** Plans the import against the tools that exist now: global and builtin names collide. */
  const plan = async (bytes: Uint8Array): Promise<CardImportPlan> => {
    const existing = await storage.tools.list(GLOBAL_SCOPE);
    // a JSON card is checked like any JSON body; a PNG's card once the reader has it
    const problem = uploadedJsonProblem(bytes, 'import_refused');
    if (problem) throw problem;
    try {
      const planned = planCardImport(bytes, {
        existingToolNames: existing.map((t) => t.name),
        reservedNames,
        localWebhooksEnabled: config.webhookLocalUrlsEnabled,
        // Luker agents naming a connection or preset that is not here use the chat's
        known: {
          connections: (await storage.connections.list()).map((c) => c.name),
          presets: (await storage.presets.list()).map((p) => p.name),
        },
      });
      if (valueTooDeep(planned.card)) throw tooDeepError('import_refused');
      const badText = loneSurrogatePath(planned.card);
      if (badText !== undefined) throw loneSurrogateError(badText, 'import_refused');
      planned.warnings.push(...cardLorebookWarnings(planned.card));
      return planned;
    } catch (error) {
      if (isCardFileError(error))
        throw new HttpError(error.status, error.message, { code: 'import_refused' });
      throw error;
    }
  };

  /** The card's lorebook against the stored books: a conflict when its name is taken, with what Replace changes. */
  const lorebookConflictOf = async (plan: CardImportPlan) => {
    const stored = await storage.lorebooks.list();
    const book = lorebookInputFromCard(plan.card);
    const conflict = cardLorebookConflict(book, stored, asCardCarriesIt);
    const existing = stored.find((b) => b.id === conflict?.existing.id);
    if (!conflict || !book || !existing) return conflict;
    return { ...conflict, ...lorebookChanges(asCardCarriesIt(existing), asCardCarriesIt(book)) };
  };

  /** Stores the character, its tools and its lorebook in one transaction. */
  const save = async (
    plan: CardImportPlan,
    withTools: boolean,
    lorebookAction?: LorebookAction,
    /** the card's tools the user ticked (all when undefined) */
    toolNames?: readonly string[],
  ): Promise<{
    character: StoredCharacter;
    tools: ToolInput[];
    skipped: Array<{ name: string; reason: string }>;
  }> => {
    const chosen: {
      card: CardData;
      tools: ToolDefinition[];
      skipped: Array<{ name: string; reason: string }>;
    } = withTools ? plan.withTools() : { ...plan.withoutTools(), tools: [], skipped: [] };
    if (withTools && toolNames) {
      const ticked = new Set(toolNames);
      for (const tool of chosen.tools.filter((t) => !ticked.has(t.name)))
        chosen.skipped.push({ name: tool.name, reason: 'Not selected in the review.' });
      chosen.tools = chosen.tools.filter((t) => ticked.has(t.name));
    }
    const lorebook = lorebookInputFromCard(chosen.card);
    const card: CardData = lorebook ? withoutCharacterBook(chosen.card) : chosen.card;
    // card tools arrive with fetch off (the review reports the ones that ask for it)
    const tools = chosen.tools.map((tool) => ({ ...toolInputFromDefinition(tool), allowFetch: false }));
    // a book of the same name already stored: created, renamed, replaced or linked as the user chose
    const write = lorebookWrite(lorebook, await lorebookConflictOf(plan), lorebookAction);
    try {
      const character = await storage.characters.create(
        {
          card,
          ...(plan.image ? { avatar: plan.image } : {}),
          ...(write && 'link' in write ? { lorebookId: write.link } : {}),
        },
        {
          tools,
          ...(write && 'create' in write ? { lorebook: write.create } : {}),
          ...(write && 'replace' in write ? { replaceLorebook: write.replace } : {}),
        },
      );
      return { character, tools, skipped: chosen.skipped };
    } catch (error) {
      if (error instanceof DuplicateNameError) {
        throw new HttpError(409, `${error.message} Nothing was imported.`, { code: 'duplicate_name' });
      }
      throw error;
    }
  };

  const savedAnswer = async (saved: Awaited<ReturnType<typeof save>>, warnings: string[]) => ({
    status: 'saved' as const,
    character: characterResource(saved.character),
    tools: (await storage.tools.list(characterToolScope(saved.character.id))).map(toolResource),
    skipped: saved.skipped,
    lorebookId: saved.character.lorebookId,
    warnings,
  });

  // Its own plugin, so the raw-bytes parsers apply to the upload route only.
  await app.register(async (upload) => {
    upload.removeContentTypeParser('application/json');
    upload.addContentTypeParser(
      ['application/json', 'image/png', 'application/octet-stream'],
      { parseAs: 'buffer', bodyLimit: CARD_IMPORT_BODY_LIMIT },
      (_request, body, done) => done(null, body),
    );
    upload.post(
      '/api/characters/import',
      {
        config: { privileged: true },
        bodyLimit: CARD_IMPORT_BODY_LIMIT,
        errorHandler: importErrorHandler,
        schema: cardSchemas.import,
      },
      async (request, reply) => {
        const body = request.body;
        const bytes = Buffer.isBuffer(body) ? new Uint8Array(body) : new Uint8Array();
        const planned = await plan(bytes);
        const lorebook = await lorebookConflictOf(planned);
        // saved at once unless there is something to decide: tools, or a lorebook of the same name that differs
        if (!planned.hasTools && (!lorebook || lorebook.identical)) {
          const warnings = lorebook
            ? [...planned.warnings, msgLorebookLinked(lorebook.existing.name)]
            : planned.warnings;
          return reply.code(201).send(await savedAnswer(await save(planned, false), warnings));
        }
        const { id, expiresAt } = pending.add({ bytes }, bytes.byteLength);
        return {
          status: 'review',
          importId: id,
          expiresAt: expiresAt.toISOString(),
          review: { ...reviewForClient(planned), ...(lorebook ? { lorebook } : {}) },
        };
      },
    );
  });

  app.get('/api/characters/import/:importId', { schema: cardSchemas.review }, async (request) => {
    const held = pending.get(request.params.importId);
    if (!held) throw new HttpError(404, MSG_IMPORT_GONE, { code: 'import_not_found' });
    const planned = await plan(held.bytes);
    const lorebook = await lorebookConflictOf(planned);
    return {
      status: 'review' as const,
      importId: request.params.importId,
      review: { ...cardImportReview(planned), ...(lorebook ? { lorebook } : {}) },
    };
  });

  app.post(
    '/api/characters/import/:importId/apply',
    { config: { privileged: true }, schema: cardSchemas.apply },
    async (request, reply) => {
      const body = request.body;
      const held = pending.get(request.params.importId);
      if (!held) throw new HttpError(404, MSG_IMPORT_GONE, { code: 'import_not_found' });
      const planned = await plan(held.bytes);
      const toolNames = body.tools;
      if (toolNames) {
        const importable = planned.withTools().tools.map((t) => t.name);
        const wrong = toolNames.flatMap((name, at) =>
          typeof name === 'string' && importable.includes(name)
            ? []
            : [
                {
                  field: `tools[${at}]`,
                  message: `tools[${at}] must name a card tool that can be imported: ${importable.join(', ') || 'none'}.`,
                },
              ],
        );
        if (wrong.length > 0) throw validationError(wrong);
      }
      pending.delete(request.params.importId);
      const saved = await save(planned, body.withTools, body.lorebook, toolNames as string[] | undefined);
      return reply.code(201).send(await savedAnswer(saved, planned.warnings));
    },
  );

  app.delete(
    '/api/characters/import/:importId',
    { config: { privileged: true }, schema: cardSchemas.cancel },
    async (request, reply) => {
      if (!pending.delete(request.params.importId)) {
        throw new HttpError(404, MSG_IMPORT_GONE, { code: 'import_not_found' });
      }
      return reply.code(204).send(null);
    },
  );

  app.get<{ Params: { id: string }; Querystring: { format?: string; version?: string; secrets?: string } }>(
    '/api/characters/:id/export',
    async (request, reply) => {
      const { format = 'json', version = 'v3' } = request.query;
      const secrets = exportSecretsMode(request, reply);
      const problems = [];
      if (!CARD_EXPORT_FORMATS.includes(format))
        problems.push({
          field: 'format',
          message: 'format must be "json" or "png" (Toolsmith), or "luker" / "luker-png" (a card for Luker).',
        });
      if (version !== 'v2' && version !== 'v3')
        problems.push({ field: 'version', message: 'version must be "v2" or "v3".' });
      if (problems.length > 0) throw validationError(problems);
      const character = await storage.characters.get(request.params.id);
      if (!character) throw notFound('character', request.params.id);
      const tools: ToolDefinition[] = redactForExport(
        (await storage.tools.list(characterToolScope(character.id))).map(storedToDefinition),
        secrets,
      );
      const book = character.lorebookId ? await storage.lorebooks.get(character.lorebookId) : undefined;
      // the card may carry an orchestration override with its own webhook tools
      const card = redactForExport(
        cardWithLorebook(character.card, book ? storedToLorebook(book) : undefined),
        secrets,
      );
      if (format === 'luker' || format === 'luker-png') {
        const avatar = format === 'luker-png' ? await storage.characters.getAvatar(character.id) : undefined;
        const luker = lukerCard(card, tools, avatar && isPng(avatar) ? avatar : undefined, format);
        return sendForeign(reply, 'luker', {
          ...luker,
          fileName: fileName(card.name, format === 'luker' ? 'luker.card.json' : 'luker.png'),
        });
      }
      if (format === 'png') {
        const avatar = await storage.characters.getAvatar(character.id);
        // a JPEG or WebP portrait cannot carry the card's chunks: the card goes in the default image
        const png = exportCardPng(card, tools, avatar && isPng(avatar) ? avatar : undefined);
        return reply
          .header('content-type', 'image/png')
          .header('content-disposition', `attachment; filename="${fileName(card.name, 'png')}"`)
          .send(Buffer.from(png.buffer, png.byteOffset, png.byteLength));
      }
      return reply
        .header('content-disposition', `attachment; filename="${fileName(card.name, 'card.json')}"`)
        .send(exportCardJson(card, tools, { version: version as 'v2' | 'v3' }));
    },
  );
}
