import { randomBytes } from 'node:crypto';
import type { SettingsRepository } from '../storage/types.js';

/** An agent as stored: connection and preset by id (like chats), the rest as the core's Agent. */
export interface StoredAgent {
  id: string;
  name: string;
  connectionId: string | null;
  presetId: string | null;
  systemPrompt: string;
  /** pinned tools: the agent's own enable list (empty: what its scope offers) */
  tools: string[];
  createdAt: string;
  updatedAt: string;
}

export type AgentInput = Omit<StoredAgent, 'id' | 'createdAt' | 'updatedAt'>;

export interface AgentRepository {
  /** oldest first */
  list(): Promise<StoredAgent[]>;
  get(id: string): Promise<StoredAgent | undefined>;
  getByName(name: string): Promise<StoredAgent | undefined>;
  create(input: AgentInput): Promise<StoredAgent>;
  update(id: string, changes: Partial<AgentInput>): Promise<StoredAgent | undefined>;
  delete(id: string): Promise<boolean>;
}

const PREFIX = 'agents/';

/**
 * Agents kept in the settings store, one key each (`agents/<id>`). They are few and small, and this keeps
 * them on the storage interface every backend already has, without a schema change.
 */
export function createAgentRepository(settings: SettingsRepository): AgentRepository {
  const list = async () => {
    const all = await settings.all();
    return Object.entries(all)
      .filter(([key]) => key.startsWith(PREFIX))
      .map(([, value]) => value as StoredAgent)
      .sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id));
  };
  const get = async (id: string) =>
    /^ag_[A-Za-z0-9_-]+$/.test(id) ? settings.get<StoredAgent>(PREFIX + id) : undefined;
  return {
    list,
    get,
    async getByName(name) {
      return (await list()).find((a) => a.name === name);
    },
    async create(input) {
      const at = new Date().toISOString();
      const agent: StoredAgent = {
        id: `ag_${randomBytes(12).toString('base64url')}`,
        ...input,
        createdAt: at,
        updatedAt: at,
      };
      await settings.set(PREFIX + agent.id, agent);
      return agent;
    },
    async update(id, changes) {
      const current = await get(id);
      if (!current) return undefined;
      const updated: StoredAgent = { ...current, ...changes, id, updatedAt: new Date().toISOString() };
      await settings.set(PREFIX + id, updated);
      return updated;
    },
    async delete(id) {
      return (await get(id)) ? settings.delete(PREFIX + id) : false;
    },
  };
}
