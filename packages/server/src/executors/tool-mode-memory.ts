import type { Connection, ToolModeMemory } from '@toolsmith/core';
import type { Storage } from '../storage/types.js';

/**
 * The core's ToolModeMemory over storage: what `auto` learns on any path (chat, gateway, orchestration,
 * connection test) is kept per stored connection and model, so the next request goes straight to the mode
 * that works. Connections are found by name (the core knows them by name); an unknown name remembers nothing.
 */
export function storedToolModeMemory(storage: Pick<Storage, 'connections' | 'toolModes'>): ToolModeMemory {
  const idOf = async (connection: Connection) => (await storage.connections.getByName(connection.name))?.id;
  return {
    async get(connection) {
      const id = await idOf(connection);
      const stored = id ? await storage.toolModes.get(id, connection.model) : undefined;
      if (!stored) return undefined;
      return {
        mode: stored.mode,
        recordedAt: stored.recordedAt,
        ...(stored.reason !== null ? { reason: stored.reason } : {}),
        ...(stored.status !== null ? { status: stored.status } : {}),
      };
    },
    async set(connection, outcome) {
      const id = await idOf(connection);
      if (!id) return;
      await storage.toolModes.set(id, {
        model: connection.model,
        mode: outcome.mode,
        reason: outcome.reason ?? null,
        status: outcome.status ?? null,
        recordedAt: outcome.recordedAt,
      });
    },
  };
}
