// The spec and agenda parts of a profile: checked, with defaults filled.
import {
  agentFrom,
  type Checker,
  defaultAgent,
  isObject,
  MAX_PROMPT,
  MSG_AGENT_NAME,
  NAME_PATTERN,
  subAgentsFrom,
} from './profile-checker.js';
import { checkSpecGraph } from './spec-graph.js';
import type { AgendaConfig, SpecConfig, SpecNode } from './types.js';

export const MAX_SPEC_NODES = 32;
export const MAX_AGENDA_AGENTS = 16;
export const DEFAULT_AGENDA_MAX_ITEMS = 20;
export const DEFAULT_AGENDA_MAX_ASSIGNMENTS = 20;
const MAX_ITEM_TEXT = 2000;

export function defaultSpec(): SpecConfig {
  return { nodes: [] };
}

export function defaultAgenda(): AgendaConfig {
  return { planner: defaultAgent('planner'), agents: [], items: [] };
}

export function specFrom(c: Checker, raw: unknown): SpecConfig {
  if (raw === undefined) return defaultSpec();
  if (!isObject(raw)) {
    c.add('spec', 'spec must be an object { nodes }.');
    return defaultSpec();
  }
  c.unknownKeys(raw, ['nodes'], 'spec');
  const list = raw.nodes ?? [];
  if (!Array.isArray(list) || list.length > MAX_SPEC_NODES) {
    c.add('spec.nodes', `spec.nodes must be a list (at most ${MAX_SPEC_NODES}).`);
    return defaultSpec();
  }
  const nodes: SpecNode[] = [];
  list.forEach((rawNode, i) => {
    const at = `spec.nodes.${i}`;
    if (!isObject(rawNode)) {
      c.add(at, `${at} must be an object { name, task, agent, inputs, toolOverrides }.`);
      return;
    }
    c.unknownKeys(rawNode, ['name', 'task', 'agent', 'inputs', 'toolOverrides'], at);
    const name = c.string(rawNode, 'name', at, 64);
    if (!NAME_PATTERN.test(name)) c.add(`${at}.name`, MSG_AGENT_NAME);
    else if (nodes.some((n) => n.name === name))
      c.add(`${at}.name`, `A node named "${name}" already exists.`);
    const inputs: string[] = [];
    if (rawNode.inputs !== undefined) {
      if (!Array.isArray(rawNode.inputs) || rawNode.inputs.some((x) => typeof x !== 'string'))
        c.add(`${at}.inputs`, `${at}.inputs must be a list of node names.`);
      else for (const input of rawNode.inputs as string[]) if (!inputs.includes(input)) inputs.push(input);
    }
    const node: SpecNode = { name, agent: agentFrom(c, rawNode.agent ?? { name }, `${at}.agent`), inputs };
    const task = c.string(rawNode, 'task', at, MAX_PROMPT);
    if (task) node.task = task;
    const overrides = c.switches(rawNode.toolOverrides, `${at}.toolOverrides`);
    if (overrides) node.toolOverrides = overrides;
    nodes.push(node);
  });
  // the graph is only checked once every node has a usable name (else the messages would mislead)
  if (nodes.length === list.length && nodes.every((n) => NAME_PATTERN.test(n.name))) {
    const graph = checkSpecGraph(nodes);
    if (!graph.ok) for (const e of graph.errors) c.add(e.field, e.message);
  }
  return { nodes };
}

export function agendaFrom(c: Checker, raw: unknown): AgendaConfig {
  if (raw === undefined) return defaultAgenda();
  if (!isObject(raw)) {
    c.add('agenda', 'agenda must be an object { planner, agents, items, maxItems, maxAssignments }.');
    return defaultAgenda();
  }
  c.unknownKeys(raw, ['planner', 'agents', 'items', 'maxItems', 'maxAssignments'], 'agenda');
  const planner =
    raw.planner === undefined ? defaultAgent('planner') : agentFrom(c, raw.planner, 'agenda.planner');
  const agents = subAgentsFrom(c, raw.agents, 'agenda.agents', MAX_AGENDA_AGENTS, 'agenda agent');
  const maxItems = c.int(raw, 'maxItems', 'agenda', 1, 100);
  const maxAssignments = c.int(raw, 'maxAssignments', 'agenda', 1, 100);
  const items: string[] = [];
  if (raw.items !== undefined) {
    if (!Array.isArray(raw.items)) c.add('agenda.items', 'agenda.items must be a list of texts.');
    else
      raw.items.forEach((item, i) => {
        if (typeof item !== 'string' || item.trim() === '' || item.length > MAX_ITEM_TEXT)
          c.add(`agenda.items.${i}`, `agenda.items.${i} must be a text of 1–${MAX_ITEM_TEXT} characters.`);
        else items.push(item);
      });
  }
  const limit = maxItems ?? DEFAULT_AGENDA_MAX_ITEMS;
  if (items.length > limit)
    c.add('agenda.items', `agenda.items holds ${items.length} items; agenda.maxItems allows ${limit}.`);
  const out: AgendaConfig = { planner, agents, items };
  if (maxItems !== undefined) out.maxItems = maxItems;
  if (maxAssignments !== undefined) out.maxAssignments = maxAssignments;
  return out;
}
