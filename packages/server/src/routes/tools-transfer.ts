import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { reservedToolNames } from '@toolsmith/core';
import { toolTransferRouteSchemas as schemas, type ToolImportAnswer } from '@toolsmith/core/api-schema';
import {
  convertLukerProfile,
  DEFAULT_ARCHIVE_LIMITS,
  exportToolJson,
  exportToolsZip,
  planToolImport,
  readToolImportFile,
  type TransferError,
} from '@toolsmith/core/internal';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { HttpError, notFound } from '../app/http-error.js';
import {
  loneSurrogateError,
  loneSurrogatePath,
  tooDeepError,
  uploadedJsonProblem,
  valueTooDeep,
} from '../app/json-body.js';
import { toolInputFromDefinition } from '../imports/tool-input-from-definition.js';
import { loadGlobalProfile } from '../orchestration/profile-store.js';
import { exportSecretsMode, redactForExport } from '../secrets/export-secrets.js';
import { DuplicateNameError, GLOBAL_SCOPE } from '../storage/types.js';
import {
  exportFormat,
  foreignToolFile,
  foreignToolsFile,
  loopSettingsOf,
  sendForeign,
} from './export-formats.js';
import { storedToDefinition } from './tool-input.js';

/** The largest upload the import route reads (the archive limit of the transfer rules: 10 MiB). */
export const IMPORT_BODY_LIMIT = DEFAULT_ARCHIVE_LIMITS.maxArchiveBytes;
const MiB = 1024 * 1024;

export const MSG_IMPORT_TOO_LARGE = `The import file is larger than ${IMPORT_BODY_LIMIT / MiB} MiB. Split it into smaller files.`;
export const MSG_IMPORT_MEDIA_TYPE =
  'Send the import file as its raw bytes with Content-Type application/json (a JSON file) or application/zip (a ZIP archive).';
export const MSG_IMPORT_STORE_FAILED =
  'The import failed while storing the tools; nothing was stored. The server log has the details.';

/** `POST /api/tools/import` (one step). */
export type ImportAnswer = ToolImportAnswer;

export const MSG_LUKER_PROFILE_NOTE =
  "This is a Luker orchestrator profile: its tools were imported with Luker's switches (a tool switched off there is requested off). To keep its modes, agents, nodes and per-node switches, import the file on the Agents page (POST /api/orchestration/import).";

/** Whether an uploaded JSON file is a Luker profile (a ZIP never is). */
export function lukerProfileOf(bytes: Uint8Array): { format: string; mode: string } | undefined {
  if (bytes[0] === 0x50 && bytes[1] === 0x4b) return undefined;
  try {
    const converted = convertLukerProfile(JSON.parse(new TextDecoder().decode(bytes).replace(/^\uFEFF/, '')));
    return converted ? { format: converted.format, mode: converted.mode } : undefined;
  } catch {
    return undefined;
  }
}

/** The tools of an uploaded file (JSON or ZIP), checked like a JSON body; a refused file is a 400 or 413. */
export function readImportCandidates(bytes: Uint8Array): ReturnType<typeof readToolImportFile> {
  const problem = uploadedJsonProblem(bytes, 'import_refused');
  if (problem) throw problem;
  let candidates: ReturnType<typeof readToolImportFile>;
  try {
    candidates = readToolImportFile(bytes);
  } catch (error) {
    if (isTransferError(error)) throw new HttpError(error.status, error.message, { code: 'import_refused' });
    throw error;
  }
  // a ZIP's JSON files are read by the core: checked like a JSON body once they are values
  if (valueTooDeep(candidates)) throw tooDeepError('import_refused');
  const badText = loneSurrogatePath(candidates);
  if (badText !== undefined) throw loneSurrogateError(badText, 'import_refused');
  return candidates;
}

/** By name and status rather than instanceof, so a second copy of the core package still matches. */
function isTransferError(error: unknown): error is TransferError {
  return (
    error instanceof Error &&
    error.name === 'TransferError' &&
    ((error as TransferError).status === 400 || (error as TransferError).status === 413)
  );
}

/** `name.tool.json`, with anything a header or file system could misread replaced. */
function attachmentName(toolName: string): string {
  return `${toolName.replace(/[^A-Za-z0-9_-]/g, '_') || 'tool'}.tool.json`;
}

/**
 * Errors Fastify raises before the handler runs (body too large, unknown content type) get messages about
 * the import file; everything else goes on to the app's error handler.
 */
export async function importErrorHandler(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
    return reply.code(413).send({ error: MSG_IMPORT_TOO_LARGE, code: 'import_too_large' });
  }
  if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
    return reply.code(415).send({ error: MSG_IMPORT_MEDIA_TYPE, code: 'import_media_type' });
  }
  throw error;
}

/**
 * Tool import and export (docs/api.md, "Tools"): one tool as JSON, every tool as a ZIP, and an import that
 * reads our own files plus Marinara's and Luker's and stores each file all-or-nothing.
 */
export async function toolTransferRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { config, storage, builtins } = app.toolsmith;
  const reservedNames = reservedToolNames(builtins.map((b) => b.name));

  // This plugin is encapsulated, so the raw-bytes parsers apply to the import route only: the file is read
  // by the core's reader (JSON or ZIP told apart by content), never by Fastify's JSON parser.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser(
    ['application/json', 'application/zip', 'application/x-zip-compressed', 'application/octet-stream'],
    { parseAs: 'buffer', bodyLimit: IMPORT_BODY_LIMIT },
    (_request, body, done) => done(null, body),
  );

  /** Every global tool, masked unless secrets are asked for, and the Luker loop settings of the profile. */
  const exportable = async (secrets: 'redacted' | 'included') => ({
    tools: redactForExport((await storage.tools.list(GLOBAL_SCOPE)).map(storedToDefinition), secrets),
    luker: loopSettingsOf(await loadGlobalProfile(storage)),
  });

  // What a Marinara or Luker export of every tool cannot hold, to show before (or after) downloading it.
  app.get('/api/tools/export/notes', { schema: schemas.exportNotes }, async (request) => {
    const format = exportFormat(request.query.format);
    if (format === 'toolsmith') return { format, notes: [] };
    const { tools, luker } = await exportable('redacted');
    return { format, notes: foreignToolsFile(format, tools, luker).notes };
  });

  app.get('/api/tools/export', { schema: schemas.exportAll }, async (request, reply) => {
    const format = exportFormat(request.query.format);
    const secrets = exportSecretsMode(request, reply);
    if (format !== 'toolsmith') {
      const { tools, luker } = await exportable(secrets);
      return sendForeign(reply, format, foreignToolsFile(format, tools, luker));
    }
    const tools = (await storage.tools.list(GLOBAL_SCOPE)).map(storedToDefinition);
    const zip = exportToolsZip(redactForExport(tools, secrets), new Date(), { secrets });
    return reply
      .header('content-type', 'application/zip')
      .header('content-disposition', 'attachment; filename="toolsmith-tools.zip"')
      .send(Buffer.from(zip.buffer, zip.byteOffset, zip.byteLength));
  });

  app.get('/api/tools/:id/export', { schema: schemas.exportOne }, async (request, reply) => {
    const format = exportFormat(request.query.format);
    const secrets = exportSecretsMode(request, reply);
    const tool = await storage.tools.get(request.params.id);
    if (!tool || tool.scope !== GLOBAL_SCOPE) throw notFound('tool', request.params.id);
    if (format !== 'toolsmith') {
      const definition = redactForExport(storedToDefinition(tool), secrets);
      const safeName = tool.name.replace(/[^A-Za-z0-9_-]/g, '_') || 'tool';
      return sendForeign(reply, format, foreignToolFile(format, definition, safeName));
    }
    return reply
      .header('content-disposition', `attachment; filename="${attachmentName(tool.name)}"`)
      .send({ ...exportToolJson(storedToDefinition(tool)), secrets });
  });

  app.post(
    '/api/tools/import',
    {
      config: { privileged: true },
      bodyLimit: IMPORT_BODY_LIMIT,
      errorHandler: importErrorHandler,
      schema: schemas.import,
    },
    async (request): Promise<ImportAnswer> => {
      const body = request.body;
      const bytes = Buffer.isBuffer(body) ? new Uint8Array(body) : new Uint8Array();
      const candidates = readImportCandidates(bytes);
      const existing = await storage.tools.list(GLOBAL_SCOPE);
      const plan = planToolImport(candidates, {
        existingNames: existing.map((t) => t.name),
        reservedNames,
        localWebhooksEnabled: config.webhookLocalUrlsEnabled,
      });
      try {
        // one transaction: a failure on any row leaves the database as it was
        await storage.tools.createMany(plan.tools.map(toolInputFromDefinition), GLOBAL_SCOPE);
      } catch (error) {
        // a tool of the same name stored since the plan was made: the whole file is refused
        if (error instanceof DuplicateNameError) {
          throw new HttpError(409, `${error.message} Nothing was imported; try again.`, {
            code: 'duplicate_name',
          });
        }
        request.log.error({ err: error }, 'tool import failed while storing');
        throw new HttpError(500, MSG_IMPORT_STORE_FAILED, { code: 'import_failed' });
      }
      const luker = candidates.some((c) => c.format === 'luker') ? lukerProfileOf(bytes) : undefined;
      return {
        imported: plan.tools.length,
        skipped: plan.skipped,
        renamed: plan.renamed,
        review: plan.review,
        ...(luker ? { lukerProfile: { ...luker, note: MSG_LUKER_PROFILE_NOTE } } : {}),
      };
    },
  );
}
