// Which app an export is for (`?format=toolsmith|marinara|luker`) and the settings a Luker preset takes
// from an orchestration profile. The notes (what the format cannot hold) go with every foreign export:
// their count in `X-Toolsmith-Export-Notes`, the list from `GET /api/tools/export/notes`.
import {
  EXPORT_FORMATS,
  type ExportFormat,
  type ExportNote,
  exportLukerPreset,
  exportMarinaraFunction,
  exportMarinaraZip,
  type LukerLoopSettings,
  type ToolDefinition,
} from '@toolsmith/core/internal';
import type { FastifyReply } from 'fastify';
import { validationError } from '../app/http-error.js';

export const MSG_EXPORT_FORMAT = 'format must be "toolsmith", "marinara" (Marinara Engine) or "luker".';

/** The `format` query value, `toolsmith` when absent; anything else is a 400 naming the field. */
export function exportFormat(value: unknown): ExportFormat {
  if (value === undefined || value === '') return 'toolsmith';
  if (typeof value === 'string' && (EXPORT_FORMATS as readonly string[]).includes(value))
    return value as ExportFormat;
  throw validationError([{ field: 'format', message: MSG_EXPORT_FORMAT }]);
}

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The loop agent's prompt (when written in the profile, not a stored agent's reference), limits and
 * per-tool switches of the loop mode, from a profile or a character's override.
 */
export function loopSettingsOf(profile: unknown): LukerLoopSettings {
  if (!isObject(profile)) return {};
  const out: LukerLoopSettings = {};
  const agent = isObject(profile.loop) && isObject(profile.loop.agent) ? profile.loop.agent : {};
  if (typeof agent.systemPrompt === 'string') out.systemPrompt = agent.systemPrompt;
  if (isObject(profile.limits)) {
    const { maxRounds, wallClockBudgetMs } = profile.limits;
    out.limits = {
      ...(typeof maxRounds === 'number' ? { maxRounds } : {}),
      ...(typeof wallClockBudgetMs === 'number' ? { wallClockBudgetMs } : {}),
    };
  }
  const loop = isObject(profile.modes) && isObject(profile.modes.loop) ? profile.modes.loop : undefined;
  if (loop && isObject(loop.tools)) {
    out.switches = Object.fromEntries(
      Object.entries(loop.tools).filter((e): e is [string, boolean] => typeof e[1] === 'boolean'),
    );
  }
  return out;
}

/** A file in another app's format, ready to send. */
export interface ForeignFile {
  body: Buffer | object;
  contentType: string;
  fileName: string;
  notes: ExportNote[];
}

/** Every tool in Marinara's or Luker's format. */
export function foreignToolsFile(
  format: Exclude<ExportFormat, 'toolsmith'>,
  tools: readonly ToolDefinition[],
  luker: LukerLoopSettings = {},
): ForeignFile {
  if (format === 'marinara') {
    const { file, notes } = exportMarinaraZip(tools);
    return {
      body: Buffer.from(file.buffer, file.byteOffset, file.byteLength),
      contentType: 'application/zip',
      fileName: 'marinara-functions.zip',
      notes,
    };
  }
  const { file, notes } = exportLukerPreset(tools, luker);
  return { body: file, contentType: 'application/json', fileName: 'luker-tools-preset.json', notes };
}

/** One tool in Marinara's single-function JSON or as a Luker preset holding it. */
export function foreignToolFile(
  format: Exclude<ExportFormat, 'toolsmith'>,
  tool: ToolDefinition,
  safeName: string,
): ForeignFile {
  const { file, notes } =
    format === 'marinara'
      ? exportMarinaraFunction(tool)
      : exportLukerPreset([tool], { name: tool.displayName || tool.name });
  return {
    body: file,
    contentType: 'application/json',
    fileName: `${safeName}.${format}.json`,
    notes,
  };
}

/** Sends a foreign file with its notes counted in a header. */
export function sendForeign(reply: FastifyReply, format: ExportFormat, file: ForeignFile) {
  return reply
    .header('content-type', file.contentType)
    .header('content-disposition', `attachment; filename="${file.fileName}"`)
    .header('X-Toolsmith-Export-Format', format)
    .header('X-Toolsmith-Export-Notes', String(file.notes.length))
    .send(file.body);
}
