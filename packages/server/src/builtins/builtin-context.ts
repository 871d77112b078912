import type { Lorebook, WorldInfoEntryRef } from '@toolsmith/core';
import { loadChatLorebooks } from '../lorebooks/chat-lorebooks.js';
import type { Storage, StoredChat } from '../storage/types.js';
import { assertVariableWrite } from '../variables/variable-limits.js';

export type VariableScope = 'chat' | 'global';

/** Reads and writes variables for builtins; writes go to storage (and the turn's copies, see below). */
export interface BuiltinVariables {
  get(scope: VariableScope, name: string): Promise<unknown>;
  set(scope: VariableScope, name: string, value: unknown): Promise<void>;
}

/** Entries forced into the world info of the generation running now (lorebook_force_activate). */
export interface TurnWorldInfo {
  force(refs: WorldInfoEntryRef[]): void;
  forced(): WorldInfoEntryRef[];
}

/** What builtins that need chat data get, per run: set up by the caller (chat generation, dry-run, gateway). */
export interface BuiltinServices {
  /** the chat the call belongs to; null outside a chat */
  chatId: string | null;
  variables: BuiltinVariables;
  /** the chat's lorebooks (attached, then global); without a chat, the global ones */
  lorebooks(): Promise<Lorebook[]>;
  /** only while a chat generation runs */
  worldInfo?: TurnWorldInfo;
}

/** What one builtin call receives besides its arguments. */
export interface BuiltinCallContext extends BuiltinServices {
  simulate: boolean;
  signal?: AbortSignal;
}

/**
 * In-memory copies of a turn's variables, kept current by the variable tools so that the next round's
 * macros ({{getvar::x}}) read what a tool just wrote without waiting on storage.
 */
export interface TurnVariables {
  chat: Record<string, unknown>;
  global: Record<string, unknown>;
}

/** Builtin services over storage for one chat (or none), optionally tied to a running generation. */
export function createBuiltinServices(
  storage: Pick<Storage, 'variables' | 'lorebooks'> & Partial<Pick<Storage, 'characters'>>,
  options: {
    chat?: (Pick<StoredChat, 'id' | 'settings'> & Partial<Pick<StoredChat, 'characterIds'>>) | null;
    turnVariables?: TurnVariables;
    worldInfo?: TurnWorldInfo;
  } = {},
): BuiltinServices {
  const chat = options.chat ?? null;
  const chatId = chat?.id ?? null;
  const storeId = (scope: VariableScope) => {
    if (scope === 'global') return null;
    if (chatId === null) {
      throw new Error('Chat variables exist only inside a chat; use scope "global" here.');
    }
    return chatId;
  };
  const known: Partial<Record<VariableScope, Set<string>>> = {};
  const services: BuiltinServices = {
    chatId,
    variables: {
      async get(scope, name) {
        return storage.variables.get(storeId(scope), name);
      },
      async set(scope, name, value) {
        const id = storeId(scope);
        // the variables API's limits hold for tools and scripts too; the scope's names are read once per run
        known[scope] ??= new Set(Object.keys(await storage.variables.list(id)));
        assertVariableWrite(scope, name, value, known[scope]);
        await storage.variables.set(id, name, value);
        known[scope].add(name);
        const copy = options.turnVariables?.[scope];
        if (copy)
          Object.defineProperty(copy, name, { value, enumerable: true, writable: true, configurable: true });
      },
    },
    lorebooks: () => loadChatLorebooks(storage, chat),
  };
  if (options.worldInfo) services.worldInfo = options.worldInfo;
  return services;
}

/** A fresh list of forced entries for one generation. */
export function createTurnWorldInfo(): TurnWorldInfo {
  const refs: WorldInfoEntryRef[] = [];
  return {
    force(more) {
      for (const ref of more) {
        if (!refs.some((r) => r.book === ref.book && String(r.uid) === String(ref.uid))) refs.push(ref);
      }
    },
    forced: () => [...refs],
  };
}
