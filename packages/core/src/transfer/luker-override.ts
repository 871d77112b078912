// A converted Luker profile as a Toolsmith profile override (the shape a card's orchestration override and
// `PUT /api/orchestration` take): the modes it has, their switches and limits. Connection and preset names
// that do not exist here are left out (the agent then uses the chat's), each one said.
import type { Agent, OrchestrationMode } from '../orchestration/types.js';
import type { LukerConversion } from './luker-convert.js';

export interface KnownNames {
  connections?: Iterable<string>;
  presets?: Iterable<string>;
}

export interface LukerOverride {
  /** `{ mode, modes, loop?, director?, spec?, agenda?, limits? }`, without tools */
  override: Record<string, unknown>;
  warnings: string[];
}

const MODES: readonly OrchestrationMode[] = ['loop', 'director', 'spec', 'agenda'];

/** Every agent of the parts, with where it sits (for messages). */
function agentsOf(parts: LukerConversion['profile']): Array<[string, Agent]> {
  const out: Array<[string, Agent]> = [];
  if (parts.loop) out.push(['loop agent', parts.loop.agent]);
  if (parts.director) {
    out.push(['director', parts.director.agent]);
    for (const s of parts.director.subAgents) out.push([`sub-agent ${s.name}`, s.agent]);
  }
  for (const n of parts.spec?.nodes ?? []) out.push([`node ${n.name}`, n.agent]);
  if (parts.agenda) {
    out.push(['planner', parts.agenda.planner]);
    for (const a of parts.agenda.agents) out.push([`agenda agent ${a.name}`, a.agent]);
  }
  return out;
}

export function lukerOverride(conversion: LukerConversion, known: KnownNames = {}): LukerOverride {
  const parts = structuredClone(conversion.profile);
  const warnings: string[] = [];
  const connections = known.connections ? new Set(known.connections) : undefined;
  const presets = known.presets ? new Set(known.presets) : undefined;
  for (const [where, agent] of agentsOf(parts)) {
    if (agent.connectionName && connections && !connections.has(agent.connectionName)) {
      warnings.push(
        `The ${where} used Luker's connection profile "${agent.connectionName}", which is not a connection here; it uses the chat's connection.`,
      );
      delete agent.connectionName;
    }
    if (agent.presetName && presets && !presets.has(agent.presetName)) {
      warnings.push(
        `The ${where} used Luker's preset "${agent.presetName}", which is not a preset here; it runs without one.`,
      );
      delete agent.presetName;
    }
  }
  const override: Record<string, unknown> = { mode: parts.mode, modes: parts.modes };
  for (const mode of MODES) if (parts[mode]) override[mode] = parts[mode];
  if (parts.limits) override.limits = parts.limits;
  return { override, warnings };
}
