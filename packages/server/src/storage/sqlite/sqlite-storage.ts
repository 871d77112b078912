import type { Storage } from '../types.js';
import { createSqliteCharacterRepository } from './character-repository.js';
import { createSqliteChatRepository } from './chat-repository.js';
import { createSqliteConnectionRepository } from './connection-repository.js';
import { openDatabase } from './database.js';
import { createSqliteLorebookRepository } from './lorebook-repository.js';
import { createSqliteMcpServerRepository } from './mcp-server-repository.js';
import { createSqliteMessageRepository } from './message-repository.js';
import { createSqlitePersonaRepository } from './persona-repository.js';
import { createSqlitePresetRepository } from './preset-repository.js';
import { createSecretBox, loadOrCreateKey } from './secret-box.js';
import { createSqliteSettingsRepository } from './settings-repository.js';
import { createSqliteToolModeRepository } from './tool-mode-repository.js';
import { createSqliteBuiltinToolStateRepository, createSqliteToolRepository } from './tool-repository.js';
import {
  createSqliteOrchestrationRunRepository,
  createSqliteVariableRepository,
  createSqliteWorldInfoTraceRepository,
} from './variable-repository.js';

/** The default storage: one SQLite file (DATA_DIR/toolsmith.db) plus the key file for secrets at rest. */
export function createSqliteStorage(dataDir: string): Storage {
  const key = loadOrCreateKey(dataDir);
  const box = createSecretBox(key);
  const db = openDatabase(dataDir, { box });
  let closed = false;
  return {
    tools: createSqliteToolRepository(db),
    builtinTools: createSqliteBuiltinToolStateRepository(db),
    connections: createSqliteConnectionRepository(db, box),
    presets: createSqlitePresetRepository(db),
    chats: createSqliteChatRepository(db),
    messages: createSqliteMessageRepository(db),
    settings: createSqliteSettingsRepository(db, box),
    personas: createSqlitePersonaRepository(db),
    lorebooks: createSqliteLorebookRepository(db),
    variables: createSqliteVariableRepository(db),
    worldInfoTraces: createSqliteWorldInfoTraceRepository(db),
    orchestrationRuns: createSqliteOrchestrationRunRepository(db),
    characters: createSqliteCharacterRepository(db),
    toolModes: createSqliteToolModeRepository(db),
    mcpServers: createSqliteMcpServerRepository(db, box),
    async close() {
      if (closed) return;
      closed = true;
      // Fold the WAL back into the main file so a copied DATA_DIR is complete on its own.
      db.pragma('wal_checkpoint(TRUNCATE)');
      db.close();
    },
  };
}
