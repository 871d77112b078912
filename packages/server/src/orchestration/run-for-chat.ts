import { randomBytes } from 'node:crypto';
import {
  type Agent,
  type ChatMessage,
  createRuntime,
  defaultOrchestrationProfile,
  mergeProfileOverride,
  modeReadiness,
  type OrchestrationEvent,
  type OrchestrationMode,
  type OrchestrationOutcome,
  type OrchestrationRunResult,
  parseOrchestrationProfile,
  runAgent,
  runOrchestration,
  type ToolDefinition,
} from '@toolsmith/core';
import { OutcomeRecorder } from '@toolsmith/core/internal';
import type { AppContext } from '../app/context.js';
import { HttpError } from '../app/http-error.js';
import { loadChatCharacters, scriptCharacter } from '../characters/chat-characters.js';
import { providerFetch } from '../executors/provider-fetch.js';
import { loadConnections, loadPresets } from '../executors/runtime-sources.js';
import { toolExecutors } from '../executors/tool-executors.js';
import { storedToolModeMemory } from '../executors/tool-mode-memory.js';
import { loadToolRegistry } from '../executors/tool-registry.js';
import { historyFromMessages } from '../generation/chat-history.js';
import {
  buildHiddenContext,
  buildToolCtx,
  type ScriptRunState,
  sandboxWithHiddenContextGate,
} from '../generation/hidden-context.js';
import { type ScriptEvent, scriptHostFunctions } from '../generation/script-host-functions.js';
import { observedFetch } from '../observability/observed-fetch.js';
import { storedToDefinition } from '../routes/tool-input.js';
import { characterToolScope, type Storage, type StoredChat } from '../storage/types.js';
import { assertVariableWrite } from '../variables/variable-limits.js';
import { captureServices } from './capture-services.js';
import { characterOverride, chatCharacter } from './character-override.js';
import { loadGlobalProfile, resolveProfile, type StoredProfile } from './profile-store.js';

export interface ChatRunInput {
  context: AppContext;
  chat: StoredChat;
  simulate: boolean;
  signal?: AbortSignal;
  onEvent?: (event: OrchestrationEvent) => void | Promise<void>;
  /** ctx.eventSource.emit calls of the run's script tools, with the run's trace id (a chat turn streams them) */
  onScriptEvent?: (event: ScriptEvent & { traceId: string }) => void;
}

/** What every run in a chat needs: runtime over stored connections, the tool registry, the tool env. */
export async function chatRunSetup(
  input: ChatRunInput,
  recorder: OutcomeRecorder,
  /** script tools that join the run besides the registry's (a profile's own) */
  extraTools: readonly ToolDefinition[] = [],
) {
  const { context, chat } = input;
  const { storage, config } = context;
  const stored = await storage.messages.list(chat.id);
  const services = captureServices(storage, chat, recorder);
  const registry = await loadToolRegistry(context, services);
  // script tools count only while scripts are enabled on this server
  const scriptTools: ToolDefinition[] = extraTools.filter((t) => t.kind === 'script');
  for (const tool of registry.enabledTools()) {
    if (tool.definition.kind !== 'script') continue;
    if (config.customToolScriptEnabled) scriptTools.push(tool.definition);
    else registry.setToolEnabled('global', tool.definition.name, false);
  }
  const runtime = createRuntime({
    connections: await loadConnections(storage),
    toolModeMemory: storedToolModeMemory(storage),
    presets: await loadPresets(storage),
    registry,
    fetch: observedFetch(providerFetch(config), context.telemetry),
  });
  const last = [...stored].reverse().find((m) => m.role === 'user');
  const connection = chat.connectionId ? await storage.connections.get(chat.connectionId) : undefined;
  // scripts get the same ctx as in the chat's own generation (Luker's fields included)
  const characters = await loadChatCharacters(storage, chat);
  const persona = chat.personaId ? ((await storage.personas.get(chat.personaId))?.name ?? null) : null;
  // `aborted` reads the signal: no listener on it that would outlive the run
  const run: ScriptRunState = {
    get aborted() {
      return input.signal?.aborted === true;
    },
    activatedEntryKeys: [],
    traceId: `tr_${randomBytes(9).toString('base64url')}`,
  };
  const hidden = buildHiddenContext({
    chat,
    lastUserMessage: last?.content ?? '',
    persona,
    characters: characters.map((c) => ({ id: c.id, name: c.card.name })),
    variables: await storage.variables.list(chat.id),
  });
  return {
    runtime,
    registry,
    messages: historyFromMessages(stored) as ChatMessage[],
    defaultConnection: connection?.name,
    loopOptions: {
      ctx: buildToolCtx(chat, stored, hidden, { characters: characters.map(scriptCharacter), persona, run }),
      // ctx.variables.set lands in the outcome like set_variable (nothing written here; never in a simulation);
      // ctx.eventSource.emit events go to the caller (a chat turn streams them like its own scripts')
      hostFunctions: scriptHostFunctions({
        variables: services.variables,
        simulate: input.simulate,
        onEvent: (event) => input.onScriptEvent?.({ ...event, traceId: run.traceId }),
        extensionApis: context.extensionApis,
        fetch: context.outboundFetch,
        signal: input.signal,
      }),
      sandbox:
        config.customToolScriptEnabled && scriptTools.length > 0
          ? sandboxWithHiddenContextGate(context.sandbox(), scriptTools)
          : undefined,
      executors: toolExecutors(context.webhookExecutor, context.telemetry.toolRun),
      toolTimeoutMs: config.customToolTimeoutMs,
    },
  };
}

/**
 * Runs the global orchestration profile over a chat. Nothing is written here: variable writes and forced
 * world info come back in the outcome (see applyOutcomeVariables). With `simulate`, write tools do not run either.
 */
export async function runChatOrchestration(
  input: ChatRunInput & {
    mode?: OrchestrationMode;
    /** run this profile instead of the stored one (the Studio's proposed profile) */
    profile?: StoredProfile;
  },
): Promise<OrchestrationRunResult> {
  const { context } = input;
  const { storage } = context;
  const recorder = new OutcomeRecorder();
  let stored: StoredProfile =
    input.profile ?? (await loadGlobalProfile(storage)) ?? defaultOrchestrationProfile();
  // the chat's character: its override laid over the global profile, its tools in a scope above the profile's
  const character = await chatCharacter(storage, input.chat);
  const override = character ? characterOverride(character) : undefined;
  if (override) stored = mergeProfileOverride(stored, override) as StoredProfile;
  const characterTools = character ? await storage.tools.list(characterToolScope(character.id)) : [];
  const characterDefinitions = characterTools.map(storedToDefinition);
  const setup = await chatRunSetup(input, recorder, [...(stored.tools ?? []), ...characterDefinitions]);
  const resolved = await resolveProfile(storage, stored, setup.defaultConnection);
  const checked = parseOrchestrationProfile(resolved, {
    reservedNames: context.builtins.map((b) => b.name),
    // stored script tools stay valid when scripts are switched off later; they answer not_supported then
    scriptsEnabled: true,
    localWebhooksEnabled: context.config.webhookLocalUrlsEnabled,
  });
  if (!checked.ok) {
    throw new HttpError(
      400,
      `The orchestration profile${override ? " with the character's override" : ''} is not valid: ${checked.errors[0].field} — ${checked.errors[0].message}`,
      { code: 'invalid_profile', details: checked.errors },
    );
  }
  const profile = checked.value;
  profile.limits = { maxRounds: context.config.maxToolRounds, ...profile.limits };
  const missing = modeReadiness(profile, input.mode ?? profile.mode);
  if (missing) {
    throw new HttpError(
      400,
      `${missing.message.replace(/\.$/, '')} in the orchestration profile (${missing.field}).`,
      {
        code: missing.code,
      },
    );
  }
  let parentScope: string | undefined;
  if (character) {
    parentScope = characterToolScope(character.id);
    setup.registry.defineScope(parentScope, { kind: 'character' });
    const reserved = new Set(setup.registry.builtinNames());
    for (const definition of characterDefinitions) {
      if (reserved.has(definition.name)) continue;
      if (definition.kind === 'script' && !context.config.customToolScriptEnabled) continue;
      setup.registry.register(definition, { layer: 'custom', scope: parentScope });
    }
  }
  return runOrchestration({
    runtime: setup.runtime,
    registry: setup.registry,
    profile,
    parentScope,
    mode: input.mode,
    messages: setup.messages,
    simulate: input.simulate,
    abortSignal: input.signal,
    onEvent: input.onEvent,
    loopOptions: setup.loopOptions,
    recorder,
  });
}

/** Runs one stored agent over a chat on demand; the same rules as a profile run. */
export async function runChatAgent(input: ChatRunInput & { agent: Agent }): Promise<OrchestrationRunResult> {
  const recorder = new OutcomeRecorder();
  const setup = await chatRunSetup(input, recorder);
  const agent =
    input.agent.connectionName || !setup.defaultConnection
      ? input.agent
      : { ...input.agent, connectionName: setup.defaultConnection };
  return runAgent({
    runtime: setup.runtime,
    registry: setup.registry,
    agent,
    limits: { maxRounds: input.context.config.maxToolRounds },
    messages: setup.messages,
    simulate: input.simulate,
    abortSignal: input.signal,
    onEvent: input.onEvent,
    loopOptions: setup.loopOptions,
    recorder,
  });
}

/** Stores the variable writes of a (non-simulated) outcome, in order. */
export async function applyOutcomeVariables(
  storage: Pick<Storage, 'variables'>,
  chatId: string,
  outcome: OrchestrationOutcome,
  set: (scope: 'chat' | 'global', name: string, value: unknown) => Promise<void> = (scope, name, value) =>
    storage.variables.set(scope === 'global' ? null : chatId, name, value),
): Promise<void> {
  // every write checked before any is stored (orchestration_set_variable records without the services)
  const names = {
    chat: new Set(Object.keys(await storage.variables.list(chatId))),
    global: new Set(Object.keys(await storage.variables.list(null))),
  };
  for (const write of outcome.variableWrites) {
    assertVariableWrite(write.scope, write.name, write.value, names[write.scope]);
    names[write.scope].add(write.name);
  }
  for (const write of outcome.variableWrites) await set(write.scope, write.name, write.value);
}

/** The notes as the system message the main reply gets. */
export function notesMessage(outcome: OrchestrationOutcome): ChatMessage[] {
  if (outcome.notes.trim() === '') return [];
  return [{ role: 'system', content: `[Orchestration notes for this reply]\n${outcome.notes.trim()}` }];
}
