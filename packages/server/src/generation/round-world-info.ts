import { randomInt } from 'node:crypto';
import {
  activateLorebooks,
  type ChatMessage,
  createSeededRandom,
  type GenerateStreamFn,
  insertWorldInfoAtDepth,
  type Lorebook,
  type LorebookActivation,
  type WorldInfoActivator,
  type WorldInfoCharacter,
  type WorldInfoScanMessage,
  type WorldInfoTimedEffectsState,
} from '@toolsmith/core';
import { copyTimedEffects, mergeTimedEffects } from '@toolsmith/core/internal';
import type { TurnWorldInfo } from '../builtins/builtin-context.js';
import { activationOptions, type ChatWorldInfoSettings } from '../lorebooks/activation-settings.js';
import type { Storage } from '../storage/types.js';
import { storedActivation } from './world-info-trace.js';

export interface RoundWorldInfoOptions {
  storage: Pick<Storage, 'worldInfoTraces'>;
  chatId: string;
  books: Lorebook[];
  settings?: ChatWorldInfoSettings;
  /** entries forced during this turn (lorebook_force_activate, orchestration) */
  forced: TurnWorldInfo;
  /** the chat's messages to scan, macros substituted; asked each round (variables may have changed) */
  scanMessages: () => WorldInfoScanMessage[];
  /** how many chat messages this generation answers: timed effects count in these (docs/world-info.md) */
  messageCount: number;
  /** the answering character, for entries' character filters */
  character?: WorldInfoCharacter;
}

export interface RoundWorldInfo {
  /** for createRuntime: hands generateTask this round's activation (its `before` / `after` entries) */
  activator: WorldInfoActivator;
  /** wraps generateTaskStream: activates before each model round and places `depth` entries in the messages */
  wrap(generate: GenerateStreamFn): GenerateStreamFn;
}

/**
 * World info for one chat turn, activated again before every model round (so forced entries join the
 * next round) with one seed for the whole turn (probability rolls stay the same). Each activation is
 * stored as the chat's last one. generateTask puts `before` / `after` entries around the card; `depth`
 * entries are inserted here, counting a model round's tool calls and their results as one message so a
 * call is never separated from its result.
 */
export function createRoundWorldInfo(options: RoundWorldInfoOptions): RoundWorldInfo {
  const { storage, chatId, books, forced } = options;
  const seed = randomInt(0, 2 ** 31);
  let current: LorebookActivation | undefined;
  // every round starts from the state the chat's last turn left; what the rounds started is joined
  let startState: Promise<WorldInfoTimedEffectsState> | undefined;
  let turnState: WorldInfoTimedEffectsState | undefined;
  const loadStartState = () =>
    (startState ??= storage.worldInfoTraces.get(chatId).then(
      (stored) => copyTimedEffects((stored as { timedEffects?: unknown } | undefined)?.timedEffects),
      () => copyTimedEffects(undefined),
    ));

  const activate = async (entries: LorebookActivation['activated'][number]['entry'][] = []) => {
    const state = await loadStartState();
    const activation = activateLorebooks({
      entries,
      messages: options.scanMessages(),
      ...activationOptions(options.settings),
      books,
      forceActivate: forced.forced(),
      random: createSeededRandom(seed),
      // a chat reply is SillyTavern's `normal` generation: entries limited to other types stay off
      generationType: 'normal',
      timedEffects: { state, messageCount: options.messageCount },
      useGroupScoring: options.settings?.useGroupScoring === true,
      ...(options.character ? { character: options.character } : {}),
    });
    if (activation.timedEffects) {
      turnState = turnState ? mergeTimedEffects(turnState, activation.timedEffects) : activation.timedEffects;
      activation.timedEffects = turnState;
    }
    try {
      await storage.worldInfoTraces.set(chatId, storedActivation(activation, books));
    } catch {
      // the chat was deleted mid-run: the generation itself reports that when it stores the answer
    }
    return activation;
  };

  return {
    activator: {
      async activate(input) {
        const activation = current ?? (await activate(input.entries));
        current = undefined;
        // depth entries are already in the messages
        return { ...activation, atDepth: [] };
      },
    },
    wrap(generate) {
      return (request) =>
        (async function* () {
          current = await activate(Array.isArray(request.runtimeWorldInfo) ? request.runtimeWorldInfo : []);
          yield* generate({ ...request, taskMessages: placeAtDepth(request.taskMessages, current.atDepth) });
        })();
    },
  };
}

/** Inserts depth entries; an assistant message with tool calls and its tool results count as one message. */
export function placeAtDepth(messages: ChatMessage[], atDepth: LorebookActivation['atDepth']): ChatMessage[] {
  if (atDepth.length === 0) return messages;
  const units: Array<{ role: string; unit: ChatMessage[] }> = [];
  for (const message of messages) {
    const last = units[units.length - 1];
    if (message.role === 'tool' && last) last.unit.push(message);
    else units.push({ role: message.role, unit: [message] });
  }
  return insertWorldInfoAtDepth(units, atDepth).flatMap((item) =>
    'unit' in item ? item.unit : [{ role: item.role, content: item.content } as ChatMessage],
  );
}
