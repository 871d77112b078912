import { createReadStream } from 'node:fs';
import { stat, writeFile } from 'node:fs/promises';
import { portableTool } from '@toolsmith/core';
import { type ExportFormat, type ExportNote, looksLikeZip } from '@toolsmith/core/internal';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app/build-app.js';
import type { ServerConfig } from '../config/config.js';
import { exportFormat } from '../routes/export-formats.js';
import { storedToDefinition } from '../routes/tool-input.js';
import { IMPORT_BODY_LIMIT, type ImportAnswer, MSG_IMPORT_TOO_LARGE } from '../routes/tools-transfer.js';
import { redactForExport } from '../secrets/export-secrets.js';
import { GLOBAL_SCOPE } from '../storage/types.js';
import type { CliIo } from './run-cli.js';

/** Files at least this large show reading progress. */
export const PROGRESS_THRESHOLD_BYTES = 256 * 1024;
export const DEFAULT_EXPORT_FILE = 'toolsmith-tools.zip';

// The same routes as the API, in-process (no port opened), so checks and messages are identical.
async function withApp<T>(config: ServerConfig, fn: (app: FastifyInstance) => Promise<T>): Promise<T> {
  const app = await buildApp({ ...config, logLevel: 'silent' });
  try {
    return await fn(app);
  } finally {
    await app.close();
  }
}

function headers(config: ServerConfig, contentType?: string): Record<string, string> {
  const out: Record<string, string> = { 'x-toolsmith-request': '1' };
  if (contentType) out['content-type'] = contentType;
  if (config.adminSecret) out['x-admin-secret'] = config.adminSecret;
  return out;
}

const size = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${(bytes / (1024 * 1024)).toFixed(1)} MiB` : `${(bytes / 1024).toFixed(1)} KiB`;

/** Reads a file in chunks, reporting every tenth of the way on stderr when it is large. */
async function readWithProgress(path: string, total: number, io: CliIo): Promise<Buffer> {
  const show = total >= PROGRESS_THRESHOLD_BYTES;
  const parts: Buffer[] = [];
  let read = 0;
  let shownTenths = 0;
  for await (const chunk of createReadStream(path, { highWaterMark: 64 * 1024 })) {
    parts.push(chunk as Buffer);
    read += (chunk as Buffer).length;
    const tenths = Math.floor((read / total) * 10);
    if (show && tenths > shownTenths) {
      shownTenths = tenths;
      io.err(`Reading ${path}: ${tenths * 10}% (${size(read)} of ${size(total)})\n`);
    }
  }
  return Buffer.concat(parts, read);
}

function describeImport(path: string, answer: ImportAnswer): string {
  const lines = [`Imported ${answer.imported} tool${answer.imported === 1 ? '' : 's'} from ${path}.`];
  if (answer.skipped.length > 0) {
    lines.push(`Skipped ${answer.skipped.length}:`);
    for (const s of answer.skipped) lines.push(`  ${s.name}: ${s.reason}`);
  }
  if (answer.review.length > 0) {
    lines.push(`Stored disabled for review (${answer.review.length}); check them before switching them on:`);
    for (const r of answer.review) {
      const asked = [
        r.requestedEnabled ? 'asked to be enabled' : '',
        r.requestedHiddenContext ? 'asked for hidden context' : '',
      ].filter(Boolean);
      const where = r.origin ? `, ${r.origin}` : '';
      lines.push(`  ${r.name} (${r.kind}${where})${asked.length ? `: ${asked.join(', ')}` : ''}`);
    }
  }
  return `${lines.join('\n')}\n`;
}

/** `tools import FILE`: JSON or ZIP, through POST /api/tools/import; progress for large files. */
export async function toolsImportCommand(config: ServerConfig, path: string, io: CliIo): Promise<number> {
  let total: number;
  try {
    const info = await stat(path);
    if (!info.isFile()) throw new Error('not a file');
    total = info.size;
  } catch {
    io.err(`Cannot read ${path}: no such file.\n`);
    return 1;
  }
  // refused before reading: the server would not take it either
  if (total > IMPORT_BODY_LIMIT) {
    io.err(`${MSG_IMPORT_TOO_LARGE}\n`);
    return 1;
  }
  const bytes = await readWithProgress(path, total, io);
  const contentType = looksLikeZip(bytes) ? 'application/zip' : 'application/json';
  if (total >= PROGRESS_THRESHOLD_BYTES) io.err(`Checking and storing the tools of ${path}…\n`);
  return withApp(config, async (app) => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/tools/import',
      headers: headers(config, contentType),
      payload: bytes,
    });
    const body = response.json();
    if (response.statusCode !== 200) {
      io.err(`Import refused: ${body.error}\n`);
      return 1;
    }
    io.out(describeImport(path, body as ImportAnswer));
    return 0;
  });
}

/** Where an export goes when no FILE is named, per format. */
const DEFAULT_FILES: Record<ExportFormat, string> = {
  toolsmith: DEFAULT_EXPORT_FILE,
  marinara: 'marinara-functions.zip',
  luker: 'luker-tools-preset.json',
};

/**
 * `tools export [FILE] [--format F] [--force]`: every tool as the API's ZIP, as one JSON document for
 * FILE.json, or in Marinara's or Luker's format with what that format cannot hold listed.
 */
export async function toolsExportCommand(
  config: ServerConfig,
  file: string | undefined,
  io: CliIo,
  options: { force: boolean; withSecrets: boolean; format?: string },
): Promise<number> {
  const { force, withSecrets } = options;
  let format: ExportFormat;
  try {
    format = exportFormat(options.format);
  } catch {
    io.err(`--format must be toolsmith, marinara (Marinara Engine) or luker; got ${options.format}.\n`);
    return 2;
  }
  const path = file ?? DEFAULT_FILES[format];
  const asJson = format === 'toolsmith' && path.toLowerCase().endsWith('.json');
  return withApp(config, async (app) => {
    let data: Buffer;
    let count: number;
    let notes: ExportNote[] = [];
    const secrets = withSecrets ? 'included' : 'redacted';
    if (format !== 'toolsmith') {
      const query = `format=${format}${withSecrets ? '&secrets=include' : ''}`;
      const [list, response, listed] = await Promise.all([
        app.inject({ method: 'GET', url: '/api/tools' }),
        app.inject({ method: 'GET', url: `/api/tools/export?${query}`, headers: headers(config) }),
        app.inject({
          method: 'GET',
          url: `/api/tools/export/notes?format=${format}`,
          headers: headers(config),
        }),
      ]);
      count = (list.json() as { tools: unknown[] }).tools.length;
      data = response.rawPayload;
      notes = (listed.json() as { notes: ExportNote[] }).notes;
    } else if (asJson) {
      // the stored definitions, masked like every API answer unless secrets are asked for
      const stored = (await app.toolsmith.storage.tools.list(GLOBAL_SCOPE)).map(storedToDefinition);
      const tools = redactForExport(stored, secrets);
      count = tools.length;
      const doc = { kind: 'toolsmith.tools', version: 1, secrets, tools: tools.map(portableTool) };
      data = Buffer.from(`${JSON.stringify(doc, null, 2)}\n`);
    } else {
      const [list, response] = await Promise.all([
        app.inject({ method: 'GET', url: '/api/tools' }),
        app.inject({
          method: 'GET',
          url: `/api/tools/export${withSecrets ? '?secrets=include' : ''}`,
          headers: headers(config),
        }),
      ]);
      count = (list.json() as { tools: unknown[] }).tools.length;
      data = response.rawPayload;
    }
    try {
      await writeFile(path, data, { flag: force ? 'w' : 'wx' });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'EEXIST') {
        io.err(`${path} already exists. Pass --force to overwrite it, or name another file.\n`);
        return 1;
      }
      io.err(`Cannot write ${path}: ${(error as Error).message}\n`);
      return 1;
    }
    const note = withSecrets
      ? 'webhook credentials included: keep the file private'
      : 'credentials in webhook URLs masked; --include-secrets keeps them';
    const where = format === 'toolsmith' ? '' : ` for ${format === 'marinara' ? 'Marinara Engine' : 'Luker'}`;
    io.out(
      `Exported ${count} tool${count === 1 ? '' : 's'}${where} to ${path} (${size(data.length)}; ${note}).\n`,
    );
    if (notes.length > 0) {
      io.out(`Not carried over as it is (${notes.length}):\n`);
      for (const n of notes) io.out(`  ${n.tool}: ${n.message}\n`);
    }
    return 0;
  });
}
