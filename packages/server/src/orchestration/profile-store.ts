import {
  type Agent,
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

/** The profile as stored and served: the core's profile, where any agent may be `{ agentId }`. */
export type StoredProfile = Omit<OrchestrationProfile, 'loop' | 'director'> & {
  loop: { agent: AgentSlot };
  director: {
    agent: AgentSlot;
    subAgents: Array<
      Omit<OrchestrationProfile['director']['subAgents'][number], 'agent'> & { agent: AgentSlot }
    >;
  };
};

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
const isRef = (v: unknown): v is { agentId: unknown } => isObject(v) && 'agentId' in v;

/** The slots of a profile body, as [path, get, set]. */
function slots(body: Record<string, unknown>): Array<[string, () => unknown, (v: unknown) => void]> {
  const out: Array<[string, () => unknown, (v: unknown) => void]> = [];
  const slot = (path: string, holder: unknown) => {
    if (isObject(holder) && holder.agent !== undefined) {
      out.push([path, () => holder.agent, (v) => (holder.agent = v)]);
    }
  };
  slot('loop.agent', body.loop);
  slot('director.agent', body.director);
  const subs = isObject(body.director) ? body.director.subAgents : undefined;
  if (Array.isArray(subs)) {
    subs.forEach((s, i) => {
      slot(`director.subAgents.${i}.agent`, s);
    });
  }
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
  for (const [path, read, write] of slots(body)) {
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
  for (const [path, , write] of slots(stored as unknown as Record<string, unknown>)) {
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
  for (const [path, read, write] of slots(profile)) {
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

/** The stored global profile (the default one until something is saved). */
export async function loadGlobalProfile(storage: Storage): Promise<StoredProfile | undefined> {
  return storage.settings.get<StoredProfile>(GLOBAL_PROFILE_KEY);
}
