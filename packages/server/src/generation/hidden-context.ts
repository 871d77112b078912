import type { Sandbox, ToolDefinition } from '@toolsmith/core';
import type { StoredChat, StoredMessage } from '../storage/types.js';

/** How many of the latest messages a script sees in its chat snapshot. */
export const SNAPSHOT_MESSAGE_LIMIT = 50;

/**
 * What a tool that asks for hidden context receives (webhook `context` field, script `ctx.context`).
 * Only this chat's data: never API keys, connection details or other chats.
 */
export interface HiddenContext {
  chatId: string;
  mode: 'chat';
  persona: string | null;
  characters: Array<{ id: string; name: string }>;
  variables: Record<string, unknown>;
  lastUserMessage: string | null;
  /** ISO 8601 UTC */
  now: string;
  /** the server's local date (YYYY-MM-DD) and time (HH:MM) and its time zone */
  date: string;
  time: string;
  timeZone: string;
}

export interface HiddenContextInput {
  chat: Pick<StoredChat, 'id'>;
  lastUserMessage: string | null;
  now?: Date;
  /** filled in once chats carry personas, characters and variables */
  persona?: string | null;
  characters?: Array<{ id: string; name: string }>;
  variables?: Record<string, unknown>;
}

const pad = (n: number) => String(n).padStart(2, '0');

export function buildHiddenContext(input: HiddenContextInput): HiddenContext {
  const now = input.now ?? new Date();
  return {
    chatId: input.chat.id,
    mode: 'chat',
    persona: input.persona ?? null,
    characters: input.characters ?? [],
    variables: input.variables ?? {},
    lastUserMessage: input.lastUserMessage,
    now: now.toISOString(),
    date: `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`,
    time: `${pad(now.getHours())}:${pad(now.getMinutes())}`,
    timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
  };
}

/** The snapshot tools get as `ctx`: this chat's title and latest messages, plus `context` (see below). */
export interface ChatToolCtx {
  chat: {
    id: string;
    title: string;
    messages: Array<{ role: 'user' | 'assistant'; content: string }>;
  };
  dryRun: false;
  /** the hidden context: webhooks send it and scripts keep it only when their tool asks for it */
  context: HiddenContext;
}

export function buildToolCtx(
  chat: Pick<StoredChat, 'id' | 'title'>,
  messages: readonly StoredMessage[],
  context: HiddenContext,
): ChatToolCtx {
  return {
    chat: {
      id: chat.id,
      title: chat.title,
      messages: messages.slice(-SNAPSHOT_MESSAGE_LIMIT).map((m) => ({ role: m.role, content: m.content })),
    },
    dryRun: false,
    context,
  };
}

/**
 * The core hands every script the same `ctx`; this sandbox removes `ctx.context` unless the script being
 * run belongs to a tool with `includeHiddenContext` on. Scripts are recognised by their body (or simulate
 * body); when two tools share a body and only one asks, the context is withheld from both.
 */
export function sandboxWithHiddenContextGate(
  sandbox: Sandbox,
  scriptTools: readonly Pick<ToolDefinition, 'body' | 'simulateBody' | 'includeHiddenContext'>[],
): Sandbox {
  const allowed = new Map<string, boolean>();
  for (const tool of scriptTools) {
    for (const body of [tool.body, tool.simulateBody]) {
      if (!body) continue;
      allowed.set(body, (allowed.get(body) ?? true) && tool.includeHiddenContext === true);
    }
  }
  return {
    run(job) {
      if (allowed.get(job.body) === true || !job.ctx || typeof job.ctx !== 'object') return sandbox.run(job);
      const { context: _withheld, ...rest } = job.ctx as Record<string, unknown>;
      return sandbox.run({ ...job, ctx: rest });
    },
    compile: (body) => sandbox.compile(body),
    // the app owns the real sandbox and closes it
    close: async () => {},
  };
}
