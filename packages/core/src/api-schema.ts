// @toolsmith/core/api-schema — the HTTP API's route schemas (TypeBox: JSON Schema and TypeScript types from one
// declaration). The server hands them to Fastify (validation, serialization, /api/openapi.json); the web client
// takes its request and response types from them. Browser-safe: it loads only TypeBox and pure core modules.

export * from './api/agents.js';
export * from './api/card-import.js';
export * from './api/characters.js';
export * from './api/chats.js';
export * from './api/common.js';
export * from './api/connections.js';
export * from './api/generate.js';
export * from './api/lorebook-import.js';
export * from './api/lorebooks.js';
export * from './api/mcp-servers.js';
export * from './api/messages.js';
export * from './api/orchestration.js';
export * from './api/orchestration-profile.js';
export * from './api/personas.js';
export * from './api/presets.js';
export * from './api/studio.js';
export * from './api/tool-transfer.js';
export * from './api/tools.js';
export * from './api/variables.js';
export * from './api/web-search.js';
