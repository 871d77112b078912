import type { ToolDefinition } from '@toolsmith/core';
import type { ToolInput } from '../storage/types.js';

/** A planned (already made safe) definition as a tools-table row; every import path stores tools through it. */
export function toolInputFromDefinition(tool: ToolDefinition): ToolInput {
  return {
    name: tool.name,
    displayName: tool.displayName ?? '',
    description: tool.description,
    parameters: tool.parameters,
    mode: tool.mode,
    kind: tool.kind as ToolInput['kind'],
    body: tool.body ?? '',
    simulateBody: tool.simulateBody ?? '',
    staticResult: tool.staticResult ?? '',
    webhookUrl: tool.webhookUrl ?? '',
    includeHiddenContext: tool.includeHiddenContext === true,
    allowFetch: tool.kind === 'script' && tool.allowFetch === true,
    enabled: tool.enabled,
  };
}
