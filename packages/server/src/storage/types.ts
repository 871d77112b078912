import type { OrchestrationLastRun } from '@toolsmith/core/api-schema';
import type {
  CharacterRepository,
  LorebookRepository,
  PersonaRepository,
  VariableRepository,
  WorldInfoTraceRepository,
} from './character-types.js';
import type { ChatRepository, MessageRepository, SettingsRepository } from './chat-types.js';
import type { ConnectionRepository, PresetRepository } from './connection-types.js';
import type { McpServerRepository } from './mcp-types.js';
import type { BuiltinToolStateRepository, ToolModeRepository, ToolRepository } from './tool-types.js';

// Repository interfaces: routes depend only on these, so a PostgreSQL backend can implement them later.
// Methods are async for that reason even though the SQLite implementation is synchronous underneath.
// The shapes live one area per file; this module names them all.

export * from './character-types.js';
export * from './chat-types.js';
export * from './connection-types.js';
export * from './tool-types.js';

export const GLOBAL_SCOPE = 'global';

export interface Storage {
  tools: ToolRepository;
  builtinTools: BuiltinToolStateRepository;
  connections: ConnectionRepository;
  presets: PresetRepository;
  chats: ChatRepository;
  messages: MessageRepository;
  settings: SettingsRepository;
  personas: PersonaRepository;
  lorebooks: LorebookRepository;
  variables: VariableRepository;
  worldInfoTraces: WorldInfoTraceRepository;
  /** the last orchestration run of each chat (GET /api/chats/:id/orchestration/last) */
  orchestrationRuns: WorldInfoTraceRepository<OrchestrationLastRun>;
  characters: CharacterRepository;
  toolModes: ToolModeRepository;
  mcpServers: McpServerRepository;
  close(): Promise<void>;
}

/** A unique name is taken; `entity` says which kind of record. */
export class DuplicateNameError extends Error {
  constructor(
    readonly entity: 'tool' | 'connection' | 'preset' | 'MCP server',
    readonly duplicateName: string,
  ) {
    super(`${entity === 'MCP server' ? 'An' : 'A'} ${entity} named "${duplicateName}" already exists.`);
    this.name = 'DuplicateNameError';
  }
}

/** A reference to a record that does not exist (for example a chat's connectionId). */
export class MissingReferenceError extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
    this.name = 'MissingReferenceError';
  }
}
