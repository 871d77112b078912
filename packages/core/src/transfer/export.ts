import { strToU8, zipSync } from 'fflate';
import type { ToolDefinition } from '../tools/types.js';

export const TOOL_EXPORT_KIND = 'toolsmith.tool';
export const TOOLS_EXPORT_KIND = 'toolsmith.tools';
export const TOOLS_MANIFEST_PATH = 'toolsmith-tools.json';

/** The definition's own fields, in a stable order, without storage columns (ids, order, timestamps). */
export function portableTool(tool: ToolDefinition): ToolDefinition {
  return {
    name: tool.name,
    ...(tool.displayName ? { displayName: tool.displayName } : {}),
    description: tool.description,
    parameters: tool.parameters,
    mode: tool.mode,
    kind: tool.kind,
    ...(tool.kind === 'script' ? { body: tool.body ?? '' } : {}),
    ...(tool.kind === 'script' && tool.simulateBody ? { simulateBody: tool.simulateBody } : {}),
    ...(tool.kind === 'static' ? { staticResult: tool.staticResult ?? '' } : {}),
    ...(tool.kind === 'webhook' ? { webhookUrl: tool.webhookUrl ?? '' } : {}),
    includeHiddenContext: tool.includeHiddenContext === true,
    ...(tool.kind === 'script' && tool.allowFetch === true ? { allowFetch: true } : {}),
    enabled: tool.enabled,
  };
}

/** One tool as a JSON document (`GET /api/tools/:id/export`). */
export function exportToolJson(tool: ToolDefinition): { kind: string; version: 1; tool: ToolDefinition } {
  return { kind: TOOL_EXPORT_KIND, version: 1, tool: portableTool(tool) };
}

/** A folder name that is safe on every file system and unique within the archive. */
function folderName(name: string, used: Set<string>): string {
  const base = name.replace(/[^A-Za-z0-9_-]/g, '_') || 'tool';
  let candidate = base;
  for (let i = 2; used.has(candidate.toLowerCase()); i++) candidate = `${base}_${i}`;
  used.add(candidate.toLowerCase());
  return candidate;
}

/**
 * All tools as a ZIP: a root manifest plus one folder per tool holding `tool.json`, `parameters.schema.json`,
 * and `script.js` / `simulate.js` for script tools. `secrets` is written into the manifest when given.
 */
export function exportToolsZip(
  tools: ToolDefinition[],
  now = new Date(),
  options: { secrets?: 'redacted' | 'included' } = {},
): Uint8Array {
  const files: Record<string, Uint8Array> = {};
  const used = new Set<string>();
  const listed: Array<{ name: string; path: string }> = [];
  for (const tool of tools) {
    const folder = `tools/${folderName(tool.name, used)}`;
    const { parameters, body, simulateBody, ...rest } = portableTool(tool);
    const def: Record<string, unknown> = { ...rest, parametersPath: 'parameters.schema.json' };
    files[`${folder}/parameters.schema.json`] = strToU8(JSON.stringify(parameters, null, 2));
    if (tool.kind === 'script') {
      def.bodyPath = 'script.js';
      files[`${folder}/script.js`] = strToU8(body ?? '');
      if (simulateBody) {
        def.simulateBodyPath = 'simulate.js';
        files[`${folder}/simulate.js`] = strToU8(simulateBody);
      }
    }
    files[`${folder}/tool.json`] = strToU8(JSON.stringify(def, null, 2));
    listed.push({ name: tool.name, path: `${folder}/tool.json` });
  }
  files[TOOLS_MANIFEST_PATH] = strToU8(
    JSON.stringify(
      {
        kind: TOOLS_EXPORT_KIND,
        version: 1,
        exportedAt: now.toISOString(),
        // whether credentials in the tools (webhook URLs) were left in or masked out by the exporter
        ...(options.secrets ? { secrets: options.secrets } : {}),
        tools: listed,
      },
      null,
      2,
    ),
  );
  return zipSync(files, { level: 6 });
}
