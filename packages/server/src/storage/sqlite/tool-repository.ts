import type { Database } from 'better-sqlite3';
import {
  type BuiltinToolStateRepository,
  GLOBAL_SCOPE,
  type StoredTool,
  type ToolInput,
  type ToolRepository,
} from '../types.js';
import { newId, now, writeNamed } from './ids.js';
import { deleteOneBy, readOne } from './row-reads.js';

interface ToolRow {
  id: string;
  scope: string;
  name: string;
  display_name: string;
  description: string;
  parameters: string;
  mode: StoredTool['mode'];
  kind: StoredTool['kind'];
  body: string;
  simulate_body: string;
  static_result: string;
  webhook_url: string;
  include_hidden_context: number;
  allow_fetch: number;
  enabled: number;
  position: number;
  created_at: string;
  updated_at: string;
}

const COLUMNS: Record<keyof ToolInput, string> = {
  name: 'name',
  displayName: 'display_name',
  description: 'description',
  parameters: 'parameters',
  mode: 'mode',
  kind: 'kind',
  body: 'body',
  simulateBody: 'simulate_body',
  staticResult: 'static_result',
  webhookUrl: 'webhook_url',
  includeHiddenContext: 'include_hidden_context',
  allowFetch: 'allow_fetch',
  enabled: 'enabled',
};

function fromRow(row: ToolRow): StoredTool {
  return {
    id: row.id,
    scope: row.scope,
    name: row.name,
    displayName: row.display_name,
    description: row.description,
    parameters: JSON.parse(row.parameters),
    mode: row.mode,
    kind: row.kind,
    body: row.body,
    simulateBody: row.simulate_body,
    staticResult: row.static_result,
    webhookUrl: row.webhook_url,
    includeHiddenContext: row.include_hidden_context === 1,
    allowFetch: row.allow_fetch === 1,
    enabled: row.enabled === 1,
    order: row.position,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

function toColumnValue(key: keyof ToolInput, value: unknown): unknown {
  if (key === 'parameters') return JSON.stringify(value);
  if (key === 'includeHiddenContext' || key === 'allowFetch' || key === 'enabled') return value ? 1 : 0;
  return value ?? '';
}

/**
 * A synchronous insert (appended at the end of the scope's order), for callers that store tools inside their
 * own transaction (a character import stores its character and tools together).
 */
export function createToolInserter(db: Database): (input: ToolInput, scope: string) => StoredTool {
  const selectOne = db.prepare<[string], ToolRow>('SELECT * FROM tools WHERE id = ?');
  const nextPosition = db.prepare<[string], { next: number }>(
    'SELECT COALESCE(MAX(position) + 1, 0) AS next FROM tools WHERE scope = ?',
  );
  const insert = db.prepare(
    `INSERT INTO tools (id, scope, name, display_name, description, parameters, mode, kind, body, simulate_body,
       static_result, webhook_url, include_hidden_context, allow_fetch, enabled, position, created_at, updated_at)
     VALUES (@id, @scope, @name, @display_name, @description, @parameters, @mode, @kind, @body, @simulate_body,
       @static_result, @webhook_url, @include_hidden_context, @allow_fetch, @enabled, @position, @created_at,
       @updated_at)`,
  );
  return (input, scope) => {
    const id = newId('t');
    const at = now();
    const row: Record<string, unknown> = { id, scope, created_at: at, updated_at: at };
    for (const key of Object.keys(COLUMNS) as (keyof ToolInput)[])
      row[COLUMNS[key]] = toColumnValue(key, input[key]);
    row.position = nextPosition.get(scope)!.next;
    writeNamed(() => insert.run(row), 'tool', input.name);
    return fromRow(selectOne.get(id)!);
  };
}

export function createSqliteToolRepository(db: Database): ToolRepository {
  const selectAll = db.prepare<[string], ToolRow>(
    'SELECT * FROM tools WHERE scope = ? ORDER BY position, created_at',
  );
  const selectOne = db.prepare<[string], ToolRow>('SELECT * FROM tools WHERE id = ?');
  const selectByName = db.prepare<[string, string], ToolRow>(
    'SELECT * FROM tools WHERE scope = ? AND name = ?',
  );
  const deleteOne = db.prepare<[string]>('DELETE FROM tools WHERE id = ?');
  const setPosition = db.prepare<[number, string]>('UPDATE tools SET position = ? WHERE id = ?');
  const insertOne = createToolInserter(db);

  const createMany = db.transaction((inputs: ToolInput[], scope: string) =>
    inputs.map((i) => insertOne(i, scope)),
  );

  const replaceOne = (id: string, input: ToolInput, scope: string): StoredTool => {
    const params: Record<string, unknown> = { id, scope, updated_at: now() };
    for (const key of Object.keys(COLUMNS) as (keyof ToolInput)[])
      params[COLUMNS[key]] = toColumnValue(key, input[key]);
    const sets = Object.values(COLUMNS)
      .map((column) => `${column} = @${column}`)
      .join(', ');
    let changed = 0;
    writeNamed(
      () => {
        changed = db
          .prepare(`UPDATE tools SET ${sets}, updated_at = @updated_at WHERE id = @id AND scope = @scope`)
          .run(params).changes;
      },
      'tool',
      input.name,
    );
    // the tool was deleted since the plan was made: the whole import is refused
    if (changed === 0) throw new Error(`Tool ${id} to replace is gone.`);
    return fromRow(selectOne.get(id)!);
  };

  const applyImport = db.transaction(
    (writes: { create: ToolInput[]; replace: Array<{ id: string; input: ToolInput }> }, scope: string) => ({
      replaced: writes.replace.map((r) => replaceOne(r.id, r.input, scope)),
      created: writes.create.map((i) => insertOne(i, scope)),
    }),
  );

  const reorder = db.transaction((ids: string[], scope: string) => {
    const current = selectAll.all(scope).map((r) => r.id);
    const listed = new Set(ids);
    const ordered = [...ids, ...current.filter((id) => !listed.has(id))];
    for (const [position, id] of ordered.entries()) setPosition.run(position, id);
  });

  return {
    async list(scope = GLOBAL_SCOPE) {
      return selectAll.all(scope).map(fromRow);
    },
    get: readOne(selectOne, fromRow),
    async getByName(name, scope = GLOBAL_SCOPE) {
      const row = selectByName.get(scope, name);
      return row ? fromRow(row) : undefined;
    },
    async create(input, scope = GLOBAL_SCOPE) {
      return insertOne(input, scope);
    },
    async createMany(inputs, scope = GLOBAL_SCOPE) {
      return createMany(inputs, scope);
    },
    async applyImport(writes, scope = GLOBAL_SCOPE) {
      return applyImport(writes, scope);
    },
    async update(id, changes) {
      const keys = (Object.keys(changes) as (keyof ToolInput)[]).filter(
        (k) => k in COLUMNS && changes[k] !== undefined,
      );
      if (!selectOne.get(id)) return undefined;
      if (keys.length > 0) {
        const sets = keys.map((k) => `${COLUMNS[k]} = @${COLUMNS[k]}`).join(', ');
        const params: Record<string, unknown> = { id, updated_at: now() };
        for (const k of keys) params[COLUMNS[k]] = toColumnValue(k, changes[k]);
        writeNamed(
          () => db.prepare(`UPDATE tools SET ${sets}, updated_at = @updated_at WHERE id = @id`).run(params),
          'tool',
          String(changes.name),
        );
      }
      return fromRow(selectOne.get(id)!);
    },
    delete: deleteOneBy(deleteOne),
    async reorder(ids, scope = GLOBAL_SCOPE) {
      reorder(ids, scope);
      return selectAll.all(scope).map(fromRow);
    },
  };
}

export function createSqliteBuiltinToolStateRepository(db: Database): BuiltinToolStateRepository {
  const select = db.prepare<[string], { name: string; enabled: number }>(
    'SELECT name, enabled FROM builtin_tool_states WHERE scope = ?',
  );
  const upsert = db.prepare<[string, string, number]>(
    `INSERT INTO builtin_tool_states (scope, name, enabled) VALUES (?, ?, ?)
     ON CONFLICT (scope, name) DO UPDATE SET enabled = excluded.enabled`,
  );
  return {
    async list(scope = GLOBAL_SCOPE) {
      return new Map(select.all(scope).map((r) => [r.name, r.enabled === 1]));
    },
    async set(name, enabled, scope = GLOBAL_SCOPE) {
      upsert.run(scope, name, enabled ? 1 : 0);
    },
  };
}
