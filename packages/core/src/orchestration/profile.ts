import { normalizeParametersSchema } from '../tools/parameters-schema.js';
import type { ToolDefinition } from '../tools/types.js';
import { type ValidateToolDefinitionOptions, validateToolDefinition } from '../tools/validate-definition.js';
import { ORCHESTRATION_MODES } from './modes.js';
import { agentFrom, Checker, defaultAgent, isObject, type Result, subAgentsFrom } from './profile-checker.js';
import { agendaFrom, defaultAgenda, defaultSpec, specFrom } from './profile-modes.js';
import { ORCHESTRATION_TOOL_NAMES } from './tool-switches.js';
import type {
  ModeToolSwitches,
  OrchestrationLimits,
  OrchestrationMode,
  OrchestrationProfile,
} from './types.js';

export { ORCHESTRATION_MODES } from './modes.js';
export { defaultAgent, MSG_AGENT_NAME, parseAgent } from './profile-checker.js';

export const MAX_SUB_AGENTS = 16;
export const MAX_PROFILE_TOOLS = 100;

/** A profile that offers every tool and has no sub-agents yet. */
export function defaultOrchestrationProfile(): OrchestrationProfile {
  return {
    mode: 'loop',
    tools: [],
    modes: {
      loop: { custom: true, builtin: true },
      director: { custom: true, builtin: true },
      spec: { custom: true, builtin: true },
      agenda: { custom: true, builtin: true },
    },
    loop: { agent: defaultAgent('planner') },
    director: { agent: defaultAgent('director'), subAgents: [] },
    spec: defaultSpec(),
    agenda: defaultAgenda(),
    limits: {},
  };
}

function modeSwitches(c: Checker, raw: unknown, at: string): ModeToolSwitches {
  if (raw === undefined) return { custom: true, builtin: true };
  if (!isObject(raw)) {
    c.add(at, `${at} must be an object { custom, builtin, tools }.`);
    return { custom: true, builtin: true };
  }
  c.unknownKeys(raw, ['custom', 'builtin', 'tools'], at);
  const out: ModeToolSwitches = {
    custom: c.bool(raw, 'custom', at, true),
    builtin: c.bool(raw, 'builtin', at, true),
  };
  const tools = c.switches(raw.tools, `${at}.tools`);
  if (tools) out.tools = tools;
  return out;
}

function limitsFrom(c: Checker, raw: unknown): OrchestrationLimits {
  if (raw === undefined) return {};
  if (!isObject(raw)) {
    c.add('limits', 'limits must be an object { maxRounds, wallClockBudgetMs, repeatLimit }.');
    return {};
  }
  c.unknownKeys(raw, ['maxRounds', 'wallClockBudgetMs', 'repeatLimit'], 'limits');
  const out: OrchestrationLimits = {};
  const maxRounds = c.int(raw, 'maxRounds', 'limits', 0, 50);
  const wallClockBudgetMs = c.int(raw, 'wallClockBudgetMs', 'limits', 1, 3_600_000);
  const repeatLimit = c.int(raw, 'repeatLimit', 'limits', 2, 20);
  if (maxRounds !== undefined) out.maxRounds = maxRounds;
  if (wallClockBudgetMs !== undefined) out.wallClockBudgetMs = wallClockBudgetMs;
  if (repeatLimit !== undefined) out.repeatLimit = repeatLimit;
  return out;
}

export interface ParseProfileOptions
  extends Pick<ValidateToolDefinitionOptions, 'scriptsEnabled' | 'localWebhooksEnabled'> {
  /** builtin names the profile's custom tools may not take */
  reservedNames?: Iterable<string>;
}

/**
 * Checks a whole profile (PUT body, a card's override) and fills defaults. Every problem is listed at
 * once with a dotted field path (`director.subAgents.0.agent.name`).
 */
export function parseOrchestrationProfile(
  raw: unknown,
  options: ParseProfileOptions = {},
): Result<OrchestrationProfile> {
  const c = new Checker();
  if (!isObject(raw))
    return { ok: false, errors: [{ field: '', message: 'The profile must be an object.' }] };
  c.unknownKeys(raw, ['mode', 'tools', 'modes', 'loop', 'director', 'spec', 'agenda', 'limits'], '');
  const base = defaultOrchestrationProfile();
  const mode = raw.mode === undefined ? base.mode : raw.mode;
  if (!ORCHESTRATION_MODES.includes(mode as OrchestrationMode))
    c.add('mode', 'mode must be "loop", "director", "spec" or "agenda".');

  const reserved = new Set([...(options.reservedNames ?? []), ...ORCHESTRATION_TOOL_NAMES]);
  const tools: ToolDefinition[] = [];
  if (raw.tools !== undefined) {
    if (!Array.isArray(raw.tools) || raw.tools.length > MAX_PROFILE_TOOLS) {
      c.add('tools', `tools must be a list of tool definitions (at most ${MAX_PROFILE_TOOLS}).`);
    } else {
      raw.tools.forEach((rawDef, i) => {
        // `{}` and a schema without `type` are the empty object schema (Marinara's and Luker's reading)
        const def = isObject(rawDef)
          ? { ...rawDef, parameters: normalizeParametersSchema(rawDef.parameters) }
          : rawDef;
        const checked = validateToolDefinition(def, {
          reservedNames: reserved,
          existingNames: tools.map((t) => t.name),
          scriptsEnabled: options.scriptsEnabled ?? true,
          localWebhooksEnabled: options.localWebhooksEnabled,
        });
        if (!checked.ok) for (const e of checked.errors) c.add(`tools.${i}.${e.field}`, e.message);
        else {
          const d = def as ToolDefinition;
          if (d.kind === 'native')
            c.add(`tools.${i}.kind`, 'Profile tools are script, static or webhook tools.');
          else tools.push({ ...d, enabled: d.enabled !== false });
        }
      });
    }
  }

  const modes = { ...base.modes };
  if (raw.modes !== undefined) {
    if (!isObject(raw.modes)) c.add('modes', 'modes must be an object { loop, director, spec, agenda }.');
    else {
      c.unknownKeys(raw.modes, [...ORCHESTRATION_MODES], 'modes');
      for (const m of ORCHESTRATION_MODES) modes[m] = modeSwitches(c, raw.modes[m], `modes.${m}`);
    }
  }

  let loop = base.loop;
  if (raw.loop !== undefined) {
    if (!isObject(raw.loop)) c.add('loop', 'loop must be an object { agent }.');
    else {
      c.unknownKeys(raw.loop, ['agent'], 'loop');
      loop = { agent: agentFrom(c, raw.loop.agent, 'loop.agent') };
    }
  }

  let director = base.director;
  if (raw.director !== undefined) {
    if (!isObject(raw.director)) c.add('director', 'director must be an object { agent, subAgents }.');
    else {
      c.unknownKeys(raw.director, ['agent', 'subAgents'], 'director');
      const agent =
        raw.director.agent === undefined
          ? base.director.agent
          : agentFrom(c, raw.director.agent, 'director.agent');
      const subAgents = subAgentsFrom(
        c,
        raw.director.subAgents,
        'director.subAgents',
        MAX_SUB_AGENTS,
        'sub-agent',
      );
      director = { agent, subAgents };
    }
  }
  const spec = specFrom(c, raw.spec);
  const agenda = agendaFrom(c, raw.agenda);
  const missing = modeReadiness({ director, spec, agenda }, mode as OrchestrationMode);
  if (missing) c.add(missing.field, missing.message);

  const limits = limitsFrom(c, raw.limits);
  if (c.errors.length) return { ok: false, errors: c.errors };
  return {
    ok: true,
    value: { mode: mode as OrchestrationMode, tools, modes, loop, director, spec, agenda, limits },
  };
}

/**
 * What a mode lacks before it can run (director without sub-agents, spec without nodes, agenda without
 * agents), with the field to fill and the error code a run reports; undefined when it can run.
 */
export function modeReadiness(
  profile: Pick<OrchestrationProfile, 'director' | 'spec' | 'agenda'>,
  mode: OrchestrationMode,
): { field: string; message: string; code: string } | undefined {
  if (mode === 'director' && profile.director.subAgents.length === 0)
    return {
      field: 'director.subAgents',
      message: 'Director mode needs at least one sub-agent.',
      code: 'no_sub_agents',
    };
  if (mode === 'spec' && profile.spec.nodes.length === 0)
    return { field: 'spec.nodes', message: 'Spec mode needs at least one node.', code: 'no_spec_nodes' };
  if (mode === 'agenda' && profile.agenda.agents.length === 0)
    return {
      field: 'agenda.agents',
      message: 'Agenda mode needs at least one agent to assign items to.',
      code: 'no_agenda_agents',
    };
  return undefined;
}
