import { TOOL_NAME_PATTERN } from '../tools/messages.js';
import type { FieldError, ToolDefinition } from '../tools/types.js';
import { type ValidateToolDefinitionOptions, validateToolDefinition } from '../tools/validate-definition.js';
import { ORCHESTRATION_TOOL_NAMES } from './tool-switches.js';
import type {
  Agent,
  ModeToolSwitches,
  OrchestrationLimits,
  OrchestrationMode,
  OrchestrationProfile,
  SubAgentNode,
} from './types.js';

export const ORCHESTRATION_MODES: readonly OrchestrationMode[] = ['loop', 'director'];
export const MAX_SUB_AGENTS = 16;
export const MAX_PROFILE_TOOLS = 100;
const MAX_PROMPT = 50_000;
const NAME_PATTERN = /^[A-Za-z][A-Za-z0-9_-]{0,63}$/;

export const MSG_AGENT_NAME =
  'Agent name must start with a letter and use letters, digits, "_" or "-" (1–64 characters).';

export function defaultAgent(name: string): Agent {
  return { name, systemPrompt: '', tools: [] };
}

/** A profile that offers every tool and has no sub-agents yet. */
export function defaultOrchestrationProfile(): OrchestrationProfile {
  return {
    mode: 'loop',
    tools: [],
    modes: { loop: { custom: true, builtin: true }, director: { custom: true, builtin: true } },
    loop: { agent: defaultAgent('planner') },
    director: { agent: defaultAgent('director'), subAgents: [] },
    limits: {},
  };
}

type Result<T> = { ok: true; value: T } | { ok: false; errors: FieldError[] };

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

class Checker {
  readonly errors: FieldError[] = [];
  add(field: string, message: string): void {
    this.errors.push({ field, message });
  }
  unknownKeys(obj: Record<string, unknown>, allowed: string[], at: string): void {
    for (const key of Object.keys(obj)) {
      if (!allowed.includes(key))
        this.add(join(at, key), `Unknown field "${key}". Allowed: ${allowed.join(', ')}.`);
    }
  }
  string(obj: Record<string, unknown>, key: string, at: string, max: number, fallback = ''): string {
    const v = obj[key];
    if (v === undefined || v === null) return fallback;
    if (typeof v !== 'string') {
      this.add(join(at, key), `${join(at, key)} must be a string.`);
      return fallback;
    }
    if (v.length > max) this.add(join(at, key), `${join(at, key)} must be at most ${max} characters.`);
    return v;
  }
  bool(obj: Record<string, unknown>, key: string, at: string, fallback: boolean): boolean {
    const v = obj[key];
    if (v === undefined) return fallback;
    if (typeof v !== 'boolean') this.add(join(at, key), `${join(at, key)} must be true or false.`);
    return v === true;
  }
  switches(v: unknown, at: string): Record<string, boolean> | undefined {
    if (v === undefined) return undefined;
    if (!isObject(v)) {
      this.add(at, `${at} must be an object of tool name → true/false.`);
      return undefined;
    }
    const out: Record<string, boolean> = {};
    for (const [name, on] of Object.entries(v)) {
      if (!TOOL_NAME_PATTERN.test(name)) this.add(`${at}.${name}`, `"${name}" is not a valid tool name.`);
      else if (typeof on !== 'boolean') this.add(`${at}.${name}`, `${at}.${name} must be true or false.`);
      else out[name] = on;
    }
    return out;
  }
}

const join = (at: string, key: string) => (at ? `${at}.${key}` : key);

/** Checks an agent body (API, card, profile); `at` prefixes field names. */
export function parseAgent(raw: unknown, at = '', extraKeys: string[] = []): Result<Agent> {
  const c = new Checker();
  const agent = agentFrom(c, raw, at, extraKeys);
  return c.errors.length ? { ok: false, errors: c.errors } : { ok: true, value: agent };
}

function agentFrom(c: Checker, raw: unknown, at: string, extraKeys: string[] = []): Agent {
  if (!isObject(raw)) {
    c.add(
      at,
      `${at || 'The agent'} must be an object { name, connectionName, presetName, systemPrompt, tools }.`,
    );
    return defaultAgent('agent');
  }
  c.unknownKeys(raw, ['name', 'connectionName', 'presetName', 'systemPrompt', 'tools', ...extraKeys], at);
  const name = c.string(raw, 'name', at, 64);
  if (!NAME_PATTERN.test(name)) c.add(join(at, 'name'), MSG_AGENT_NAME);
  const tools: string[] = [];
  if (raw.tools !== undefined) {
    if (!Array.isArray(raw.tools) || raw.tools.length > 1000) {
      c.add(join(at, 'tools'), `${join(at, 'tools')} must be a list of tool names (at most 1000).`);
    } else {
      for (const t of raw.tools) {
        if (typeof t !== 'string' || !TOOL_NAME_PATTERN.test(t))
          c.add(join(at, 'tools'), `"${String(t)}" is not a valid tool name.`);
        else if (!tools.includes(t)) tools.push(t);
      }
    }
  }
  const agent: Agent = { name, systemPrompt: c.string(raw, 'systemPrompt', at, MAX_PROMPT), tools };
  const connectionName = c.string(raw, 'connectionName', at, 256);
  const presetName = c.string(raw, 'presetName', at, 256);
  if (connectionName) agent.connectionName = connectionName;
  if (presetName) agent.presetName = presetName;
  return agent;
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
  const int = (key: keyof OrchestrationLimits, min: number, max: number) => {
    const v = raw[key];
    if (v === undefined || v === null) return;
    if (typeof v !== 'number' || !Number.isInteger(v) || v < min || v > max)
      c.add(`limits.${key}`, `limits.${key} must be a whole number from ${min} to ${max}.`);
    else out[key] = v;
  };
  int('maxRounds', 0, 50);
  int('wallClockBudgetMs', 1, 3_600_000);
  int('repeatLimit', 2, 20);
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
  c.unknownKeys(raw, ['mode', 'tools', 'modes', 'loop', 'director', 'limits'], '');
  const base = defaultOrchestrationProfile();
  const mode = raw.mode === undefined ? base.mode : raw.mode;
  if (!ORCHESTRATION_MODES.includes(mode as OrchestrationMode))
    c.add('mode', 'mode must be "loop" or "director".');

  const reserved = new Set([...(options.reservedNames ?? []), ...ORCHESTRATION_TOOL_NAMES]);
  const tools: ToolDefinition[] = [];
  if (raw.tools !== undefined) {
    if (!Array.isArray(raw.tools) || raw.tools.length > MAX_PROFILE_TOOLS) {
      c.add('tools', `tools must be a list of tool definitions (at most ${MAX_PROFILE_TOOLS}).`);
    } else {
      raw.tools.forEach((def, i) => {
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
    if (!isObject(raw.modes)) c.add('modes', 'modes must be an object { loop, director }.');
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
      const subAgents: SubAgentNode[] = [];
      const list = raw.director.subAgents ?? [];
      if (!Array.isArray(list) || list.length > MAX_SUB_AGENTS) {
        c.add('director.subAgents', `director.subAgents must be a list (at most ${MAX_SUB_AGENTS}).`);
      } else {
        list.forEach((rawSub, i) => {
          const at = `director.subAgents.${i}`;
          if (!isObject(rawSub)) {
            c.add(at, `${at} must be an object { name, description, agent, toolOverrides }.`);
            return;
          }
          c.unknownKeys(rawSub, ['name', 'description', 'agent', 'toolOverrides'], at);
          const name = c.string(rawSub, 'name', at, 64);
          if (!NAME_PATTERN.test(name)) c.add(`${at}.name`, MSG_AGENT_NAME);
          else if (subAgents.some((s) => s.name === name))
            c.add(`${at}.name`, `A sub-agent named "${name}" already exists.`);
          const sub: SubAgentNode = {
            name,
            agent: agentFrom(c, rawSub.agent ?? { name }, `${at}.agent`),
          };
          const description = c.string(rawSub, 'description', at, 2000);
          if (description) sub.description = description;
          const overrides = c.switches(rawSub.toolOverrides, `${at}.toolOverrides`);
          if (overrides) sub.toolOverrides = overrides;
          subAgents.push(sub);
        });
      }
      director = { agent, subAgents };
    }
  }
  if (mode === 'director' && director.subAgents.length === 0)
    c.add('director.subAgents', 'Director mode needs at least one sub-agent.');

  const limits = limitsFrom(c, raw.limits);
  if (c.errors.length) return { ok: false, errors: c.errors };
  return { ok: true, value: { mode: mode as OrchestrationMode, tools, modes, loop, director, limits } };
}
