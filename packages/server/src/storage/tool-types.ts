import type { JsonSchema, ToolKind, ToolMode } from '@toolsmith/core';

// Tools, built-in tool switches and what `auto` remembered per connection and model.
// Part of the repository interfaces; storage/types.ts names them all.

export interface StoredTool {
  id: string;
  scope: string;
  name: string;
  displayName: string;
  description: string;
  parameters: JsonSchema;
  mode: ToolMode;
  kind: Exclude<ToolKind, 'native'>;
  body: string;
  simulateBody: string;
  staticResult: string;
  webhookUrl: string;
  includeHiddenContext: boolean;
  /** script tools: may call fetch (under the webhook URL policy); off unless the user turns it on */
  allowFetch?: boolean;
  enabled: boolean;
  order: number;
  createdAt: string;
  updatedAt: string;
}

export type ToolInput = Omit<StoredTool, 'id' | 'scope' | 'order' | 'createdAt' | 'updatedAt'>;

export interface ToolRepository {
  list(scope?: string): Promise<StoredTool[]>;
  get(id: string): Promise<StoredTool | undefined>;
  getByName(name: string, scope?: string): Promise<StoredTool | undefined>;
  /** appended at the end of the scope's order; throws DuplicateNameError on a name clash */
  create(input: ToolInput, scope?: string): Promise<StoredTool>;
  /** all or nothing, in one transaction */
  createMany(inputs: ToolInput[], scope?: string): Promise<StoredTool[]>;
  /**
   * An import's writes in one transaction: `replace` overwrites those tools' definitions and switches (id and
   * position kept), `create` appends new ones; a failure on any row leaves every tool as it was.
   */
  applyImport(
    writes: { create: ToolInput[]; replace: Array<{ id: string; input: ToolInput }> },
    scope?: string,
  ): Promise<{ created: StoredTool[]; replaced: StoredTool[] }>;
  update(id: string, changes: Partial<ToolInput>): Promise<StoredTool | undefined>;
  delete(id: string): Promise<boolean>;
  /** `ids` first in the given order, the rest after in their current order; one transaction */
  reorder(ids: string[], scope?: string): Promise<StoredTool[]>;
}

export interface BuiltinToolStateRepository {
  /** name → enabled, for the names that have a stored state */
  list(scope?: string): Promise<Map<string, boolean>>;
  set(name: string, enabled: boolean, scope?: string): Promise<void>;
}

/** What `auto` remembered for one model of a connection (docs/api.md, "Connections and presets"). */
export interface StoredToolModeOutcome {
  model: string;
  mode: 'native' | 'text';
  /** text: the refusal that sent auto to the text protocol */
  reason: string | null;
  status: number | null;
  recordedAt: string;
}

export interface ToolModeRepository {
  get(connectionId: string, model: string): Promise<StoredToolModeOutcome | undefined>;
  set(connectionId: string, outcome: StoredToolModeOutcome): Promise<void>;
  /** newest first */
  list(connectionId: string): Promise<StoredToolModeOutcome[]>;
  /** forgets one model's outcome, or all of the connection's; returns how many */
  clear(connectionId: string, model?: string): Promise<number>;
}
