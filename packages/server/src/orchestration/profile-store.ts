import {
  type Agent,
  defaultOrchestrationProfile,
  type FieldError,
  type OrchestrationProfile,
  parseOrchestrationProfile,
} from '@toolsmith/core';
import type { AgentSlot, OrchestrationProfileResource } from '@toolsmith/core/api-schema';
import { HttpError, validationError } from '../app/http-error.js';
import type { Storage } from '../storage/types.js';
import { type AgentRepository, createAgentRepository, type StoredAgent } from './agent-repository.js';

export const GLOBAL_PROFILE_KEY = 'orchestration/profile';

/** An agent slot of a stored profile: the agent written out, or a reference to a stored agent. */
export type { AgentSlot };

/** The profile as stored and served: the core's profile, where any agent may be `{ agentId }`. */
export type StoredProfile = OrchestrationProfileResource;

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
const isRef = (v: unknown): v is { agentId: unknown } => isObject(v) && 'agentId' in v;

/**
 * Every agent slot of a profile body (loop, director and its sub-agents, spec nodes, the agenda's planner and
 * agents), as [path, get, set].
 */
export function agentSlots(body: unknown): Array<[string, () => unknown, (v: unknown) => void]> {
  const out: Array<[string, () => unknown, (v: unknown) => void]> = [];
  if (!isObject(body)) return out;
  const slot = (path: string, holder: unknown, key = 'agent') => {
    if (isObject(holder) && holder[key] !== undefined) {
      out.push([path, () => holder[key], (v) => (holder[key] = v)]);
    }
  };
  const list = (holder: unknown, key: string, at: string) => {
    const items = isObject(holder) ? holder[key] : undefined;
    if (!Array.isArray(items)) return;
    items.forEach((s, i) => {
      slot(`${at}.${i}.agent`, s);
    });
  };
  slot('loop.agent', body.loop);
  slot('director.agent', body.director);
  list(body.director, 'subAgents', 'director.subAgents');
  list(body.spec, 'nodes', 'spec.nodes');
  slot('agenda.planner', body.agenda, 'planner');
  list(body.agenda, 'agents', 'agenda.agents');
  return out;
}

export interface ProfileCheckOptions {
  storage: Storage;
  reservedNames: Iterable<string>;
  scriptsEnabled: boolean;
  localWebhooksEnabled: boolean;
}

/**
 * Checks a profile body: `{ agentId }` slots must name stored agents; everything else goes through the
 * core's parser. Returns the normalized profile with the references kept. Throws a 400 listing every problem.
 */
export async function checkProfileBody(raw: unknown, options: ProfileCheckOptions): Promise<StoredProfile> {
  if (!isObject(raw)) throw validationError([{ field: '', message: 'The profile must be a JSON object.' }]);
  const body = structuredClone(raw);
  const agents = createAgentRepository(options.storage.settings);
  const errors: FieldError[] = [];
  const refs = new Map<string, string>();
  for (const [path, read, write] of agentSlots(body)) {
    const value = read();
    if (!isRef(value)) continue;
    const extra = Object.keys(value).filter((k) => k !== 'agentId');
    if (extra.length)
      errors.push({ field: path, message: `${path} is either an agent or { agentId }, not both.` });
    const agent = typeof value.agentId === 'string' ? await agents.get(value.agentId) : undefined;
    if (!agent) {
      errors.push({ field: `${path}.agentId`, message: `No agent with id "${String(value.agentId)}".` });
      write({ name: 'missing', systemPrompt: '', tools: [] });
      continue;
    }
    refs.set(path, agent.id);
    write({ name: agent.name, systemPrompt: '', tools: [] });
  }
  const parsed = parseOrchestrationProfile(body, {
    reservedNames: options.reservedNames,
    scriptsEnabled: options.scriptsEnabled,
    localWebhooksEnabled: options.localWebhooksEnabled,
  });
  if (!parsed.ok) errors.push(...parsed.errors);
  if (errors.length || !parsed.ok) throw validationError(errors);
  // a core profile is a stored profile whose slots all hold agents; the references go back in below
  const stored: StoredProfile = parsed.value;
  for (const [path, , write] of agentSlots(stored)) {
    const id = refs.get(path);
    if (id) write({ agentId: id });
  }
  return stored;
}

/** The core Agent for a stored agent: connection and preset by name, as the runtime looks them up. */
export async function coreAgent(storage: Storage, agent: StoredAgent): Promise<Agent> {
  const out: Agent = { name: agent.name, systemPrompt: agent.systemPrompt, tools: [...agent.tools] };
  const connection = agent.connectionId ? await storage.connections.get(agent.connectionId) : undefined;
  const preset = agent.presetId ? await storage.presets.get(agent.presetId) : undefined;
  if (connection) out.connectionName = connection.name;
  if (preset) out.presetName = preset.name;
  return out;
}

/**
 * A stored profile ready to run: references replaced by the stored agents, and agents without a
 * connection given the chat's (`defaultConnection`). A reference to a deleted agent is a 409.
 */
export async function resolveProfile(
  storage: Storage,
  stored: StoredProfile,
  defaultConnection: string | undefined,
  agents: AgentRepository = createAgentRepository(storage.settings),
): Promise<OrchestrationProfile> {
  const resolve = async (slot: AgentSlot, path: string): Promise<Agent> => {
    let agent: Agent;
    if ('agentId' in slot) {
      const found = await agents.get(slot.agentId);
      if (!found) {
        throw new HttpError(
          409,
          `The orchestration profile's ${path} refers to agent "${slot.agentId}", which no longer exists. Edit the profile.`,
          { code: 'missing_agent' },
        );
      }
      agent = await coreAgent(storage, found);
    } else {
      agent = structuredClone(slot);
    }
    return !agent.connectionName && defaultConnection
      ? { ...agent, connectionName: defaultConnection }
      : agent;
  };
  /** Each item with its agent resolved, one after another (the first missing agent is the one reported). */
  const each = async <T extends { agent: AgentSlot }>(items: T[], at: string) => {
    const out: Array<Omit<T, 'agent'> & { agent: Agent }> = [];
    for (const [i, item] of items.entries()) {
      out.push({ ...structuredClone(item), agent: await resolve(item.agent, `${at}.${i}.agent`) });
    }
    return out;
  };
  const { loop, director, spec, agenda, ...rest } = structuredClone(stored);
  const loopAgent = await resolve(loop.agent, 'loop.agent');
  const directorAgent = await resolve(director.agent, 'director.agent');
  const subAgents = await each(director.subAgents, 'director.subAgents');
  const nodes = await each(spec.nodes, 'spec.nodes');
  const planner = await resolve(agenda.planner, 'agenda.planner');
  const agendaAgents = await each(agenda.agents, 'agenda.agents');
  return {
    ...rest,
    loop: { ...loop, agent: loopAgent },
    director: { ...director, agent: directorAgent, subAgents },
    spec: { ...spec, nodes },
    agenda: { ...agenda, planner, agents: agendaAgents },
  };
}

/**
 * The stored global profile (undefined until something is saved), with the parts a profile saved by an older
 * version lacks (modes added since, such as spec and agenda) filled with their defaults.
 */
export async function loadGlobalProfile(storage: Storage): Promise<StoredProfile | undefined> {
  const stored = await storage.settings.get<StoredProfile>(GLOBAL_PROFILE_KEY);
  if (!stored) return undefined;
  const base = defaultOrchestrationProfile();
  return { ...base, ...stored, modes: { ...base.modes, ...stored.modes } };
}
