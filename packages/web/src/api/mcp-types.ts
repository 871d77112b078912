// Shapes of /api/mcp (docs/api.md, "MCP"): servers Toolsmith uses, their tools, and what /mcp shares. They come
// from the route schemas (the server validates and serializes with them).

export type {
  McpReview,
  McpServerResource as McpServer,
  McpServerTool,
  McpServerTools,
  McpSettings,
  McpStatus,
} from '@toolsmith/core/api-schema';
