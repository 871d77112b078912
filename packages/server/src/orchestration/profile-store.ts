import {
  type Agent,
  defaultOrchestrationProfile,
  type FieldError,
  type OrchestrationProfile,
  parseOrchestrationProfile,
} from '@toolsmith/core';
import { HttpError, validationError } from '../app/http-error.js';
import type { Storage } from '../storage/types.js';
import { type AgentRepository, createAgentRepository, type StoredAgent } from './agent-repository.js';

export const GLOBAL_PROFILE_KEY = 'orchestration/profile';

/** An agent slot of a stored profile: the agent written out, or a reference to a stored agent. */
export type AgentSlot = Agent | { agentId: string };

type WithSlot<T> = Omit<T, 'agent'> & { agent: AgentSlot };

/** The profile as stored and served: the core's profile, where any agent may be `{ agentId }`. */
export type StoredProfile = Omit<OrchestrationProfile, 'loop' | 'director' | 'spec' | 'agenda'> & {
  loop: { agent: AgentSlot };
  director: {
    agent: AgentSlot;
    subAgents: Array<WithSlot<OrchestrationProfile['director']['subAgents'][number]>>;
  };
  spec: { nodes: Array<WithSlot<OrchestrationProfile['spec']['nodes'][number]>> };
  agenda: Omit<OrchestrationProfile['agenda'], 'planner' | 'agents'> & {
    planner: AgentSlot;
    agents: Array<WithSlot<OrchestrationProfile['agenda']['agents'][number]>>;
  };
};

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
const isRef = (v: unknown): v is { agentId: unknown } => isObject(v) && 'agentId' in v;

/**
 * Every agent slot of a profile body (loop, director and its sub-agents, spec nodes, the agenda's planner and
 * agents), as [path, get, set].
 */
export function agentSlots(
  body: Record<string, unknown>,
): Array<[string, () => unknown, (v: unknown) => void]> {
  const out: Array<[string, () => unknown, (v: unknown) => void]> = [];
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
  const stored = parsed.value as unknown as StoredProfile;
  for (const [path, , write] of agentSlots(stored as unknown as Record<string, unknown>)) {
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
  const profile = structuredClone(stored) as unknown as Record<string, unknown>;
  for (const [path, read, write] of agentSlots(profile)) {
    let agent = read() as AgentSlot;
    if ('agentId' in agent) {
      const found = await agents.get(agent.agentId);
      if (!found) {
        throw new HttpError(
          409,
          `The orchestration profile's ${path} refers to agent "${agent.agentId}", which no longer exists. Edit the profile.`,
          { code: 'missing_agent' },
        );
      }
      agent = await coreAgent(storage, found);
    }
    if (!agent.connectionName && defaultConnection) agent = { ...agent, connectionName: defaultConnection };
    write(agent);
  }
  return profile as unknown as OrchestrationProfile;
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
