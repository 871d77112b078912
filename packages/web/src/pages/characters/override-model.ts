// A character's orchestration override as the Characters page edits it (docs/api.md, "Character override"):
// the forms edit a whole profile; what is saved is only what differs from the global profile, with every
// stored-agent reference written out (a card travels to other installations, so `{ agentId }` is refused).
import type {
  Agent,
  AgentSlot,
  Connection,
  OrchestrationProfile,
  Preset,
  ProfileAgent,
  ProfileSubAgent,
} from '../../api/types';

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The override keys that replace the global ones whole (modes, limits and tools merge; see below). */
const REPLACED = ['loop', 'director', 'spec', 'agenda'] as const;

/**
 * The partial profile to store: `mode` always (choosing Override is choosing a mode), then each part that
 * differs from the global profile; per-mode switches and limits key by key, and only the tools that are new or
 * changed (an override adds tools, it cannot remove the global profile's).
 */
export function overrideFrom(
  global: OrchestrationProfile,
  edited: OrchestrationProfile,
): Record<string, unknown> {
  const out: Record<string, unknown> = { mode: edited.mode };
  for (const key of REPLACED) if (!same(global[key], edited[key])) out[key] = edited[key];
  const modes = Object.fromEntries(
    Object.entries(edited.modes).filter(
      ([mode, sw]) => !same(global.modes[mode as keyof typeof global.modes], sw),
    ),
  );
  if (Object.keys(modes).length > 0) out.modes = modes;
  const limits = Object.fromEntries(
    Object.entries(edited.limits).filter(
      ([key, value]) => global.limits[key as keyof typeof global.limits] !== value,
    ),
  );
  if (Object.keys(limits).length > 0) out.limits = limits;
  const tools = edited.tools.filter(
    (t) =>
      !same(
        global.tools.find((g) => g.name === t.name),
        t,
      ),
  );
  if (tools.length > 0) out.tools = tools;
  return out;
}

interface Stored {
  agents: readonly Agent[];
  connections: readonly Connection[];
  presets: readonly Preset[];
}

/** A slot with a stored agent written out (connection and preset by name, as the runtime finds them). */
export function writeOutSlot(slot: AgentSlot, stored: Stored): AgentSlot {
  if (!('agentId' in slot)) return slot;
  const agent = stored.agents.find((a) => a.id === slot.agentId);
  if (!agent) return slot; // the server names the dangling reference
  const out: ProfileAgent = { name: agent.name, systemPrompt: agent.systemPrompt, tools: [...agent.tools] };
  const connection = stored.connections.find((c) => c.id === agent.connectionId);
  if (connection) out.connectionName = connection.name;
  const preset = stored.presets.find((p) => p.id === agent.presetId);
  if (preset) out.presetName = preset.name;
  return out;
}

/** The override with every `{ agentId }` slot written out. */
export function writeOutAgents(override: Record<string, unknown>, stored: Stored): Record<string, unknown> {
  const out = { ...override };
  const sub = (list: ProfileSubAgent[]) => list.map((s) => ({ ...s, agent: writeOutSlot(s.agent, stored) }));
  const p = out as Partial<OrchestrationProfile>;
  if (p.loop) out.loop = { ...p.loop, agent: writeOutSlot(p.loop.agent, stored) };
  if (p.director)
    out.director = {
      ...p.director,
      agent: writeOutSlot(p.director.agent, stored),
      subAgents: sub(p.director.subAgents ?? []),
    };
  if (p.spec)
    out.spec = {
      ...p.spec,
      nodes: (p.spec.nodes ?? []).map((n) => ({ ...n, agent: writeOutSlot(n.agent, stored) })),
    };
  if (p.agenda)
    out.agenda = {
      ...p.agenda,
      planner: writeOutSlot(p.agenda.planner, stored),
      agents: sub(p.agenda.agents ?? []),
    };
  return out;
}

/** The agents a mode runs, by name, as the effective-result line lists them. */
export function modeAgentNames(profile: OrchestrationProfile, agents: readonly Agent[]): string[] {
  const name = (slot: AgentSlot) =>
    'agentId' in slot ? (agents.find((a) => a.id === slot.agentId)?.name ?? slot.agentId) : slot.name;
  switch (profile.mode) {
    case 'loop':
      return [name(profile.loop.agent)];
    case 'director':
      return [name(profile.director.agent), ...profile.director.subAgents.map((s) => s.name)];
    case 'spec':
      return profile.spec.nodes.map((n) => n.name);
    case 'agenda':
      return [name(profile.agenda.planner), ...profile.agenda.agents.map((s) => s.name)];
  }
}
