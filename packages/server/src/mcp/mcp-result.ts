import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { type ToolAttachment, type ToolOutput, toolOutput } from '@toolsmith/core';

/** An MCP tool answered with `isError: true`: a tool error the model sees, with the server's own words. */
export class McpToolError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'McpToolError';
  }
}

function sizeOf(base64: string): string {
  const bytes = Math.floor((base64.length * 3) / 4);
  return bytes < 1024 ? `${bytes} B` : `${(bytes / 1024).toFixed(1)} KB`;
}

type Block = CallToolResult['content'][number];

/** A block as text for the model; images, audio and binary resources become attachments with a marker. */
function blockText(block: Block, attachments: ToolAttachment[]): string {
  switch (block.type) {
    case 'text':
      return block.text;
    case 'image':
    case 'audio': {
      attachments.push({ type: block.type, mimeType: block.mimeType, data: block.data });
      return `[${block.type} ${attachments.length}: ${block.mimeType}, ${sizeOf(block.data)}, attached]`;
    }
    case 'resource': {
      const { resource } = block;
      if ('text' in resource && typeof resource.text === 'string') return resource.text;
      const blob = (resource as { blob?: unknown }).blob;
      if (typeof blob === 'string') {
        attachments.push({
          type: 'resource',
          mimeType: resource.mimeType ?? 'application/octet-stream',
          data: blob,
          uri: resource.uri,
        });
        return `[resource ${attachments.length}: ${resource.uri}, ${sizeOf(blob)}, attached]`;
      }
      return `[resource: ${resource.uri}]`;
    }
    case 'resource_link':
      return `[resource link: ${block.uri}${block.name ? ` (${block.name})` : ''}]`;
    default:
      return '';
  }
}

/**
 * An MCP `tools/call` answer as a tool result: `isError` → a tool error with the server's text; otherwise
 * the structured content when the tool gave one (it is the machine-readable answer; its text twin is not
 * repeated), else the text blocks joined, with a marker where each attachment was. Older servers'
 * `{ toolResult }` answers pass through as they are.
 */
export function mapCallToolResult(answer: CallToolResult | { toolResult: unknown }): ToolOutput {
  if ('toolResult' in answer && !('content' in answer)) return toolOutput(answer.toolResult);
  const result = answer as CallToolResult;
  const attachments: ToolAttachment[] = [];
  const texts = (result.content ?? []).map((block) => blockText(block, attachments)).filter((t) => t !== '');
  const text = texts.join('\n');
  if (result.isError) throw new McpToolError(text || 'The MCP tool reported an error without a message.');
  if (result.structuredContent !== undefined) return toolOutput(result.structuredContent, attachments);
  return toolOutput(text, attachments);
}
