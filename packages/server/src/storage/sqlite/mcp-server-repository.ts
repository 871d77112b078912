import type { Database } from 'better-sqlite3';
import type { McpServerRepository, McpToolInfo, SecretMapChanges, StoredMcpServer } from '../mcp-types.js';
import { newId, now, writeNamed } from './ids.js';
import { deleteOneBy, readAll, readOne } from './row-reads.js';
import type { SecretBox } from './secret-box.js';

interface Row {
  id: string;
  name: string;
  transport: StoredMcpServer['transport'];
  command: string;
  args: string;
  cwd: string;
  url: string;
  enabled: number;
  env_keys: string;
  env_encrypted: string | null;
  header_keys: string;
  headers_encrypted: string | null;
  approved_fingerprint: string | null;
  approved_at: string | null;
  tool_states: string;
  tools: string;
  tools_listed_at: string | null;
  created_at: string;
  updated_at: string;
}

function parseJson<T>(text: string, fallback: T): T {
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}

function fromRow(row: Row): StoredMcpServer {
  return {
    id: row.id,
    name: row.name,
    transport: row.transport,
    command: row.command,
    args: parseJson<string[]>(row.args, []),
    cwd: row.cwd,
    url: row.url,
    enabled: row.enabled === 1,
    envKeys: parseJson<string[]>(row.env_keys, []),
    headerKeys: parseJson<string[]>(row.header_keys, []),
    approval:
      row.approved_fingerprint && row.approved_at
        ? { fingerprint: row.approved_fingerprint, approvedAt: row.approved_at }
        : null,
    toolStates: parseJson<Record<string, boolean>>(row.tool_states, {}),
    tools: parseJson<McpToolInfo[]>(row.tools, []),
    toolsListedAt: row.tools_listed_at,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** The stored map after `changes`: a string sets a key, null removes it, keys not named stay. */
function applyChanges(current: Record<string, string>, changes: SecretMapChanges): Record<string, string> {
  const next = new Map(Object.entries(current));
  for (const [key, value] of Object.entries(changes)) {
    if (value === null) next.delete(key);
    else next.set(key, value);
  }
  return Object.fromEntries(next);
}

/** MCP servers (migration 9): env and headers sealed with the same key as connections' API keys. */
export function createSqliteMcpServerRepository(db: Database, box: SecretBox): McpServerRepository {
  const selectAll = db.prepare<[], Row>('SELECT * FROM mcp_servers ORDER BY created_at, id');
  const selectOne = db.prepare<[string], Row>('SELECT * FROM mcp_servers WHERE id = ?');
  const insert = db.prepare(
    `INSERT INTO mcp_servers (id, name, transport, command, args, cwd, url, enabled, env_keys, env_encrypted,
       header_keys, headers_encrypted, created_at, updated_at)
     VALUES (@id, @name, @transport, @command, @args, @cwd, @url, @enabled, @env_keys, @env_encrypted,
       @header_keys, @headers_encrypted, @created_at, @updated_at)`,
  );
  const update = db.prepare(
    `UPDATE mcp_servers SET name = @name, transport = @transport, command = @command, args = @args, cwd = @cwd,
       url = @url, enabled = @enabled, env_keys = @env_keys, env_encrypted = @env_encrypted,
       header_keys = @header_keys, headers_encrypted = @headers_encrypted, updated_at = @updated_at
     WHERE id = @id`,
  );
  const deleteOne = db.prepare<[string]>('DELETE FROM mcp_servers WHERE id = ?');
  const approve = db.prepare<[string | null, string | null, string]>(
    'UPDATE mcp_servers SET approved_fingerprint = ?, approved_at = ? WHERE id = ?',
  );
  const states = db.prepare<[string, string]>('UPDATE mcp_servers SET tool_states = ? WHERE id = ?');
  const tools = db.prepare<[string, string, string]>(
    'UPDATE mcp_servers SET tools = ?, tools_listed_at = ? WHERE id = ?',
  );

  const open = (sealed: string | null): Record<string, string> =>
    sealed ? parseJson<Record<string, string>>(box.decrypt(sealed), {}) : {};
  const seal = (map: Record<string, string>) =>
    Object.keys(map).length > 0 ? box.encrypt(JSON.stringify(map)) : null;
  const write = (statement: typeof insert, params: Record<string, unknown>, name: string) =>
    writeNamed(() => statement.run(params), 'MCP server', name);

  return {
    list: readAll(selectAll, fromRow),
    get: readOne(selectOne, fromRow),
    async create(input) {
      const id = newId('mcp');
      const at = now();
      const env = applyChanges({}, input.env ?? {});
      const headers = applyChanges({}, input.headers ?? {});
      write(
        insert,
        {
          id,
          name: input.name,
          transport: input.transport,
          command: input.command,
          args: JSON.stringify(input.args),
          cwd: input.cwd,
          url: input.url,
          enabled: input.enabled ? 1 : 0,
          env_keys: JSON.stringify(Object.keys(env)),
          env_encrypted: seal(env),
          header_keys: JSON.stringify(Object.keys(headers)),
          headers_encrypted: seal(headers),
          created_at: at,
          updated_at: at,
        },
        input.name,
      );
      return fromRow(selectOne.get(id)!);
    },
    async update(id, changes) {
      const row = selectOne.get(id);
      if (!row) return undefined;
      let envKeys = row.env_keys;
      let envSealed = row.env_encrypted;
      if (changes.env !== undefined) {
        const env = applyChanges(open(row.env_encrypted), changes.env);
        envKeys = JSON.stringify(Object.keys(env));
        envSealed = seal(env);
      }
      let headerKeys = row.header_keys;
      let headersSealed = row.headers_encrypted;
      if (changes.headers !== undefined) {
        const headers = applyChanges(open(row.headers_encrypted), changes.headers);
        headerKeys = JSON.stringify(Object.keys(headers));
        headersSealed = seal(headers);
      }
      const next = {
        id,
        name: changes.name ?? row.name,
        transport: changes.transport ?? row.transport,
        command: changes.command ?? row.command,
        args: changes.args ? JSON.stringify(changes.args) : row.args,
        cwd: changes.cwd ?? row.cwd,
        url: changes.url ?? row.url,
        enabled: changes.enabled === undefined ? row.enabled : changes.enabled ? 1 : 0,
        env_keys: envKeys,
        env_encrypted: envSealed,
        header_keys: headerKeys,
        headers_encrypted: headersSealed,
        updated_at: now(),
      };
      write(update, next, next.name);
      return fromRow(selectOne.get(id)!);
    },
    delete: deleteOneBy(deleteOne),
    async getSecrets(id) {
      const row = selectOne.get(id);
      if (!row) return undefined;
      return {
        env: open(row.env_encrypted),
        headers: open(row.headers_encrypted),
        envSeal: row.env_encrypted ?? '',
      };
    },
    async setApproval(id, approval) {
      approve.run(approval?.fingerprint ?? null, approval?.approvedAt ?? null, id);
    },
    async setToolState(id, toolName, enabled) {
      const row = selectOne.get(id);
      if (!row) return;
      const map = new Map(Object.entries(parseJson<Record<string, boolean>>(row.tool_states, {})));
      if (enabled === undefined) map.delete(toolName);
      else map.set(toolName, enabled);
      states.run(JSON.stringify(Object.fromEntries(map)), id);
    },
    async setTools(id, list, listedAt) {
      tools.run(JSON.stringify(list), listedAt, id);
    },
  };
}
