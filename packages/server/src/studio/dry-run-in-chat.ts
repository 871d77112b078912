import { executeToolCall, type ToolDefinition } from '@toolsmith/core';
import { OutcomeRecorder } from '@toolsmith/core/internal';
import type { AppContext } from '../app/context.js';
import { enableForDryRun } from '../executors/enable-for-dry-run.js';
import { chatRunSetup } from '../orchestration/run-for-chat.js';
import { DRY_RUN_TIMEOUT_MS } from '../routes/tools-dry-run.js';
import type { StoredChat } from '../storage/types.js';

const SCOPE = 'studio-dry-run';

export interface ChatDryRunAnswer {
  ok: boolean;
  result?: unknown;
  error?: string;
  logs: Array<{ level: string; message: string }>;
  durationMs: number;
  simulated?: boolean;
  unvalidated?: boolean;
}

/**
 * Runs one tool once in a chat's real context — the ctx, host functions and builtins a chat orchestration
 * run gets — with writes simulated and the dry-run wall (3 s). `tool` is a version to try (a proposal's or
 * the profile's); without it, `name` is looked up among the chat's tools (Functions, builtins). A tool
 * switched off still runs: trying it is how one decides to switch it on.
 */
export async function dryRunInChat(input: {
  context: AppContext;
  chat: StoredChat;
  tool: ToolDefinition | undefined;
  name: string;
  args: Record<string, unknown>;
}): Promise<ChatDryRunAnswer> {
  const { context, chat } = input;
  const extra = input.tool ? [{ ...input.tool, enabled: true }] : [];
  const setup = await chatRunSetup({ context, chat, simulate: true }, new OutcomeRecorder(), extra);
  setup.registry.defineScope(SCOPE, { kind: 'chat' });
  if (input.tool)
    setup.registry.register({ ...input.tool, enabled: true }, { layer: 'custom', scope: SCOPE });
  else if (!setup.registry.resolve(input.name, SCOPE))
    throw new Error(`No tool named "${input.name}". Call list to see them.`);
  enableForDryRun(setup.registry, input.name, SCOPE);
  const definition = setup.registry.resolve(input.name, SCOPE)!.definition;
  if (definition.kind === 'script' && !context.config.customToolScriptEnabled)
    throw new Error(
      'Script tools are disabled on this server (CUSTOM_TOOL_SCRIPT_ENABLED), so it cannot run.',
    );
  const envelope = await executeToolCall(
    { name: input.name, args: input.args },
    {
      registry: setup.registry,
      scope: SCOPE,
      ctx: setup.loopOptions.ctx,
      hostFunctions: setup.loopOptions.hostFunctions,
      simulate: true,
      timeoutMs: DRY_RUN_TIMEOUT_MS,
      sandbox: definition.kind === 'script' ? (setup.loopOptions.sandbox ?? context.sandbox()) : undefined,
      executors: setup.loopOptions.executors,
      signal: context.shutdownSignal,
    },
  );
  return {
    ok: envelope.ok,
    ...(envelope.ok ? { result: envelope.result } : { error: envelope.error.message }),
    logs: envelope.logs ?? [],
    durationMs: envelope.durationMs,
    ...(envelope.simulated ? { simulated: true } : {}),
    ...(envelope.unvalidated ? { unvalidated: true } : {}),
  };
}
