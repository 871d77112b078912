import type { WorldInfoEntryRef } from '@toolsmith/core';
import type { OutcomeRecorder } from '@toolsmith/core/internal';
import type { BuiltinServices, VariableScope } from '../builtins/builtin-context.js';
import { loadChatLorebooks } from '../lorebooks/chat-lorebooks.js';
import type { Storage, StoredChat } from '../storage/types.js';
import { assertVariableWrite } from '../variables/variable-limits.js';

/**
 * Builtin services for an orchestration run: reads come from storage (and the run's own earlier writes),
 * writes and forced world info go into the outcome recorder instead of storage. The caller applies the
 * outcome after the run — or, in simulation, only shows it — so the orchestration itself writes nothing.
 */
export function captureServices(
  storage: Pick<Storage, 'variables' | 'lorebooks'>,
  chat: Pick<StoredChat, 'id' | 'settings'>,
  recorder: OutcomeRecorder,
): BuiltinServices {
  const known: Partial<Record<VariableScope, Set<string>>> = {};
  return {
    chatId: chat.id,
    variables: {
      async get(scope: VariableScope, name: string) {
        for (let i = recorder.variableWrites.length - 1; i >= 0; i--) {
          const w = recorder.variableWrites[i];
          if (w.scope === scope && w.name === name) return w.value;
        }
        return storage.variables.get(scope === 'global' ? null : chat.id, name);
      },
      async set(scope: VariableScope, name: string, value: unknown) {
        // the stored names are read once per run; the run's own writes join them
        known[scope] ??= new Set(
          Object.keys(await storage.variables.list(scope === 'global' ? null : chat.id)),
        );
        assertVariableWrite(scope, name, value, known[scope]);
        recorder.variableWrites.push({ scope, name, value });
        known[scope].add(name);
      },
    },
    lorebooks: () => loadChatLorebooks(storage, chat),
    worldInfo: {
      force(refs: WorldInfoEntryRef[]) {
        recorder.forcedEntries.push(...refs);
      },
      forced: () => [...recorder.forcedEntries],
    },
  };
}
