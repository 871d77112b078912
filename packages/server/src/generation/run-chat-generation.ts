import { randomBytes } from 'node:crypto';
import {
  type ApproveToolCall,
  type Connection,
  createRuntime,
  isGenerateTaskError,
  type Preset,
  runToolLoopWith,
  type StoppedBecause,
  type ToolDefinition,
  type ToolLoopEvent,
} from '@toolsmith/core';
import type { AppContext } from '../app/context.js';
import { toCoreCharacter } from '../characters/character-card.js';
import {
  addCharacterTools,
  characterPromptMessages,
  loadChatCharacters,
  scriptCharacter,
} from '../characters/chat-characters.js';
import { providerFetch } from '../executors/provider-fetch.js';
import { toolExecutors } from '../executors/tool-executors.js';
import { storedToolModeMemory } from '../executors/tool-mode-memory.js';
import { observedFetch } from '../observability/observed-fetch.js';
import { runTurnOrchestration } from '../orchestration/turn-hook.js';
import type { MessageInterruption, StoredChat, StoredMessage } from '../storage/types.js';
import type { GenerationOutcome } from './chat-generations.js';
import { historyFromMessages, imageMessageIds, storedToolError } from './chat-history.js';
import { loadChatTools } from './chat-tools.js';
import { applyUserMessageMacros, prepareChatTurn } from './chat-turn.js';
import type { GenerationPlan } from './generation-plan.js';
import {
  buildHiddenContext,
  buildToolCtx,
  type ScriptRunState,
  sandboxWithHiddenContextGate,
  type WiPayloadEntry,
  wiPayloadEntry,
} from './hidden-context.js';
import { scriptHostFunctions } from './script-host-functions.js';

export type SendEvent = (event: string, data: unknown) => void;

export interface ChatGenerationInput {
  context: AppContext;
  chat: StoredChat;
  /** the chat's connection with its decrypted key */
  connection: Connection;
  preset?: Preset;
  /** what to generate: a reply to a new message, a new swipe, a continuation, a retry */
  plan: GenerationPlan;
  /** aborts the run: client gone, server shutting down */
  signal: AbortSignal;
  send: SendEvent;
  /** asks the user about a write tool call (the chat's "Ask before running write tools") */
  requestApproval?: (
    call: { id: string; name: string; args: Record<string, unknown> },
    signal: AbortSignal | undefined,
  ) => ReturnType<ApproveToolCall>;
}

/** SillyTavern's continue nudge: the model goes on from where its last message stopped. */
export const CONTINUE_NUDGE = '[Continue your last message without repeating its original content.]';

/** A stored message as the API shows it (docs/api.md: no chatId). */
export function publicMessage({ chatId: _chatId, ...message }: StoredMessage) {
  return message;
}

/**
 * One chat turn: stores the user message (when sending one), runs the tool loop with the chat's connection,
 * preset and tools, and stores each assistant answer (one message per model round, all in the plan's reply and
 * swipe) and each tool invocation as it completes. Events go out through `send` (docs/api.md, "Chats").
 * Provider and tool-loop failures become an `error` event; only storage failures (e.g. the chat deleted
 * mid-run) throw.
 */
export async function runChatGeneration(input: ChatGenerationInput): Promise<GenerationOutcome> {
  const { context, chat, connection, preset, plan, signal, send } = input;
  const { storage, config } = context;

  // the chat's character (or group; the first one answers) and persona name the messages
  const characters = await loadChatCharacters(storage, chat);
  const speaker = characters[0];
  const persona = chat.personaId ? await storage.personas.get(chat.personaId) : undefined;
  // a continued round with tool calls is followed by a new round rather than extended
  const continues =
    plan.continues && plan.continues.toolInvocations.length === 0 ? plan.continues : undefined;
  send('generation-start', {
    mode: plan.mode,
    replyId: plan.replyId,
    swipe: plan.swipe,
    continues: plan.continues?.id ?? null,
    characterId: speaker?.id ?? null,
    name: speaker?.card.name ?? '',
  });

  let stored = plan.history;
  if (plan.userContent !== undefined) {
    const userMessage = await storage.messages.append(chat.id, {
      role: 'user',
      content: plan.userContent,
      ...(plan.userImages ? { images: plan.userImages } : {}),
      personaId: persona?.id ?? null,
      name: persona?.name ?? '',
    });
    send('user-message', { message: publicMessage(userMessage) });
    stored = [...stored, userMessage];
  }
  const assistantFields = {
    replyId: plan.replyId,
    swipe: plan.swipe,
    characterId: speaker?.id ?? null,
    name: speaker?.card.name ?? '',
  };

  // the round being generated: its text so far (kept if the run is aborted) and, once stored, its message
  let round: { text: string; reasoning: string; messageId?: string } = { text: '', reasoning: '' };
  let roundNumber = 0;
  let lastAssistantId: string | null = null;
  let lastFinishReason: string | null = null;

  /** Stores a round: the first round of a continuation extends the continued message, others are new rows. */
  const storeRound = async (text: string, reasoning: string, interrupted?: MessageInterruption) => {
    if (continues && roundNumber === 1) {
      const updated = await storage.messages.update(continues.id, {
        content: continues.content + text,
        reasoning: continues.reasoning + reasoning,
        ...(interrupted ? { interrupted } : {}),
      });
      if (updated) return updated;
    }
    return storage.messages.append(chat.id, {
      role: 'assistant',
      content: text,
      reasoning,
      ...assistantFields,
      ...(interrupted ? { interrupted } : {}),
    });
  };

  const onEvent = async (event: ToolLoopEvent): Promise<void> => {
    switch (event.type) {
      case 'round-start':
        round = { text: '', reasoning: '' };
        roundNumber++;
        return;
      case 'text-delta':
        round.text += event.text;
        send('text-delta', { text: event.text });
        return;
      case 'reasoning-delta':
        round.reasoning += event.text;
        send('reasoning-delta', { text: event.text });
        return;
      case 'result': {
        const { result } = event;
        const message = await storeRound(result.assistantText, result.reasoning);
        round.messageId = message.id;
        lastAssistantId = message.id;
        lastFinishReason = result.finishReason;
        for (const call of result.toolCalls)
          send('tool-call', { id: call.id, name: call.name, args: call.args });
        // its reasoning was kept as the answer: the connection's template opens the block (docs/api.md)
        const lone = result.details.loneReasoningClose;
        if (lone) send('reply-notice', { kind: 'lone-reasoning-close', tag: lone, messageId: message.id });
        return;
      }
      case 'tool-start':
        // the tool's formatMessage text (SillyTavern shows it while the tool runs)
        send('tool-start', { id: event.id, name: event.name, message: event.message });
        return;
      case 'tool-result': {
        const { envelope } = event;
        // stealth tools are neither stored in the chat nor shown (Luker's rule)
        if (envelope.stealth || !round.messageId) return;
        const common = {
          callId: event.id,
          name: event.name,
          args: event.args,
          ok: envelope.ok,
          durationMs: envelope.durationMs,
          simulated: envelope.simulated === true,
        };
        const outcome = envelope.ok
          ? { result: envelope.result, error: null }
          : { result: null, error: storedToolError(envelope.error) };
        await storage.messages.addToolInvocation(round.messageId, { ...common, ...outcome });
        send('tool-result', {
          id: event.id,
          name: event.name,
          ok: envelope.ok,
          ...(envelope.ok ? { result: envelope.result } : { error: outcome.error }),
          durationMs: envelope.durationMs,
          simulated: common.simulated,
        });
        return;
      }
      default:
        return;
    }
  };

  try {
    const turn = await prepareChatTurn(storage, chat, stored);
    // side-effect macros of the user's message run here, once (when it is sent): the main chat path only
    if (plan.userContent !== undefined) {
      await applyUserMessageMacros(storage, chat.id, plan.userContent, turn.variables, {
        user: turn.persona?.name ?? 'User',
        char: speaker?.card.name ?? '',
        persona: turn.persona?.description ?? '',
      });
    }
    // orchestration (loop or director) runs first; its notes go into the main reply's system prompt
    const notes = await runTurnOrchestration({
      context,
      chat,
      signal,
      send,
      services: turn.services,
      worldInfo: turn.worldInfo,
    });
    const history = [
      ...turn.leadingMessages,
      ...characterPromptMessages(characters),
      ...notes,
      ...historyFromMessages(stored, await storage.messages.imagesOf(imageMessageIds(stored))),
      // continuing: the model reads its cut answer last, then the nudge
      ...(plan.mode === 'continue' ? [{ role: 'system' as const, content: CONTINUE_NUDGE }] : []),
    ];
    const chatTools = await loadChatTools(context, chat, turn.services);
    const { registry } = chatTools;
    const chatToolList = await addCharacterTools(context, chat, characters, registry, chatTools.tools);
    // function calling off on the connection: no tools on this path at all (the core drops them too)
    const tools = connection.functionCalling.enabled ? chatToolList : [];
    // ctx.__run: read by scripts at their call, so it is kept current while the run goes
    // `aborted` reads the signal: no listener on it that would outlive the run
    const run: ScriptRunState = {
      get aborted() {
        return signal.aborted;
      },
      activatedEntryKeys: [],
      traceId: `tr_${randomBytes(9).toString('base64url')}`,
    };
    // ctx.wiFinalizedPayload.entries: Luker's view of the same activations, filled in place like __run
    const worldInfo: WiPayloadEntry[] = [];
    const ctx = buildToolCtx(
      chat,
      stored,
      buildHiddenContext({
        chat,
        lastUserMessage: plan.lastUserMessage,
        persona: turn.persona?.name ?? null,
        characters: characters.map((c) => ({ id: c.id, name: c.card.name })),
        variables: turn.variables.chat,
      }),
      { characters: characters.map(scriptCharacter), persona: turn.persona?.name ?? null, run, worldInfo },
    );
    const activator = turn.runtime.worldInfoActivator;
    const scriptTools = tools
      .map((spec) => registry.resolve(spec.name)?.definition)
      .filter((d): d is ToolDefinition => d?.kind === 'script');
    const sandbox =
      config.customToolScriptEnabled && scriptTools.length > 0
        ? sandboxWithHiddenContextGate(context.sandbox(), scriptTools)
        : undefined;

    const runtime = createRuntime({
      connections: [connection],
      toolModeMemory: storedToolModeMemory(storage),
      presets: preset ? [preset] : [],
      ...turn.runtime,
      // first-byte and idle timeouts: a hung or dripping provider ends the run instead of holding the chat
      fetch: observedFetch(providerFetch(config), context.telemetry, connection.name),
      characters: characters.map(toCoreCharacter),
      chat: { ...turn.runtime.chat, ...(speaker ? { characterName: speaker.card.name } : {}) },
      worldInfoActivator: activator && {
        async activate(input) {
          const activation = await activator.activate(input);
          const keys = activation.activated.map((a) =>
            a.book !== undefined ? `${a.book}.${a.entry.uid}` : String(a.entry.uid),
          );
          activation.activated.forEach((a, i) => {
            if (run.activatedEntryKeys.includes(keys[i]!)) return;
            run.activatedEntryKeys.push(keys[i]!);
            worldInfo.push(wiPayloadEntry(a.book, a.entry));
          });
          return activation;
        },
      },
    });
    // the turn activates world info before each model round and places depth entries in the messages
    const result = await runToolLoopWith(turn.wrapGenerate(runtime.generateTaskStream), {
      taskMessages: history,
      apiPresetName: connection.name,
      llmPresetName: preset?.name,
      // macros ({{user}}, {{getvar::x}}, ...) resolve in the chat's messages, without side effects; tool
      // results are data and never substituted
      substituteMacros: true,
      includeCharacterCard: speaker !== undefined,
      // world info scans the chat (the history at the start of this turn) and activates again each round,
      // so entries forced by a tool join the next round
      worldInfoSource: 'chat',
      registry,
      tools,
      maxRounds: config.maxToolRounds,
      toolTimeoutMs: config.customToolTimeoutMs,
      ctx,
      hostFunctions: scriptHostFunctions({
        variables: turn.services.variables,
        simulate: false,
        onEvent: (event) => send('script-event', { ...event, traceId: run.traceId }),
        extensionApis: context.extensionApis,
        fetch: context.outboundFetch,
        signal,
      }),
      sandbox,
      executors: toolExecutors(context.webhookExecutor, context.telemetry.toolRun),
      abortSignal: signal,
      onEvent,
      approveToolCall: approvalFor(chat, input.requestApproval),
    });
    if (result.stoppedBecause === 'aborted') await keepPartialAnswer({ reason: 'stopped' });
    send('finish', {
      reason: result.stoppedBecause,
      finishReason: lastFinishReason,
      messageId: lastAssistantId,
    });
    context.telemetry.generation('chat', result.stoppedBecause === 'aborted' ? 'aborted' : 'ok');
    return { stoppedBecause: result.stoppedBecause };
  } catch (error) {
    if (signal.aborted) {
      await keepPartialAnswer({ reason: 'stopped' });
      const reason: StoppedBecause = 'aborted';
      send('finish', { reason, finishReason: lastFinishReason, messageId: lastAssistantId });
      context.telemetry.generation('chat', 'aborted');
      return { stoppedBecause: reason };
    }
    const failure = generationError(error);
    // what streamed before the failure stays, marked interrupted, as after a stop
    const kept = await keepPartialAnswer({ reason: 'error', code: failure.code, message: failure.message });
    send('error', { ...failure, ...(kept ? { messageId: kept } : {}) });
    context.telemetry.generation('chat', 'error');
    return { errorCode: failure.code };
  }

  /**
   * An interrupted round's text so far is kept, as chat apps do when the user stops a reply, and marked
   * with why it ended. Returns the stored message's id when there was text to keep.
   */
  async function keepPartialAnswer(interrupted: MessageInterruption): Promise<string | undefined> {
    if (round.messageId || (round.text === '' && round.reasoning === '')) return undefined;
    const message = await storeRound(round.text, round.reasoning, interrupted);
    round.messageId = message.id;
    lastAssistantId = message.id;
    return message.id;
  }
}

/**
 * A run's failure as the `error` event carries it: the code and message, when to retry after a rate limit
 * (`retryAfterSeconds`, also said in the message) and which timeout ended it (`timeout`).
 */
export function generationError(error: unknown): {
  code: string;
  message: string;
  retryAfterSeconds?: number;
  timeout?: string;
} {
  if (!isGenerateTaskError(error)) {
    return { code: 'unknown', message: error instanceof Error ? error.message : String(error) };
  }
  const out: ReturnType<typeof generationError> = { code: error.code, message: error.message };
  const after = error.details.retryAfterMs;
  if (error.code === 'rate_limit' && typeof after === 'number' && after > 0) {
    out.retryAfterSeconds = Math.ceil(after / 1000);
    out.message = `${error.message.replace(/\.?\s*$/, '.')} Retry after ${out.retryAfterSeconds} s.`;
  }
  if (typeof error.details.timeout === 'string') out.timeout = error.details.timeout;
  return out;
}

/** The chat's approval rule: with "Ask before running write tools" on, every write tool call is asked about. */
function approvalFor(
  chat: StoredChat,
  requestApproval: ChatGenerationInput['requestApproval'],
): ApproveToolCall | undefined {
  if (!chat.settings.approveWriteTools || !requestApproval) return undefined;
  return (call, tool, signal) =>
    tool.mode === 'write'
      ? requestApproval({ ...call, id: call.id ?? `call_${randomBytes(6).toString('hex')}` }, signal)
      : { allowed: true };
}
