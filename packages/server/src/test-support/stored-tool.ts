// A complete ToolInput for tests that store tools directly (SQLite, CLI, transfer): a static read tool
// with no parameters, with the given fields changed.
import type { ToolInput } from '../storage/types.js';

export function storedTool(name: string, extra: Partial<ToolInput> = {}): ToolInput {
  return {
    name,
    displayName: '',
    description: `The ${name} tool.`,
    parameters: { type: 'object', properties: {} },
    mode: 'read',
    kind: 'static',
    body: '',
    simulateBody: '',
    staticResult: `${name} says hi`,
    webhookUrl: '',
    includeHiddenContext: false,
    enabled: true,
    ...extra,
  };
}
