import {
  type ChatMessage,
  createRuntime,
  defaultOrchestrationProfile,
  isGenerateTaskError,
  reservedToolNames,
} from '@toolsmith/core';
import type { AppContext } from '../app/context.js';
import { HttpError } from '../app/http-error.js';
import { loadConnections, loadPresets } from '../executors/runtime-sources.js';
import { storedToolModeMemory } from '../executors/tool-mode-memory.js';
import { checkProfileBody, loadGlobalProfile, type StoredProfile } from '../orchestration/profile-store.js';
import type { StoredChat } from '../storage/types.js';
import { AUTHORING_SYSTEM_PROMPT } from './authoring-docs.js';
import { studioRegistry } from './studio-tools.js';
import type { StudioSession, StudioToolCall } from './types.js';

/** Validates a profile like PUT /api/orchestration does. */
export function profileChecker(context: AppContext) {
  return (profile: StoredProfile) =>
    checkProfileBody(profile, {
      storage: context.storage,
      reservedNames: reservedToolNames(context.builtins.map((b) => b.name)),
      scriptsEnabled: true,
      localWebhooksEnabled: context.config.webhookLocalUrlsEnabled,
    });
}

export const currentProfile = async (context: AppContext): Promise<StoredProfile> =>
  (await loadGlobalProfile(context.storage)) ?? defaultOrchestrationProfile();

const summary = (value: unknown): string => {
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text === undefined ? '' : text.length > 300 ? `${text.slice(0, 300)}…` : text;
};

/**
 * One turn of a Studio session: the user's message, then the authoring agent's tool loop on the session's
 * connection. Its proposals land in the session as pending cards; its answer and the tools it called are
 * added to the conversation. A provider failure is kept on the turn (what it proposed before stays).
 */
export async function runStudioTurn(input: {
  context: AppContext;
  session: StudioSession;
  chat: StoredChat;
  content: string;
  signal: AbortSignal;
}): Promise<StudioSession> {
  const { context, session, chat } = input;
  const connection = await context.storage.connections.get(session.connectionId);
  if (!connection)
    throw new HttpError(409, "The Studio session's connection no longer exists. Start a new session.", {
      code: 'missing_connection',
    });
  session.messages.push({ role: 'user', content: input.content, at: new Date().toISOString() });
  const registry = studioRegistry({
    context,
    session,
    chat,
    profile: () => currentProfile(context),
    check: profileChecker(context),
  });
  const runtime = createRuntime({
    connections: await loadConnections(context.storage),
    toolModeMemory: storedToolModeMemory(context.storage),
    presets: await loadPresets(context.storage),
    registry,
  });
  const taskMessages: ChatMessage[] = [
    { role: 'system', content: AUTHORING_SYSTEM_PROMPT },
    ...session.messages.map((m) => ({ role: m.role, content: m.content }) as ChatMessage),
  ];
  const calls: StudioToolCall[] = [];
  try {
    const result = await runtime.runToolLoop({
      taskMessages,
      apiPresetName: connection.name,
      substituteMacros: false,
      registry,
      tools: await registry.toolSpecsForModel(),
      maxRounds: Math.max(context.config.maxToolRounds, 12),
      abortSignal: input.signal,
    });
    for (const entry of result.trace)
      calls.push({
        name: entry.name,
        args: entry.args,
        ok: entry.ok,
        summary: summary(entry.ok ? entry.result : entry.error?.message),
      });
    session.messages.push({
      role: 'assistant',
      content: result.finalText,
      at: new Date().toISOString(),
      calls,
    });
  } catch (error) {
    session.messages.push({
      role: 'assistant',
      content: '',
      at: new Date().toISOString(),
      calls,
      error: {
        code: isGenerateTaskError(error) ? error.code : 'unknown',
        message: error instanceof Error ? error.message : String(error),
      },
    });
  }
  return session;
}
