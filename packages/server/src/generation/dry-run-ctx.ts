import { randomBytes } from 'node:crypto';
import type { HostFunction } from '@toolsmith/core';
import type { AppContext } from '../app/context.js';
import { createBuiltinServices } from '../builtins/builtin-context.js';
import { loadChatCharacters, scriptCharacter } from '../characters/chat-characters.js';
import type { StoredChat } from '../storage/types.js';
import { buildHiddenContext, buildToolCtx, type ScriptRunState } from './hidden-context.js';
import { scriptHostFunctions } from './script-host-functions.js';

/** A write a dry run's script asked for: recorded and shown, never applied. */
export interface DryRunWrite {
  kind: 'variable' | 'event';
  name: string;
  value: unknown;
  scope?: 'chat' | 'global';
}

export interface DryRunScriptSetup {
  /** the ctx a chat generation gives (Luker's fields included), marked `dryRun: true` */
  ctx: Record<string, unknown>;
  hostFunctions: Record<string, HostFunction>;
  /** filled while the script runs */
  writes: DryRunWrite[];
}

const runState = (): ScriptRunState => ({
  aborted: false,
  activatedEntryKeys: [],
  traceId: `tr_dry_${randomBytes(6).toString('base64url')}`,
});

/**
 * What a dry run gives a script. With a chat: the same ctx its generation gives (messages, characters, names,
 * hidden context, variables readable); without one: the same fields empty but well formed (`chat: []`,
 * `characters: []`, `characterId: null`, `name1: "User"`, `name2: "Assistant"`), never null where Luker has an
 * array. Either way `ctx.variables.set` and `ctx.eventSource.emit` are recorded in `writes`, not applied, and
 * `fetch` is there for tools allowed to fetch (GET and HEAD only: a dry run is a simulation).
 */
export async function dryRunScriptSetup(
  context: Pick<AppContext, 'storage' | 'outboundFetch' | 'extensionApis'>,
  chat: StoredChat | null,
  options: { allowFetch: boolean; signal?: AbortSignal },
): Promise<DryRunScriptSetup> {
  const { storage } = context;
  const writes: DryRunWrite[] = [];
  const services = createBuiltinServices(storage, { chat });
  const base = scriptHostFunctions({
    variables: services.variables,
    simulate: true,
    onEvent: (event) => writes.push({ kind: 'event', name: event.name, value: event.payload }),
    extensionApis: context.extensionApis,
    ...(options.allowFetch ? { fetch: context.outboundFetch, signal: options.signal } : {}),
  });
  const hostFunctions: Record<string, HostFunction> = {
    ...base,
    // without a chat there are no chat variables: reading one answers null, as for an unset name
    'variables.get': (name, scope) =>
      chat === null && scope !== 'global' ? null : base['variables.get']!(name, scope),
    'variables.set': async (name, value, scope) => {
      const where = scope === 'global' || chat === null ? 'global' : 'chat';
      writes.push({ kind: 'variable', name: String(name), value: value ?? null, scope: where });
      return { simulated: true, written: false };
    },
  };
  const run = runState();
  if (!chat) {
    const now = new Date();
    return {
      writes,
      hostFunctions,
      ctx: {
        chat: [],
        chatId: null,
        chatTitle: '',
        dryRun: true,
        context: {
          ...buildHiddenContext({ chat: { id: '' }, lastUserMessage: null, now }),
          chatId: null,
          mode: 'dry-run',
        },
        characters: [],
        characterId: null,
        groups: [],
        groupId: null,
        name1: 'User',
        name2: 'Assistant',
        __run: run,
        wiFinalizedPayload: { entries: [] },
      },
    };
  }
  const messages = await storage.messages.list(chat.id);
  const characters = await loadChatCharacters(storage, chat);
  const persona = chat.personaId ? ((await storage.personas.get(chat.personaId))?.name ?? null) : null;
  const last = [...messages].reverse().find((m) => m.role === 'user');
  const hidden = buildHiddenContext({
    chat,
    lastUserMessage: last?.content ?? null,
    persona,
    characters: characters.map((c) => ({ id: c.id, name: c.card.name })),
    variables: await storage.variables.list(chat.id),
  });
  const ctx = buildToolCtx(chat, messages, hidden, {
    characters: characters.map(scriptCharacter),
    persona,
    run,
    worldInfo: [],
  });
  return { writes, hostFunctions, ctx: { ...ctx, dryRun: true } };
}
