import type { ToolAttachment } from './types.js';

/**
 * What a native tool returns when its answer carries files (an MCP tool's images, audio or binary
 * resources): `result` is what the model reads, `attachments` travel beside it in the envelope for the UI
 * and for clients that take files, instead of being pasted into the model's context as base64.
 */
export class ToolOutput {
  constructor(
    readonly result: unknown,
    readonly attachments: readonly ToolAttachment[] = [],
  ) {}
}

export function toolOutput(result: unknown, attachments: readonly ToolAttachment[] = []): ToolOutput {
  return new ToolOutput(result, attachments);
}
