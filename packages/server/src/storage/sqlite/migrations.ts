import type { Database } from 'better-sqlite3';
import { sealStoredSettings } from './sealed-settings.js';
import type { SecretBox } from './secret-box.js';

/** What a migration that cannot be SQL alone gets: the secret box (sealing values needs the key file). */
export interface MigrationContext {
  box?: SecretBox;
}

export interface Migration {
  version: number;
  name: string;
  sql: string;
  /** runs after `sql`, in the same transaction */
  run?: (db: Database, context: MigrationContext) => void;
}

/** Numbered migrations; each runs once, in order, inside a transaction. Never edit a released one — add a new one. */
export const MIGRATIONS: Migration[] = [
  {
    version: 1,
    name: 'initial schema',
    sql: `
      CREATE TABLE tools (
        id TEXT PRIMARY KEY,
        scope TEXT NOT NULL DEFAULT 'global',
        name TEXT NOT NULL,
        display_name TEXT NOT NULL DEFAULT '',
        description TEXT NOT NULL,
        parameters TEXT NOT NULL,
        mode TEXT NOT NULL CHECK (mode IN ('read', 'write')),
        kind TEXT NOT NULL CHECK (kind IN ('script', 'static', 'webhook')),
        body TEXT NOT NULL DEFAULT '',
        simulate_body TEXT NOT NULL DEFAULT '',
        static_result TEXT NOT NULL DEFAULT '',
        webhook_url TEXT NOT NULL DEFAULT '',
        include_hidden_context INTEGER NOT NULL DEFAULT 0,
        enabled INTEGER NOT NULL DEFAULT 1,
        position INTEGER NOT NULL,
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL,
        UNIQUE (scope, name)
      );
      CREATE INDEX tools_scope_position ON tools (scope, position);

      CREATE TABLE builtin_tool_states (
        scope TEXT NOT NULL,
        name TEXT NOT NULL,
        enabled INTEGER NOT NULL,
        PRIMARY KEY (scope, name)
      );

      CREATE TABLE connections (
        id TEXT PRIMARY KEY,
        name TEXT NOT NULL UNIQUE,
        api TEXT NOT NULL,
        base_url TEXT NOT NULL DEFAULT '',
        model TEXT NOT NULL DEFAULT '',
        api_key_encrypted TEXT,
        function_calling_enabled INTEGER NOT NULL DEFAULT 1,
        function_calling_mode TEXT NOT NULL DEFAULT 'auto',
        instruct_template TEXT NOT NULL DEFAULT '',
        text_backend TEXT NOT NULL DEFAULT '',
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL
      );

      CREATE TABLE presets (
        id TEXT PRIMARY KEY,
        name TEXT NOT NULL UNIQUE,
        temperature REAL,
        top_p REAL,
        top_k INTEGER,
        max_tokens INTEGER,
        stop TEXT NOT NULL DEFAULT '[]',
        frequency_penalty REAL,
        presence_penalty REAL,
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL
      );

      CREATE TABLE chats (
        id TEXT PRIMARY KEY,
        title TEXT NOT NULL,
        connection_id TEXT REFERENCES connections (id) ON DELETE SET NULL,
        preset_id TEXT REFERENCES presets (id) ON DELETE SET NULL,
        settings TEXT NOT NULL,
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL
      );

      CREATE TABLE messages (
        id TEXT PRIMARY KEY,
        chat_id TEXT NOT NULL REFERENCES chats (id) ON DELETE CASCADE,
        seq INTEGER NOT NULL,
        role TEXT NOT NULL CHECK (role IN ('user', 'assistant')),
        content TEXT NOT NULL,
        reasoning TEXT NOT NULL DEFAULT '',
        created_at TEXT NOT NULL
      );
      CREATE INDEX messages_chat_seq ON messages (chat_id, seq);

      CREATE TABLE tool_invocations (
        id TEXT PRIMARY KEY,
        message_id TEXT NOT NULL REFERENCES messages (id) ON DELETE CASCADE,
        seq INTEGER NOT NULL,
        call_id TEXT NOT NULL,
        name TEXT NOT NULL,
        args TEXT NOT NULL,
        ok INTEGER NOT NULL,
        result TEXT,
        error TEXT,
        duration_ms REAL NOT NULL,
        simulated INTEGER NOT NULL DEFAULT 0
      );
      CREATE INDEX tool_invocations_message ON tool_invocations (message_id, seq);

      CREATE TABLE settings (
        key TEXT PRIMARY KEY,
        value TEXT NOT NULL
      );
    `,
  },
  {
    version: 2,
    name: 'personas, lorebooks, variables, world-info traces',
    sql: `
      CREATE TABLE personas (
        id TEXT PRIMARY KEY,
        name TEXT NOT NULL,
        description TEXT NOT NULL DEFAULT '',
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL
      );

      ALTER TABLE chats ADD COLUMN persona_id TEXT REFERENCES personas (id) ON DELETE SET NULL;

      -- A book and its entries are one row: an edit replaces the entry list in one write.
      CREATE TABLE lorebooks (
        id TEXT PRIMARY KEY,
        name TEXT NOT NULL,
        description TEXT NOT NULL DEFAULT '',
        is_global INTEGER NOT NULL DEFAULT 0,
        disabled INTEGER NOT NULL DEFAULT 0,
        settings TEXT NOT NULL DEFAULT '{}',
        entries TEXT NOT NULL DEFAULT '[]',
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL
      );

      CREATE TABLE global_variables (
        name TEXT PRIMARY KEY,
        value TEXT NOT NULL
      );

      CREATE TABLE chat_variables (
        chat_id TEXT NOT NULL REFERENCES chats (id) ON DELETE CASCADE,
        name TEXT NOT NULL,
        value TEXT NOT NULL,
        PRIMARY KEY (chat_id, name)
      );

      CREATE TABLE chat_world_info (
        chat_id TEXT PRIMARY KEY REFERENCES chats (id) ON DELETE CASCADE,
        activation TEXT NOT NULL,
        created_at TEXT NOT NULL
      );
    `,
  },
  {
    version: 3,
    name: 'characters, chat characters',
    sql: `
      -- The card's data is one JSON document (every field of the card survives a round trip); the tools a
      -- card carried are rows of the tools table in the scope 'character:<id>'.
      CREATE TABLE characters (
        id TEXT PRIMARY KEY,
        name TEXT NOT NULL,
        card TEXT NOT NULL,
        avatar BLOB,
        lorebook_id TEXT REFERENCES lorebooks (id) ON DELETE SET NULL,
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL
      );

      -- A JSON list: one character, or several for a group chat. Ids of deleted characters are skipped.
      ALTER TABLE chats ADD COLUMN character_ids TEXT NOT NULL DEFAULT '[]';
    `,
  },
  {
    version: 4,
    name: 'provider settings on connections and presets',
    sql: `
      -- extraBody, thinking, prompt caching and quirks (docs/providers.md) as one JSON document each: the
      -- adapters read them as a whole, and new provider options need no new column.
      ALTER TABLE connections ADD COLUMN provider_settings TEXT NOT NULL DEFAULT '{}';
      ALTER TABLE presets ADD COLUMN provider_settings TEXT NOT NULL DEFAULT '{}';
    `,
  },
  {
    version: 5,
    name: 'replies and swipes, message authors',
    sql: `
      -- An assistant reply is one or more rounds (a row each, with that round's tool invocations), in one of
      -- its swipes (alternatives); only the rows of the chosen swipe are active (the chat's history).
      ALTER TABLE messages ADD COLUMN reply_id TEXT;
      ALTER TABLE messages ADD COLUMN swipe INTEGER NOT NULL DEFAULT 0;
      ALTER TABLE messages ADD COLUMN active INTEGER NOT NULL DEFAULT 1;
      -- Who wrote it, as it was then: the answering character or the user's persona (no foreign keys: a
      -- deleted character's messages keep its name).
      ALTER TABLE messages ADD COLUMN character_id TEXT;
      ALTER TABLE messages ADD COLUMN persona_id TEXT;
      ALTER TABLE messages ADD COLUMN name TEXT NOT NULL DEFAULT '';
      ALTER TABLE messages ADD COLUMN edited_at TEXT;

      -- Existing chats: each run of assistant messages after a user message (or at the start) is one reply
      -- with one swipe, named by its first message.
      UPDATE messages SET reply_id = (
        SELECT first.id FROM messages AS first
        WHERE first.chat_id = messages.chat_id AND first.role = 'assistant' AND first.seq <= messages.seq
          AND NOT EXISTS (
            SELECT 1 FROM messages AS u WHERE u.chat_id = messages.chat_id AND u.role = 'user'
              AND u.seq > first.seq AND u.seq < messages.seq)
        ORDER BY first.seq LIMIT 1
      ) WHERE role = 'assistant';
      CREATE INDEX messages_reply ON messages (reply_id, swipe);
    `,
  },
  {
    version: 6,
    name: 'tool-call format on connections',
    sql: `
      -- Which model family's call markup to read from text: 'auto' (every family, preferring the one the
      -- model name identifies) or a family id (docs/tool-call-formats.md).
      ALTER TABLE connections ADD COLUMN tool_call_format TEXT NOT NULL DEFAULT 'auto';
    `,
  },
  {
    version: 7,
    name: 'remembered tool-calling mode per connection and model',
    sql: `
      -- What \`auto\` found out: native tools worked, or a "tools unsupported" refusal sent it to the text
      -- protocol (reason and status of that refusal). Forgotten with the connection.
      CREATE TABLE tool_mode_outcomes (
        connection_id TEXT NOT NULL REFERENCES connections (id) ON DELETE CASCADE,
        model TEXT NOT NULL,
        mode TEXT NOT NULL CHECK (mode IN ('native', 'text')),
        reason TEXT,
        status INTEGER,
        recorded_at TEXT NOT NULL,
        PRIMARY KEY (connection_id, model)
      );
    `,
  },
  {
    version: 8,
    name: 'persona portraits',
    sql: `
      -- a PNG shown beside the user's messages (like a character's portrait)
      ALTER TABLE personas ADD COLUMN avatar BLOB;
    `,
  },
  {
    version: 9,
    name: 'interrupted assistant messages',
    sql: `
      -- An answer cut short keeps its text; this says why (JSON { reason: "stopped" | "error", code?, message? }),
      -- NULL for complete messages.
      ALTER TABLE messages ADD COLUMN interrupted TEXT;
    `,
  },
  {
    version: 10,
    name: 'MCP servers',
    sql: `
      -- MCP servers whose tools join the registry's bridged layer. env and headers are AES-GCM sealed JSON
      -- maps (secrets: only their keys are returned); a stdio server starts only with an approval whose
      -- fingerprint matches its current command; tools is the last tools/list answer.
      CREATE TABLE mcp_servers (
        id TEXT PRIMARY KEY,
        name TEXT NOT NULL UNIQUE,
        transport TEXT NOT NULL CHECK (transport IN ('stdio', 'http')),
        command TEXT NOT NULL DEFAULT '',
        args TEXT NOT NULL DEFAULT '[]',
        cwd TEXT NOT NULL DEFAULT '',
        url TEXT NOT NULL DEFAULT '',
        enabled INTEGER NOT NULL DEFAULT 1,
        env_keys TEXT NOT NULL DEFAULT '[]',
        env_encrypted TEXT,
        header_keys TEXT NOT NULL DEFAULT '[]',
        headers_encrypted TEXT,
        approved_fingerprint TEXT,
        approved_at TEXT,
        tool_states TEXT NOT NULL DEFAULT '{}',
        tools TEXT NOT NULL DEFAULT '[]',
        tools_listed_at TEXT,
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL
      );
    `,
  },
  {
    version: 11,
    name: 'preset context length, min-p and repetition penalty',
    sql: `
      -- NULL: the backend's own default applies (as for the other sampling numbers)
      ALTER TABLE presets ADD COLUMN context_length INTEGER;
      ALTER TABLE presets ADD COLUMN min_p REAL;
      ALTER TABLE presets ADD COLUMN repetition_penalty REAL;
    `,
  },
  {
    version: 12,
    name: 'last orchestration run per chat',
    sql: `
      -- The result of the chat's last orchestration run before a reply (trace, outcome, error), as JSON.
      CREATE TABLE chat_orchestration_runs (
        chat_id TEXT PRIMARY KEY REFERENCES chats (id) ON DELETE CASCADE,
        run TEXT NOT NULL,
        created_at TEXT NOT NULL
      );
    `,
  },
  {
    version: 13,
    name: 'script tools that may fetch',
    sql: `
      -- 1: the script may call fetch (sent by the server under the webhook URL policy); imports arrive 0
      ALTER TABLE tools ADD COLUMN allow_fetch INTEGER NOT NULL DEFAULT 0;
    `,
  },
  {
    version: 14,
    name: 'images attached to messages',
    sql: `
      -- The user's images on a message, in the order attached: the checked bytes and the type read from them.
      CREATE TABLE message_images (
        id TEXT PRIMARY KEY,
        message_id TEXT NOT NULL REFERENCES messages (id) ON DELETE CASCADE,
        seq INTEGER NOT NULL,
        media_type TEXT NOT NULL,
        data BLOB NOT NULL
      );
      CREATE INDEX message_images_message ON message_images (message_id, seq);
    `,
  },
  {
    version: 15,
    name: 'web search API key sealed at rest',
    sql: '',
    // the key written in plain text by earlier versions is sealed like connection keys (sealed-settings.ts)
    run: (db, { box }) => {
      if (!box) throw new Error('Migration 15 needs the secret box to seal stored API keys.');
      sealStoredSettings(db, box);
    },
  },
];

/** Applies every migration newer than the database's user_version; returns how many ran. */
export function migrate(db: Database, context: MigrationContext = {}): number {
  const current = db.pragma('user_version', { simple: true }) as number;
  const latest = MIGRATIONS[MIGRATIONS.length - 1]?.version ?? 0;
  if (current > latest) {
    throw new Error(
      `The database schema (version ${current}) is newer than this Toolsmith build supports (${latest}). Upgrade Toolsmith or use another DATA_DIR.`,
    );
  }
  let ran = 0;
  for (const migration of MIGRATIONS) {
    if (migration.version <= current) continue;
    db.transaction(() => {
      if (migration.sql.trim() !== '') db.exec(migration.sql);
      migration.run?.(db, context);
      db.pragma(`user_version = ${migration.version}`);
    })();
    ran++;
  }
  return ran;
}
