import { type ChatMessage, isGenerateTaskError, type WorldInfoEntryRef } from '@toolsmith/core';
import type { OrchestrationLastRun } from '@toolsmith/core/api-schema';
import type { AppContext } from '../app/context.js';
import type { BuiltinServices, TurnWorldInfo } from '../builtins/builtin-context.js';
import { loadChatLorebooks } from '../lorebooks/chat-lorebooks.js';
import type { Storage, StoredChat } from '../storage/types.js';
import { chatOrchestrationSetting } from './chat-setting.js';
import { applyOutcomeVariables, notesMessage, runChatOrchestration } from './run-for-chat.js';
import { orchestrationEventData } from './sse-events.js';

/** The model may name a book by its name; world-info activation matches book ids. */
async function entryRefsById(
  storage: Pick<Storage, 'lorebooks'>,
  chat: StoredChat,
  refs: WorldInfoEntryRef[],
): Promise<WorldInfoEntryRef[]> {
  const books = await loadChatLorebooks(storage, chat);
  return refs.map((ref) => {
    if (ref.book === undefined || books.some((b) => b.id === ref.book)) return ref;
    const byName = books.find((b) => b.name === ref.book);
    return byName ? { book: byName.id, uid: ref.uid } : ref;
  });
}

/** Keeps the run as the chat's last one (GET /api/chats/:id/orchestration/last); a deleted chat keeps nothing. */
async function keepLastRun(
  storage: Pick<Storage, 'orchestrationRuns'>,
  chatId: string,
  result: OrchestrationLastRun['result'],
) {
  try {
    const run: OrchestrationLastRun = { at: new Date().toISOString(), result };
    await storage.orchestrationRuns.set(chatId, run);
  } catch {
    // the chat was deleted mid-run
  }
}

export interface TurnOrchestrationInput {
  context: AppContext;
  chat: StoredChat;
  signal: AbortSignal;
  send: (event: string, data: unknown) => void;
  /** the turn's builtin services: variable writes go through them (storage and the turn's copies) */
  services: Pick<BuiltinServices, 'variables'>;
  /** the turn's world info: forced entries join it */
  worldInfo: Pick<TurnWorldInfo, 'force'>;
}

/**
 * Before the main reply of a chat with `settings.orchestration.enabled`: runs the profile, streams its
 * progress as `orchestration-event`s and its result as `orchestration-result`, applies the outcome
 * (variables stored, forced entries added to this turn's world info) and returns the notes as system
 * messages for the main reply. A failure is reported (`orchestration-error`), nothing of the run is applied,
 * and the reply goes on without it.
 */
export async function runTurnOrchestration(input: TurnOrchestrationInput): Promise<ChatMessage[]> {
  const { context, chat, signal, send } = input;
  const setting = chatOrchestrationSetting(chat);
  if (!setting.enabled) return [];
  try {
    const result = await runChatOrchestration({
      context,
      chat,
      mode: setting.mode,
      simulate: false,
      signal,
      onEvent: (event) => {
        const data = orchestrationEventData(event);
        if (data) send('orchestration-event', data);
      },
      // the same event as a chat generation's scripts send, saying it came from the orchestration run
      onScriptEvent: (event) => send('script-event', { ...event, source: 'orchestration' }),
    });
    send('orchestration-result', result);
    await keepLastRun(context.storage, chat.id, result);
    if (signal.aborted) return [];
    // a run that failed part-way applies nothing: the reply goes on as if orchestration were off
    if (result.error) {
      send('orchestration-error', result.error);
      return [];
    }
    const { outcome } = result;
    if (outcome.forcedEntries.length > 0) {
      input.worldInfo.force(await entryRefsById(context.storage, chat, outcome.forcedEntries));
    }
    await applyOutcomeVariables(context.storage, chat.id, outcome, (scope, name, value) =>
      input.services.variables.set(scope, name, value),
    );
    return notesMessage(outcome);
  } catch (error) {
    if (signal.aborted) return [];
    const failure = {
      code: isGenerateTaskError(error)
        ? error.code
        : ((error as { extra?: { code?: string } }).extra?.code ?? 'unknown'),
      message: error instanceof Error ? error.message : String(error),
    };
    send('orchestration-error', failure);
    await keepLastRun(context.storage, chat.id, { error: failure });
    return [];
  }
}
