import {
  type ChatMessage,
  type GenerateContext,
  type GenerateStreamFn,
  type MacroEnv,
  substituteMacros,
  type VariableStore,
} from '@toolsmith/core';
import {
  type BuiltinServices,
  createBuiltinServices,
  createTurnWorldInfo,
  type TurnVariables,
  type TurnWorldInfo,
} from '../builtins/builtin-context.js';
import { loadChatLorebooks } from '../lorebooks/chat-lorebooks.js';
import type { Storage, StoredChat, StoredMessage, StoredPersona } from '../storage/types.js';
import { createRoundWorldInfo } from './round-world-info.js';

/**
 * What one chat generation adds around the tool loop: the persona, the chat's and global variables, the
 * chat's lorebooks with this turn's forced entries, and the builtin services working on them.
 */
export interface ChatTurn {
  persona: StoredPersona | undefined;
  variables: TurnVariables;
  worldInfo: TurnWorldInfo;
  services: BuiltinServices;
  /** createRuntime options: persona, chat (messages to scan, variables), global variables, activator */
  runtime: Pick<GenerateContext, 'persona' | 'chat' | 'globalVariables' | 'worldInfoActivator'>;
  /** wraps generateTaskStream for runToolLoopWith: world info is activated before each model round */
  wrapGenerate(generate: GenerateStreamFn): GenerateStreamFn;
  /** system messages that go before the history (the persona) */
  leadingMessages: ChatMessage[];
}

/** A store over a plain object that records what changed, so only those variables are written back. */
function recordingStore(values: Record<string, unknown>) {
  const set = new Map<string, unknown>();
  const deleted = new Set<string>();
  const store: VariableStore = {
    get: (name) => (Object.hasOwn(values, name) ? values[name] : undefined),
    set(name, value) {
      Object.defineProperty(values, name, { value, enumerable: true, writable: true, configurable: true });
      set.set(name, value);
      deleted.delete(name);
    },
    delete(name) {
      delete values[name];
      set.delete(name);
      deleted.add(name);
    },
  };
  return { store, changes: () => ({ set: Object.fromEntries(set), delete: [...deleted] }) };
}

/**
 * Applies the side-effect macros of a user message ({{setvar::x::1}}, {{incglobalvar::n}}, ...) to the
 * turn's variables and stores the changes. Only the main chat path calls this, once per user message;
 * prompts (generateTask) substitute macros without side effects.
 */
export async function applyUserMessageMacros(
  storage: Pick<Storage, 'variables'>,
  chatId: string,
  content: string,
  variables: TurnVariables,
  env: Pick<MacroEnv, 'user' | 'char' | 'persona'>,
): Promise<void> {
  if (!content.includes('{{')) return;
  const chat = recordingStore(variables.chat);
  const global = recordingStore(variables.global);
  substituteMacros(content, {
    ...env,
    variables: chat.store,
    globalVariables: global.store,
    seed: chatId,
    applySideEffects: true,
  });
  await storage.variables.apply(chatId, chat.changes());
  await storage.variables.apply(null, global.changes());
}

/** Builds the turn: loads persona, variables and lorebooks, and the activator that records its trace. */
export async function prepareChatTurn(
  storage: Storage,
  chat: StoredChat,
  messages: readonly StoredMessage[],
): Promise<ChatTurn> {
  const persona = chat.personaId ? await storage.personas.get(chat.personaId) : undefined;
  const variables: TurnVariables = {
    chat: await storage.variables.list(chat.id),
    global: await storage.variables.list(null),
  };
  const worldInfo = createTurnWorldInfo();
  const books = await loadChatLorebooks(storage, chat);
  // macros in the scanned messages resolve as in the prompt (without side effects)
  const description = persona
    ? substituteMacros(persona.description, {
        user: persona.name,
        variables: variables.chat,
        globalVariables: variables.global,
      })
    : '';
  // the first of the chat's characters answers ({{char}})
  const speakerId = chat.characterIds?.[0];
  const speaker = speakerId ? await storage.characters.get(speakerId) : undefined;
  const scanEnv: MacroEnv = {
    user: persona?.name ?? 'User',
    char: speaker?.card.name ?? '',
    persona: description,
    variables: variables.chat,
    globalVariables: variables.global,
    seed: chat.id,
  };
  const roundWorldInfo = createRoundWorldInfo({
    storage,
    chatId: chat.id,
    books,
    settings: chat.settings.worldInfo,
    forced: worldInfo,
    scanMessages: () =>
      messages.map((m) => ({ role: m.role, content: substituteMacros(m.content, scanEnv) })),
    messageCount: messages.length,
    ...(speaker
      ? { character: { id: speaker.id, name: speaker.card.name, tags: speaker.card.tags ?? [] } }
      : {}),
  });

  const leadingMessages: ChatMessage[] = [];
  if (persona && persona.description.trim() !== '') {
    leadingMessages.push({ role: 'system', content: `[Persona: {{user}}]\n${persona.description.trim()}` });
  }

  return {
    persona,
    variables,
    worldInfo,
    services: createBuiltinServices(storage, { chat, turnVariables: variables, worldInfo }),
    runtime: {
      // {{persona}} is the description with its own {{user}} (and other macros) already resolved, as
      // SillyTavern shows it; the core never expands a macro's result again
      persona: persona ? { name: persona.name, description } : undefined,
      chat: {
        id: chat.id,
        messages: messages.map((m) => ({ role: m.role, content: m.content })),
        variables: variables.chat,
      },
      globalVariables: variables.global,
      worldInfoActivator: roundWorldInfo.activator,
    },
    wrapGenerate: roundWorldInfo.wrap,
    leadingMessages,
  };
}
