import {
  ORCHESTRATION_MODES,
  type OrchestrationMode,
  type ToolDefinition,
  ToolRegistry,
  validateToolDefinition,
} from '@toolsmith/core';
import type { AppContext } from '../app/context.js';
import { loadChatCharacters } from '../characters/chat-characters.js';
import { loadChatLorebooks } from '../lorebooks/chat-lorebooks.js';
import type { StoredProfile } from '../orchestration/profile-store.js';
import { orchestrationToolCatalog } from '../orchestration/tool-catalog.js';
import type { StoredChat } from '../storage/types.js';
import { ORCHESTRATION_DOCS } from './authoring-docs.js';
import { dryRunInChat } from './dry-run-in-chat.js';
import { buildProposal, ProposalError } from './proposals.js';
import type { DryRunRecord, Proposal, ProposalChange, StudioSession, TextEdit } from './types.js';

export interface StudioToolEnv {
  context: AppContext;
  session: StudioSession;
  chat: StoredChat;
  /** the stored profile as it is now */
  profile: () => Promise<StoredProfile>;
  /** validates a profile like PUT /api/orchestration (throws its 400) */
  check: (profile: StoredProfile) => Promise<StoredProfile>;
}

const obj = (properties: Record<string, unknown>, required: string[] = []) => ({
  type: 'object',
  properties,
  required,
  additionalProperties: false,
});
const REASON = {
  type: 'string',
  minLength: 1,
  maxLength: 2000,
  description: 'Why: shown to the user on the review card.',
};
const PATCH_OPS = {
  type: 'array',
  items: {
    type: 'object',
    properties: {
      op: { type: 'string', enum: ['add', 'remove', 'replace', 'move', 'copy', 'test'] },
      path: { type: 'string' },
      value: {},
      from: { type: 'string' },
    },
    required: ['op', 'path'],
  },
  description: 'RFC 6902 JSON Patch operations.',
};
const TOOL_FIELDS = {
  type: 'object',
  description:
    'A tool definition: { name, description, parameters (JSON Schema, type object), mode "read"|"write", kind "static"|"webhook"|"script", body?, simulateBody?, staticResult?, webhookUrl? }.',
};

/** A webhook URL as the agent may see it: scheme, host, port and path, never credentials or query values. */
function maskedUrl(url: string | undefined): string | undefined {
  if (!url) return url;
  try {
    const u = new URL(url);
    return `${u.origin}${u.pathname}${u.search ? '?…' : ''}`;
  } catch {
    return '(not a valid URL)';
  }
}

function shown(tool: ToolDefinition): Record<string, unknown> {
  return { ...tool, ...(tool.webhookUrl ? { webhookUrl: maskedUrl(tool.webhookUrl) } : {}) };
}

/** The tool version a dry run uses: a named proposal's, else the latest pending one for that name, else the profile's. */
function versionFor(env: StudioToolEnv, profile: StoredProfile, name: string, proposalId?: string) {
  const pending = env.session.proposals.filter((p) => p.status === 'pending' && p.toolAfter);
  const proposal = proposalId
    ? env.session.proposals.find((p) => p.id === proposalId)
    : [...pending].reverse().find((p) => p.toolAfter?.name === name);
  if (proposalId && !proposal) throw new Error(`No proposal "${proposalId}" in this session.`);
  if (proposal?.toolAfter) return { tool: proposal.toolAfter, proposal };
  const own = profile.tools.find((t) => t.name === name);
  return { tool: own, proposal: undefined };
}

/**
 * The authoring agent's tools, in a registry of their own: reading (list, get, get_profile, read_*), trying
 * (dry_run) and proposing (set, patch, remove, toggle, edit_profile). Proposals are added to the session as
 * pending review cards; nothing here changes the stored profile.
 */
export function studioRegistry(env: StudioToolEnv): ToolRegistry {
  const registry = new ToolRegistry({ logger: { warn() {} } });
  const { context, chat, session } = env;
  const add = (
    name: string,
    description: string,
    parameters: Record<string, unknown>,
    run: (args: Record<string, unknown>) => unknown,
  ) =>
    registry.register(
      { name, description, parameters, mode: 'read', kind: 'native', enabled: true },
      { layer: 'builtin', run },
    );

  const propose = async (change: ProposalChange, reason: unknown): Promise<unknown> => {
    try {
      const proposal = await buildProposal(await env.profile(), change, String(reason ?? ''), env.check);
      session.proposals.push(proposal);
      return {
        proposal: proposal.id,
        title: proposal.title,
        status: 'pending review by the user',
        ...(proposal.arrivesDisabled
          ? { note: 'It will arrive switched off until the user turns it on.' }
          : {}),
      };
    } catch (error) {
      if (error instanceof ProposalError) throw new Error(error.message);
      throw error;
    }
  };

  add(
    'list',
    "Lists every tool the orchestration can use: the profile's own tools and the registry (custom, builtin, extension, character tools).",
    obj({}),
    async () => {
      const profile = await env.profile();
      return {
        profileTools: profile.tools.map((t) => ({
          name: t.name,
          kind: t.kind,
          mode: t.mode,
          enabled: t.enabled,
          description: t.description,
        })),
        registry: (await orchestrationToolCatalog(context)).map((t) => ({
          name: t.name,
          group: t.group,
          kind: t.kind,
          enabled: t.enabled,
          description: t.description,
          ...(t.character ? { character: t.character.name } : {}),
        })),
      };
    },
  );
  add(
    'get',
    'One tool in full (body, schema, …): a profile tool, or a tool of the registry.',
    obj({ name: { type: 'string' } }, ['name']),
    async (args) => {
      const name = String(args.name);
      const own = (await env.profile()).tools.find((t) => t.name === name);
      if (own) return { source: 'profile', tool: shown(own) };
      const stored = await context.storage.tools.getByName(name);
      if (stored)
        return {
          source: 'functions',
          tool: shown({ ...stored, displayName: stored.displayName || undefined } as ToolDefinition),
        };
      const entry = (await orchestrationToolCatalog(context)).find((t) => t.name === name);
      if (entry) {
        const builtin = context.builtins.find((b) => b.name === name);
        return {
          source: entry.group,
          tool: { ...entry, ...(builtin ? { parameters: builtin.parameters } : {}) },
        };
      }
      throw new Error(`No tool named "${name}". Call list to see them.`);
    },
  );
  add(
    'get_profile',
    'The orchestration profile as stored (modes, agents, nodes, switches, limits, its own tools).',
    obj({}),
    async () => {
      const { tools, ...rest } = await env.profile();
      return { ...rest, tools: tools.map((t) => t.name) };
    },
  );
  add(
    'read_chat',
    "The chosen chat's latest messages.",
    obj({ last: { type: 'integer', minimum: 1, maximum: 100 } }),
    async (args) => {
      const messages = await context.storage.messages.list(chat.id);
      return messages.slice(-(Number(args.last) || 20)).map((m) => ({ role: m.role, content: m.content }));
    },
  );
  add('read_characters', "The chosen chat's characters (card fields).", obj({}), async () =>
    (await loadChatCharacters(context.storage, chat)).map((c) => ({
      name: c.card.name,
      description: c.card.description,
      personality: c.card.personality,
      scenario: c.card.scenario,
    })),
  );
  add(
    'read_lorebook',
    "Lorebook entries of the chosen chat (its books, its characters' and global ones), optionally filtered by text.",
    obj({ query: { type: 'string' }, limit: { type: 'integer', minimum: 1, maximum: 50 } }),
    async (args) => {
      const query = typeof args.query === 'string' ? args.query.toLowerCase() : '';
      const out: unknown[] = [];
      for (const book of await loadChatLorebooks(context.storage, chat)) {
        for (const e of book.entries) {
          const text = `${e.keys.join(' ')} ${e.comment ?? ''} ${e.content}`.toLowerCase();
          if (query && !text.includes(query)) continue;
          out.push({
            book: book.name,
            uid: e.uid,
            keys: e.keys,
            comment: e.comment,
            content: e.content.slice(0, 1000),
          });
        }
      }
      return out.slice(0, Number(args.limit) || 20);
    },
  );
  add('read_variables', "The chosen chat's variables and the global ones.", obj({}), async () => ({
    chat: await context.storage.variables.list(chat.id),
    global: await context.storage.variables.list(null),
  }));
  add(
    'read_docs',
    'How orchestration works: modes, agents, nodes, tool kinds and switches, the script ctx.',
    obj({}),
    () => ORCHESTRATION_DOCS,
  );

  add(
    'dry_run',
    "Runs a tool once in the chosen chat's real context (writes simulated, 3 s at most): the version a pending proposal would make when there is one (or the proposal named), else the current one. The result is shown on that proposal's card.",
    obj({ name: { type: 'string' }, args: { type: 'object' }, proposal: { type: 'string' } }, ['name']),
    async (args) => {
      const name = String(args.name);
      const profile = await env.profile();
      const { tool, proposal } = versionFor(
        env,
        profile,
        name,
        typeof args.proposal === 'string' ? args.proposal : undefined,
      );
      const answer = await dryRunInChat({
        context,
        chat,
        tool,
        name,
        args: (args.args as Record<string, unknown>) ?? {},
      });
      if (proposal) {
        const record: DryRunRecord = {
          at: new Date().toISOString(),
          tool: name,
          args: args.args ?? {},
          ...answer,
        };
        (proposal as Proposal).dryRuns.push(record);
      }
      return answer;
    },
  );

  add(
    'set',
    'Proposes a profile tool: created, or replacing the profile tool of the same name.',
    obj({ tool: TOOL_FIELDS, reason: REASON }, ['tool', 'reason']),
    (args) => {
      const raw = args.tool as Record<string, unknown>;
      const checked = validateToolDefinition(
        {
          description: '',
          parameters: { type: 'object', properties: {} },
          mode: 'read',
          body: '',
          simulateBody: '',
          staticResult: '',
          webhookUrl: '',
          ...raw,
          enabled: true,
        },
        {
          reservedNames: [],
          scriptsEnabled: true,
          localWebhooksEnabled: context.config.webhookLocalUrlsEnabled,
        },
      );
      if (!checked.ok) throw new Error(checked.errors.map((e) => `tool.${e.field}: ${e.message}`).join(' '));
      return propose(
        {
          kind: 'set',
          tool: {
            includeHiddenContext: false,
            ...(raw as unknown as ToolDefinition),
            enabled: true,
          } as ToolDefinition,
        },
        args.reason,
      );
    },
  );
  add(
    'patch',
    'Proposes edits of a profile tool: find/replace edits of its text fields (each find must occur once) and/or a JSON patch of its parameters schema.',
    obj(
      {
        name: { type: 'string' },
        edits: {
          type: 'array',
          items: obj(
            {
              field: {
                type: 'string',
                enum: ['body', 'simulateBody', 'staticResult', 'description', 'webhookUrl'],
              },
              find: { type: 'string' },
              replace: { type: 'string' },
            },
            ['field', 'find', 'replace'],
          ),
        },
        schemaPatch: PATCH_OPS,
        reason: REASON,
      },
      ['name', 'reason'],
    ),
    (args) => {
      const edits = (args.edits as TextEdit[] | undefined) ?? [];
      const schemaPatch = (args.schemaPatch as never[] | undefined) ?? [];
      if (edits.length === 0 && schemaPatch.length === 0)
        throw new Error('Give edits, a schemaPatch, or both.');
      return propose({ kind: 'patch', name: String(args.name), edits, schemaPatch }, args.reason);
    },
  );
  add(
    'remove',
    'Proposes removing a profile tool.',
    obj({ name: { type: 'string' }, reason: REASON }, ['name', 'reason']),
    (args) => propose({ kind: 'remove', name: String(args.name) }, args.reason),
  );
  add(
    'toggle',
    'Proposes switching a tool on or off (or back to its default with null) for a mode, or for one node of that mode (a sub-agent, spec node or agenda agent).',
    obj(
      {
        name: { type: 'string' },
        on: { type: ['boolean', 'null'] },
        mode: { type: 'string', enum: [...ORCHESTRATION_MODES] },
        node: { type: 'string' },
        reason: REASON,
      },
      ['name', 'on', 'mode', 'reason'],
    ),
    async (args) => {
      const name = String(args.name);
      const profile = await env.profile();
      const known = new Set([
        ...profile.tools.map((t) => t.name),
        ...(await orchestrationToolCatalog(context)).map((t) => t.name),
      ]);
      if (!known.has(name)) throw new Error(`No tool named "${name}". Call list to see them.`);
      return propose(
        {
          kind: 'toggle',
          name,
          on: args.on as boolean | null,
          mode: args.mode as OrchestrationMode,
          ...(typeof args.node === 'string' ? { node: args.node } : {}),
        },
        args.reason,
      );
    },
  );
  add(
    'edit_profile',
    'Proposes a JSON patch of the profile (agents, sub-agents, nodes, agenda, modes, limits; not its tools).',
    obj({ patch: PATCH_OPS, reason: REASON }, ['patch', 'reason']),
    (args) => propose({ kind: 'edit_profile', patch: args.patch as never[] }, args.reason),
  );
  return registry;
}
