// The pieces every part of a profile is checked with: a collector of field errors, agents, sub-agent lists.
import { TOOL_NAME_PATTERN } from '../tools/messages.js';
import type { FieldError } from '../tools/types.js';
import type { Agent, SubAgentNode } from './types.js';

export const MAX_PROMPT = 50_000;
export const NAME_PATTERN = /^[A-Za-z][A-Za-z0-9_-]{0,63}$/;
export const MSG_AGENT_NAME =
  'Agent name must start with a letter and use letters, digits, "_" or "-" (1–64 characters).';

export type Result<T> = { ok: true; value: T } | { ok: false; errors: FieldError[] };

export const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

export const join = (at: string, key: string) => (at ? `${at}.${key}` : key);

export function defaultAgent(name: string): Agent {
  return { name, systemPrompt: '', tools: [] };
}

/** Collects every problem of a body with its dotted field path. */
export class Checker {
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
  /** A whole number in [min, max], or undefined when absent. */
  int(obj: Record<string, unknown>, key: string, at: string, min: number, max: number): number | undefined {
    const v = obj[key];
    if (v === undefined || v === null) return undefined;
    if (typeof v !== 'number' || !Number.isInteger(v) || v < min || v > max) {
      this.add(join(at, key), `${join(at, key)} must be a whole number from ${min} to ${max}.`);
      return undefined;
    }
    return v;
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

/** Checks an agent body (API, card, profile); `at` prefixes field names. */
export function parseAgent(raw: unknown, at = '', extraKeys: string[] = []): Result<Agent> {
  const c = new Checker();
  const agent = agentFrom(c, raw, at, extraKeys);
  return c.errors.length ? { ok: false, errors: c.errors } : { ok: true, value: agent };
}

export function agentFrom(c: Checker, raw: unknown, at: string, extraKeys: string[] = []): Agent {
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

/**
 * A list of named agents with tool overrides (director sub-agents, agenda agents). Names are unique in the
 * list; `what` names one entry in messages ("sub-agent", "agent").
 */
export function subAgentsFrom(
  c: Checker,
  raw: unknown,
  at: string,
  max: number,
  what: string,
): SubAgentNode[] {
  const out: SubAgentNode[] = [];
  const list = raw ?? [];
  if (!Array.isArray(list) || list.length > max) {
    c.add(at, `${at} must be a list (at most ${max}).`);
    return out;
  }
  list.forEach((rawSub, i) => {
    const path = `${at}.${i}`;
    if (!isObject(rawSub)) {
      c.add(path, `${path} must be an object { name, description, agent, toolOverrides }.`);
      return;
    }
    c.unknownKeys(rawSub, ['name', 'description', 'agent', 'toolOverrides'], path);
    const name = c.string(rawSub, 'name', path, 64);
    if (!NAME_PATTERN.test(name)) c.add(`${path}.name`, MSG_AGENT_NAME);
    else if (out.some((s) => s.name === name))
      c.add(`${path}.name`, `A ${what} named "${name}" already exists.`);
    const sub: SubAgentNode = { name, agent: agentFrom(c, rawSub.agent ?? { name }, `${path}.agent`) };
    const description = c.string(rawSub, 'description', path, 2000);
    if (description) sub.description = description;
    const overrides = c.switches(rawSub.toolOverrides, `${path}.toolOverrides`);
    if (overrides) sub.toolOverrides = overrides;
    out.push(sub);
  });
  return out;
}
