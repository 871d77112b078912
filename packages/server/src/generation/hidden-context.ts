import type { Sandbox, ToolDefinition, WorldInfoEntry } from '@toolsmith/core';
import type { StoredChat, StoredMessage } from '../storage/types.js';
import { SCRIPT_FETCH_FUNCTION } from './script-fetch.js';

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

/** `ctx.__run`: facts about the run, updated while it goes (scripts read them at their call). */
export interface ScriptRunState {
  aborted: boolean;
  /** world-info entries injected this turn so far, as `bookId.uid` */
  activatedEntryKeys: string[];
  /** one id per generation, the same for every tool call of it */
  traceId: string;
}

/** A character as scripts see it (`ctx.characters[i]`): its card's text fields and its id. */
export interface ScriptCharacter {
  id: string;
  name: string;
  description: string;
  personality: string;
  scenario: string;
  first_mes: string;
  mes_example: string;
  creator_notes: string;
  system_prompt: string;
  post_history_instructions: string;
  alternate_greetings: string[];
  tags: string[];
}

/** One world-info entry of the turn as Luker's `ctx.wiFinalizedPayload.entries[i]` (SillyTavern's names). */
export interface WiPayloadEntry {
  uid: string | number;
  /** the lorebook's id */
  world: string | null;
  key: string[];
  keysecondary: string[];
  comment: string;
  content: string;
  constant: boolean;
  position: string;
  depth: number | null;
  order: number;
}

/** An activated entry in Luker's shape. */
export function wiPayloadEntry(book: string | undefined, entry: WorldInfoEntry): WiPayloadEntry {
  return {
    uid: entry.uid ?? '',
    world: book ?? null,
    key: [...entry.keys],
    keysecondary: [...(entry.secondaryKeys ?? [])],
    comment: entry.comment ?? '',
    content: entry.content,
    constant: entry.constant === true,
    position: entry.position ?? 'before',
    depth: entry.position === 'depth' ? (entry.depth ?? 4) : null,
    order: entry.order ?? 100,
  };
}

/** Who takes part in the chat, for the Luker-shaped ctx fields. */
export interface ScriptCtxPeople {
  /** the chat's characters in order; the first one answers */
  characters: ScriptCharacter[];
  /** the persona's name, or null (then `name1` is "User") */
  persona: string | null;
  run: ScriptRunState;
  /** the turn's activated world-info entries so far; filled in place while the turn goes */
  worldInfo?: WiPayloadEntry[];
}

type SnapshotMessage = { role: 'user' | 'assistant'; content: string } & Partial<{
  name: string;
  is_user: boolean;
  mes: string;
}>;

/**
 * The snapshot tools get as `ctx`: this chat's title and latest messages, plus `context` (see below) and,
 * for chat generations, the fields users of Luker know (`characters`, `characterId`, `groups`, `groupId`,
 * `name1`, `name2`, `__run`).
 */
export interface ChatToolCtx {
  /** Luker's `ctx.chat`: a copy of the messages, latest last; with people known, each also carries `name`,
   * `is_user` and `mes` */
  chat: SnapshotMessage[];
  chatId: string;
  chatTitle: string;
  dryRun: false;
  /** the hidden context: webhooks send it and scripts keep it only when their tool asks for it */
  context: HiddenContext;
  characters?: ScriptCharacter[];
  /** index of the answering character in `characters` (SillyTavern's meaning), null without one */
  characterId?: number | null;
  /** a group chat is its set of characters: one group, id = the chat's id; none for one character */
  groups?: Array<{ id: string; name: string; members: string[] }>;
  groupId?: string | null;
  /** the user's name (persona, else "User") and the answering character's (else "Assistant") */
  name1?: string;
  name2?: string;
  __run?: ScriptRunState;
  /** Luker's finalized world info of the turn: the entries activated so far */
  wiFinalizedPayload?: { entries: WiPayloadEntry[] };
}

export function buildToolCtx(
  chat: Pick<StoredChat, 'id' | 'title'>,
  messages: readonly StoredMessage[],
  context: HiddenContext,
  people?: ScriptCtxPeople,
): ChatToolCtx {
  const latest = messages.slice(-SNAPSHOT_MESSAGE_LIMIT);
  if (!people) {
    return {
      chat: latest.map((m) => ({ role: m.role, content: m.content })),
      chatId: chat.id,
      chatTitle: chat.title,
      dryRun: false,
      context,
    };
  }
  const name1 = people.persona ?? 'User';
  const name2 = people.characters[0]?.name ?? 'Assistant';
  const group = people.characters.length > 1;
  return {
    chat: latest.map((m) => ({
      role: m.role,
      content: m.content,
      name: m.name || (m.role === 'user' ? name1 : name2),
      is_user: m.role === 'user',
      mes: m.content,
    })),
    chatId: chat.id,
    chatTitle: chat.title,
    dryRun: false,
    context,
    characters: people.characters,
    characterId: people.characters.length > 0 ? 0 : null,
    groups: group ? [{ id: chat.id, name: chat.title, members: people.characters.map((c) => c.id) }] : [],
    groupId: group ? chat.id : null,
    name1,
    name2,
    __run: people.run,
    wiFinalizedPayload: { entries: people.worldInfo ?? [] },
  };
}

/**
 * The core hands every script the same `ctx` and host functions; this sandbox removes `ctx.context` unless
 * the script being run belongs to a tool with `includeHiddenContext` on, and the `fetch` host function unless
 * its tool has `allowFetch` on. Scripts are recognised by their body (or simulate body); when two tools share
 * a body and only one asks, both are refused.
 */
export function sandboxWithHiddenContextGate(
  sandbox: Sandbox,
  scriptTools: readonly Pick<
    ToolDefinition,
    'body' | 'simulateBody' | 'includeHiddenContext' | 'allowFetch'
  >[],
): Sandbox {
  const hidden = new Map<string, boolean>();
  const fetching = new Map<string, boolean>();
  for (const tool of scriptTools) {
    for (const body of [tool.body, tool.simulateBody]) {
      if (!body) continue;
      hidden.set(body, (hidden.get(body) ?? true) && tool.includeHiddenContext === true);
      fetching.set(body, (fetching.get(body) ?? true) && tool.allowFetch === true);
    }
  }
  return {
    run(job) {
      let gated = job;
      if (fetching.get(job.body) !== true && job.hostFunctions?.[SCRIPT_FETCH_FUNCTION]) {
        const { [SCRIPT_FETCH_FUNCTION]: _refused, ...rest } = job.hostFunctions;
        gated = { ...gated, hostFunctions: rest };
      }
      if (hidden.get(job.body) !== true && job.ctx && typeof job.ctx === 'object') {
        const { context: _withheld, ...rest } = job.ctx as Record<string, unknown>;
        gated = { ...gated, ctx: rest };
      }
      return sandbox.run(gated);
    },
    compile: (body) => sandbox.compile(body),
    // the app owns the real sandbox and closes it
    close: async () => {},
  };
}
