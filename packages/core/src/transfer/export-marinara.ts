// Tools as Marinara Engine reads them back: its function-folder ZIP (root `marinara-functions.json` of kind
// `marinara.function-folder`, one `Function Calls/<name>/manifest.json` of kind `marinara.function` per tool,
// with `parameters.schema.json`, `script.js` and, for long static results, `static-result.txt`) and its
// single-function JSON. Marinara's field rules: names `^[a-z][a-z0-9_]*$` of at most 100 characters,
// descriptions of 1..500 characters; it has no display name, read/write mode, simulate body or fetch switch.
import { strToU8, zipSync } from 'fflate';
import type { JsonSchema, ToolDefinition } from '../tools/types.js';
import type { ExportNote, ForeignExport } from './export-notes.js';

export const MARINARA_FUNCTION_KIND = 'marinara.function';
export const MARINARA_FOLDER_KIND = 'marinara.function-folder';
export const MARINARA_MANIFEST_PATH = 'marinara-functions.json';
export const MARINARA_FOLDER_NAME = 'Function Calls';
export const MARINARA_NAME_PATTERN = /^[a-z][a-z0-9_]*$/;
export const MARINARA_NAME_MAX = 100;
export const MARINARA_DESCRIPTION_MAX = 500;
/** Marinara writes static results longer than this to their own file. */
const STATIC_INLINE_MAX = 2000;

export type MarinaraExecutionType = 'webhook' | 'static' | 'script';

/** Marinara's transfer config of one function, every field present (as its own serializer writes it). */
export interface MarinaraFunctionConfig {
  name: string;
  description: string;
  parametersSchema: JsonSchema;
  executionType: MarinaraExecutionType;
  webhookUrl: string | null;
  staticResult: string | null;
  scriptBody: string | null;
  includeHiddenContext: boolean;
  enabled: boolean;
}

export interface MarinaraFunctionDocument {
  kind: typeof MARINARA_FUNCTION_KIND;
  version: 1;
  config: MarinaraFunctionConfig;
}

/** A name Marinara accepts, unique among `used` (lowercase, `_` for anything else, a letter first). */
export function marinaraName(name: string, used: Set<string> = new Set()): string {
  let base = name
    .toLowerCase()
    .replace(/[^a-z0-9_]/g, '_')
    .slice(0, MARINARA_NAME_MAX);
  if (!/^[a-z]/.test(base)) base = `f_${base}`.slice(0, MARINARA_NAME_MAX);
  let candidate = base;
  for (let i = 2; used.has(candidate); i++) {
    const suffix = `_${i}`;
    candidate = base.slice(0, MARINARA_NAME_MAX - suffix.length) + suffix;
  }
  used.add(candidate);
  return candidate;
}

/** Marinara's config for a tool and what did not fit; `used` keeps names unique within one export. */
export function toMarinaraConfig(
  tool: ToolDefinition,
  used: Set<string> = new Set(),
): { config: MarinaraFunctionConfig; notes: ExportNote[] } {
  const notes: ExportNote[] = [];
  const note = (field: string, message: string) => notes.push({ tool: tool.name, field, message });
  const name = marinaraName(tool.name, used);
  if (name !== tool.name)
    note(
      'name',
      `Renamed to ${name}: Marinara names are lowercase letters, digits and _ (a letter first, at most ${MARINARA_NAME_MAX}).`,
    );
  let description = tool.description.trim();
  if (!description) {
    description = tool.displayName?.trim() || tool.name;
    note(
      'description',
      `Marinara needs a description (it skips a function without one): "${description}" was written.`,
    );
  } else if (description.length > MARINARA_DESCRIPTION_MAX) {
    description = description.slice(0, MARINARA_DESCRIPTION_MAX);
    note(
      'description',
      `The description was cut to ${MARINARA_DESCRIPTION_MAX} characters (from ${tool.description.trim().length}), Marinara's limit.`,
    );
  }
  if (tool.displayName)
    note('displayName', `Marinara has no display name: "${tool.displayName}" is left out.`);
  const executionType: MarinaraExecutionType =
    tool.kind === 'webhook' || tool.kind === 'script' ? tool.kind : 'static';
  if (tool.kind === 'native')
    note('kind', 'A native tool has no Marinara counterpart: written as a static tool.');
  // Marinara has no read/write flag; Toolsmith reads static tools back as read, the others as write
  const impliedMode = executionType === 'static' ? 'read' : 'write';
  if (tool.mode !== impliedMode)
    note(
      'mode',
      `Marinara has no read/write mode: this ${tool.mode} tool comes back into Toolsmith as ${impliedMode}.`,
    );
  if (tool.kind === 'script' && tool.simulateBody)
    note('simulateBody', 'Marinara has no simulate body: it is left out.');
  if (tool.kind === 'script' && tool.allowFetch)
    note('allowFetch', 'Marinara has no fetch switch for scripts: "Allow fetch" is left out.');
  if (tool.kind === 'webhook' && !tool.webhookUrl)
    note('webhookUrl', 'The webhook has no URL: Marinara refuses a webhook function without one.');
  return {
    config: {
      name,
      description,
      parametersSchema: tool.parameters,
      executionType,
      webhookUrl: executionType === 'webhook' ? (tool.webhookUrl ?? '') : null,
      staticResult: executionType === 'static' ? (tool.staticResult ?? '') : null,
      scriptBody: executionType === 'script' ? (tool.body ?? '') : null,
      includeHiddenContext: tool.includeHiddenContext === true,
      enabled: tool.enabled,
    },
    notes,
  };
}

/** One tool as Marinara's single-function JSON (`GET /api/tools/:id/export?format=marinara`). */
export function exportMarinaraFunction(tool: ToolDefinition): ForeignExport<MarinaraFunctionDocument> {
  const { config, notes } = toMarinaraConfig(tool);
  return { file: { kind: MARINARA_FUNCTION_KIND, version: 1, config }, notes };
}

/** Marinara's folder segment: its own sanitising (safe characters, spaces to `-`, at most 80), unique. */
function folderSegment(name: string, used: Set<string>): string {
  const base =
    name
      .replace(/[^a-zA-Z0-9._ -]+/g, ' ')
      .trim()
      .replace(/\s+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 80) || 'function';
  let candidate = base;
  for (let i = 2; used.has(candidate.toLowerCase()); i++) candidate = `${base}-${i}`;
  used.add(candidate.toLowerCase());
  return candidate;
}

/** Every tool as Marinara's function-folder ZIP, and what did not fit. */
export function exportMarinaraZip(
  tools: readonly ToolDefinition[],
  now = new Date(),
): ForeignExport<Uint8Array> {
  const files: Record<string, Uint8Array> = {};
  const names = new Set<string>();
  const segments = new Set<string>();
  const notes: ExportNote[] = [];
  const entries: Array<{ path: string; manifest: unknown }> = [];
  for (const tool of tools) {
    const converted = toMarinaraConfig(tool, names);
    notes.push(...converted.notes);
    const { parametersSchema, scriptBody, staticResult, ...rest } = converted.config;
    const folder = `${MARINARA_FOLDER_NAME}/${folderSegment(rest.name, segments)}`;
    const config: Record<string, unknown> = {
      name: rest.name,
      description: rest.description,
      parametersSchemaPath: 'parameters.schema.json',
      executionType: rest.executionType,
      webhookUrl: rest.webhookUrl,
      staticResult,
      includeHiddenContext: rest.includeHiddenContext,
      enabled: rest.enabled,
    };
    files[`${folder}/parameters.schema.json`] = strToU8(JSON.stringify(parametersSchema, null, 2));
    if (rest.executionType === 'script' && scriptBody) {
      config.scriptBodyPath = 'script.js';
      files[`${folder}/script.js`] = strToU8(scriptBody);
    } else {
      config.scriptBody = scriptBody;
    }
    if (staticResult && staticResult.length > STATIC_INLINE_MAX) {
      config.staticResult = null;
      config.staticResultPath = 'static-result.txt';
      files[`${folder}/static-result.txt`] = strToU8(staticResult);
    }
    const manifest = { kind: MARINARA_FUNCTION_KIND, version: 1, config };
    files[`${folder}/manifest.json`] = strToU8(JSON.stringify(manifest, null, 2));
    entries.push({ path: `${folder}/manifest.json`, manifest });
  }
  files[MARINARA_MANIFEST_PATH] = strToU8(
    JSON.stringify(
      {
        kind: MARINARA_FOLDER_KIND,
        version: 1,
        exportedAt: now.toISOString(),
        folderName: MARINARA_FOLDER_NAME,
        functions: entries,
      },
      null,
      2,
    ),
  );
  return { file: zipSync(files, { level: 6 }), notes };
}
