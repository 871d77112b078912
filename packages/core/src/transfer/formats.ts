import { normalizeParametersSchema } from '../tools/parameters-schema.js';
import type { JsonSchema, ToolDefinition, ToolKind, ToolMode } from '../tools/types.js';
import { TransferError } from './limits.js';
import { convertLukerProfile } from './luker-convert.js';
import { collectLukerTools, lukerToolDefinition } from './luker-tool.js';
import type { ArchiveEntry } from './zip-reader.js';

export type ImportFormat = 'toolsmith' | 'marinara' | 'luker';

/** A tool as a file describes it, before any safety rule or collision check is applied. */
export interface ImportCandidate {
  tool: ToolDefinition;
  format: ImportFormat;
  /** Set when the entry did not look like a tool of any known format: the import skips it with this reason. */
  unrecognised?: string;
}

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);
const bool = (value: unknown, fallback: boolean): boolean => {
  if (typeof value === 'boolean') return value;
  if (value === 'true' || value === '1') return true;
  if (value === 'false' || value === '0') return false;
  return fallback;
};

const EMPTY_PARAMETERS: JsonSchema = { type: 'object', properties: {} };

/**
 * Schemas arrive as objects or as JSON text (Marinara stores either); `{}` (Marinara's default) and a schema
 * without `type` read as the empty object schema, as Marinara treats them. Unreadable text is kept for
 * validation.
 */
function parameters(value: unknown): JsonSchema {
  if (isObject(value)) return normalizeParametersSchema(value);
  if (typeof value === 'string' && value.trim()) {
    try {
      const parsed = JSON.parse(value);
      if (isObject(parsed)) return normalizeParametersSchema(parsed);
    } catch {
      // fall through
    }
  }
  return EMPTY_PARAMETERS;
}

/** Reads a file next to a manifest: `resolve` maps a path relative to the manifest's folder to its text. */
type Resolve = (relativePath: unknown) => string | undefined;
const noFiles: Resolve = () => undefined;

/** A Toolsmith definition (our own export). */
function fromToolsmith(raw: Json, resolve: Resolve = noFiles): ToolDefinition {
  const kind = (text(raw.kind) ?? (typeof raw.webhookUrl === 'string' ? 'webhook' : 'static')) as ToolKind;
  const paramsText = resolve(raw.parametersPath);
  return {
    name: text(raw.name) ?? '',
    ...(text(raw.displayName) ? { displayName: text(raw.displayName) } : {}),
    description: text(raw.description) ?? '',
    parameters: paramsText !== undefined ? parameters(paramsText) : parameters(raw.parameters),
    mode: (text(raw.mode) ?? 'read') as ToolMode,
    kind,
    ...(kind === 'script' ? { body: resolve(raw.bodyPath) ?? text(raw.body) ?? '' } : {}),
    ...(kind === 'script' && (resolve(raw.simulateBodyPath) ?? text(raw.simulateBody))
      ? { simulateBody: resolve(raw.simulateBodyPath) ?? text(raw.simulateBody) }
      : {}),
    ...(kind === 'static' ? { staticResult: text(raw.staticResult) ?? '' } : {}),
    ...(kind === 'webhook' ? { webhookUrl: text(raw.webhookUrl) ?? '' } : {}),
    includeHiddenContext: bool(raw.includeHiddenContext, false),
    ...(kind === 'script' && raw.allowFetch === true ? { allowFetch: true } : {}),
    enabled: bool(raw.enabled, true),
  };
}

/** Marinara Engine's function config (`executionType`, `parametersSchema`, `scriptBody`, ...). */
function fromMarinara(raw: Json, resolve: Resolve = noFiles): ToolDefinition {
  const source =
    isObject(raw.manifest) && isObject(raw.manifest.config)
      ? raw.manifest.config
      : isObject(raw.config)
        ? raw.config
        : raw;
  const executionType = text(source.executionType);
  const kind: ToolKind = executionType === 'webhook' || executionType === 'script' ? executionType : 'static';
  const schemaText = resolve(source.parametersSchemaPath ?? source.parametersPath);
  return {
    name: (text(source.name) ?? '').trim(),
    description: (text(source.description) ?? '').trim(),
    parameters:
      schemaText !== undefined
        ? parameters(schemaText)
        : parameters(source.parametersSchema ?? source.parameters),
    // Marinara has no read/write flag: anything that can reach the outside is treated as a write.
    mode: kind === 'static' ? 'read' : 'write',
    kind,
    ...(kind === 'script'
      ? { body: resolve(source.scriptBodyPath ?? source.scriptPath) ?? text(source.scriptBody) ?? '' }
      : {}),
    ...(kind === 'static'
      ? { staticResult: resolve(source.staticResultPath) ?? text(source.staticResult) ?? '' }
      : {}),
    ...(kind === 'webhook' ? { webhookUrl: text(source.webhookUrl) ?? '' } : {}),
    includeHiddenContext: bool(source.includeHiddenContext, false),
    enabled: bool(source.enabled, true),
  };
}

/**
 * Luker tools in a value: a profile file or a card's `extensions.orchestrator` is read with its switches (a
 * tool switched off in the active presets arrives with `enabled: false`, as do tools of presets that are not
 * active); other Luker settings are searched for `customTools` lists, whose entries have no switch: on.
 */
export function lukerCandidates(value: unknown): ImportCandidate[] {
  const converted =
    convertLukerProfile(value) ?? convertLukerProfile({ extensions: { orchestrator: value } });
  const tools = converted ? [...converted.profile.tools] : [];
  // presets that are not the active one still carry tools; they are not switched on anywhere Luker runs
  for (const raw of collectLukerTools(value)) {
    if (tools.some((t) => t.name === raw.name)) continue;
    tools.push(lukerToolDefinition(raw, converted === undefined));
  }
  return tools.map((tool) => ({ tool, format: 'luker' as const }));
}

function looksMarinara(item: Json): boolean {
  return (
    'executionType' in item ||
    'parametersSchema' in item ||
    'scriptBody' in item ||
    (isObject(item.manifest) && item.manifest.kind === 'marinara.function') ||
    item.kind === 'marinara.function'
  );
}

function fromListItem(item: unknown): ImportCandidate {
  if (!isObject(item)) throw new TransferError('Every entry in the list of tools must be a JSON object.');
  if (looksMarinara(item)) return { tool: fromMarinara(item), format: 'marinara' };
  if (item.kind === 'script' || item.kind === 'static' || item.kind === 'webhook' || item.kind === 'native') {
    return { tool: fromToolsmith(item), format: 'toolsmith' };
  }
  if ('body' in item) return { tool: lukerToolDefinition(item), format: 'luker' };
  const candidate: ImportCandidate = { tool: fromToolsmith(item), format: 'toolsmith' };
  // Without a kind, only a static result or a webhook URL says what the tool does; anything else would
  // become an empty static tool, so it is reported instead of stored.
  if (!('staticResult' in item) && !('webhookUrl' in item)) candidate.unrecognised = unrecognisedReason(item);
  return candidate;
}

function unrecognisedReason(item: Json): string {
  const keys = Object.keys(item).slice(0, 8);
  const kind = item.kind === undefined ? 'no "kind"' : `an unknown kind ${JSON.stringify(item.kind)}`;
  return (
    `Not recognised as a tool: it has ${kind}, no body, static result or webhook URL` +
    ` (keys: ${keys.join(', ') || 'none'}). Give it "kind": "static", "webhook" or "script" with its content.`
  );
}

/** Recognises a parsed JSON document: Toolsmith export, Marinara functions file, Luker customTools, or a list. */
export function candidatesFromJson(doc: unknown): ImportCandidate[] {
  if (Array.isArray(doc)) return doc.map(fromListItem);
  if (!isObject(doc)) throw new TransferError('The file must hold a JSON object or an array of tools.');
  if (doc.kind === 'toolsmith.tool' && isObject(doc.tool))
    return [{ tool: fromToolsmith(doc.tool), format: 'toolsmith' }];
  if (doc.kind === 'toolsmith.tools' && Array.isArray(doc.tools)) return doc.tools.map(fromListItem);
  if (doc.kind === 'marinara.function') return [{ tool: fromMarinara(doc), format: 'marinara' }];
  for (const key of ['functions', 'tools'] as const) {
    if (Array.isArray(doc[key])) return (doc[key] as unknown[]).map(fromListItem);
  }
  const luker = lukerCandidates(doc);
  if (luker.length > 0) return luker;
  if (typeof doc.name === 'string') return [fromListItem(doc)];
  throw new TransferError(
    'No tools found: expected a Toolsmith export, a Marinara marinara-functions.json, a Luker profile with customTools, or an array of tools.',
  );
}

export function parseJsonText(textValue: string, fileName = 'the file'): unknown {
  try {
    return JSON.parse(textValue);
  } catch (error) {
    throw new TransferError(`${fileName} is not valid JSON: ${(error as Error).message}`);
  }
}

function folderOf(path: string): string {
  const i = path.lastIndexOf('/');
  return i < 0 ? '' : path.slice(0, i + 1);
}

/** Builds a resolver for files referenced relative to a manifest, refusing paths that climb out. */
function resolverFor(files: Map<string, string>, manifestPath: string): Resolve {
  const base = folderOf(manifestPath);
  return (relative) => {
    if (typeof relative !== 'string' || !relative) return undefined;
    if (relative.startsWith('/') || relative.split(/[\\/]/).includes('..')) return undefined;
    return files.get(base + relative.replace(/\\/g, '/')) ?? files.get(relative);
  };
}

/** Recognises an archive: our ZIP export, Marinara's function-folder ZIP, or JSON files inside. */
export function candidatesFromArchive(entries: ArchiveEntry[]): ImportCandidate[] {
  const files = new Map(entries.map((e) => [e.path, e.text]));
  const rootToolsmith = files.get('toolsmith-tools.json');
  if (rootToolsmith !== undefined) {
    const manifest = parseJsonText(rootToolsmith, 'toolsmith-tools.json') as Json;
    if (!Array.isArray(manifest.tools)) throw new TransferError('toolsmith-tools.json has no "tools" list.');
    return manifest.tools.map((item) => {
      const path = isObject(item) ? text(item.path) : undefined;
      if (!path || !files.has(path))
        throw new TransferError(`toolsmith-tools.json lists a missing file: ${String(path)}`);
      const def = parseJsonText(files.get(path)!, path);
      if (!isObject(def)) throw new TransferError(`${path} must hold a JSON object.`);
      return { tool: fromToolsmith(def, resolverFor(files, path)), format: 'toolsmith' as const };
    });
  }
  const rootMarinara = files.get('marinara-functions.json');
  const manifests: Array<{ path: string; raw: unknown }> = [];
  if (rootMarinara !== undefined) {
    const doc = parseJsonText(rootMarinara, 'marinara-functions.json') as Json;
    const list = Array.isArray(doc.functions) ? doc.functions : [];
    for (const item of list) {
      const path = isObject(item) ? text(item.path) : undefined;
      manifests.push({
        path: path ?? 'marinara-functions.json',
        raw: isObject(item) && isObject(item.manifest) ? item.manifest : item,
      });
    }
  } else {
    for (const [path, body] of files) {
      if (!path.endsWith('manifest.json')) continue;
      const doc = parseJsonText(body, path);
      if (isObject(doc) && doc.kind === 'marinara.function') manifests.push({ path, raw: doc });
    }
  }
  if (manifests.length > 0) {
    return manifests.map(({ path, raw }) => {
      if (!isObject(raw)) throw new TransferError(`${path} must hold a JSON object.`);
      return { tool: fromMarinara(raw, resolverFor(files, path)), format: 'marinara' as const };
    });
  }
  const jsonFiles = entries.filter((e) => e.path.endsWith('.json'));
  if (jsonFiles.length === 0) throw new TransferError('The archive holds no tool files (no JSON found).');
  return jsonFiles.flatMap((e) => candidatesFromJson(parseJsonText(e.text, e.path)));
}
