// Luker's orchestrator profiles as Toolsmith profile parts: each mode with its agents, nodes and limits, the
// per-tool switches Luker keeps outside its tools as mode switches and per-node overrides, and a list of what
// has no counterpart here. Pure: the caller decides where the parts go (the global profile, a card's override).
import { MAX_PROMPT } from '../orchestration/profile-checker.js';
import type {
  AgendaConfig,
  Agent,
  ModeToolSwitches,
  OrchestrationLimits,
  OrchestrationMode,
  SpecNode,
  SubAgentNode,
} from '../orchestration/types.js';
import type { ToolDefinition } from '../tools/types.js';
import {
  LUKER_BUILTIN_EQUIVALENTS,
  offeredAlwaysOn,
  offeredByDirector,
  offeredOptIn,
  profileDefaultTools,
  resolveFlags,
} from './luker-flags.js';
import { type LukerDocument, type LukerPayload, readLukerDocument } from './luker-read.js';
import { lukerToolDefinition } from './luker-tool.js';

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown): string => (typeof value === 'string' ? value : '');

const MAX_NODES = 32;
const MAX_AGENTS = 16;

/** The profile parts a Luker document describes (a partial profile: the modes it has). */
export interface LukerProfileParts {
  mode: OrchestrationMode;
  /** Luker's custom tools, `enabled` = switched on in the document's mode (else in the mode they came with) */
  tools: ToolDefinition[];
  modes: Partial<Record<OrchestrationMode, ModeToolSwitches>>;
  loop?: { agent: Agent };
  director?: { agent: Agent; subAgents: SubAgentNode[] };
  spec?: { nodes: SpecNode[] };
  agenda?: AgendaConfig;
  limits?: OrchestrationLimits;
}

export interface LukerConversion {
  /** `luker_orchestrator_profile_vN` or `luker_card` */
  format: string;
  mode: OrchestrationMode;
  profile: LukerProfileParts;
  /** what did not carry over, for the user to read */
  warnings: string[];
}

/** Which tools an agent is offered, by Luker's rules for its mode. */
type Offered = (name: string) => boolean;

interface ModeResult {
  switches: ModeToolSwitches;
  /** the mode's top agent (loop agent, director, node default, planner default) */
  offered: Offered;
  limits: OrchestrationLimits;
}

class Names {
  private readonly used = new Set<string>();
  /** A unique agent/node name (letters, digits, `_`, `-`; a letter first) from Luker's id. */
  take(raw: unknown, fallback: string): string {
    let base = text(raw)
      .trim()
      .replace(/[^A-Za-z0-9_-]/g, '_')
      .slice(0, 56);
    if (!/^[A-Za-z]/.test(base)) base = base ? `n_${base}`.slice(0, 56) : fallback;
    let name = base;
    for (let i = 2; this.used.has(name); i++) name = `${base}_${i}`;
    this.used.add(name);
    return name;
  }
}

const clamp = (value: unknown, min: number, max: number): number | undefined =>
  typeof value === 'number' && Number.isFinite(value)
    ? Math.min(max, Math.max(min, Math.floor(value)))
    : undefined;

function prompt(parts: unknown[], where: string, warnings: string[]): string {
  const joined = parts
    .map(text)
    .filter((p) => p.trim() !== '')
    .join('\n\n');
  if (joined.length <= MAX_PROMPT) return joined;
  warnings.push(`${where}: the prompt was cut to ${MAX_PROMPT} characters.`);
  return joined.slice(0, MAX_PROMPT);
}

/** Luker's `apiPresetName` (a connection profile) and `promptPresetName` (a chat-completion preset). */
function agent(name: string, raw: Json, systemPrompt: string): Agent {
  const out: Agent = { name, systemPrompt, tools: [] };
  const connection = text(raw.apiPresetName).trim();
  const preset = text(raw.promptPresetName).trim();
  if (connection) out.connectionName = connection;
  if (preset) out.presetName = preset;
  return out;
}

/** A mode's switches: Luker's tools it does not offer (and Luker's search tools, by their names here) off. */
function modeSwitches(names: readonly string[], offered: Offered): ModeToolSwitches {
  const tools: Record<string, boolean> = {};
  for (const name of names) if (!offered(name)) tools[name] = false;
  for (const [luker, ours] of Object.entries(LUKER_BUILTIN_EQUIVALENTS))
    if (!offered(luker)) tools[ours] = false;
  return { custom: true, builtin: true, ...(Object.keys(tools).length ? { tools } : {}) };
}

/** A node's overrides: where it differs from its mode's default (either way). */
function overrides(
  names: readonly string[],
  node: Offered,
  mode: Offered,
): Record<string, boolean> | undefined {
  const out: Record<string, boolean> = {};
  for (const name of [...names, ...Object.keys(LUKER_BUILTIN_EQUIVALENTS)]) {
    if (node(name) === mode(name)) continue;
    // own keys only: a tool named `constructor` must not find Object.prototype's function
    out[Object.hasOwn(LUKER_BUILTIN_EQUIVALENTS, name) ? LUKER_BUILTIN_EQUIVALENTS[name] : name] = node(name);
  }
  return Object.keys(out).length ? out : undefined;
}

/** Only the tools a payload itself carries are offered in its mode (Luker keeps tools per preset). */
const within =
  (own: ReadonlySet<string>, rule: Offered): Offered =>
  (name) =>
    (own.has(name) || name in LUKER_BUILTIN_EQUIVALENTS) && rule(name);

function customToolsOf(p: LukerPayload): Json[] {
  const holder = p.mode === 'spec' && isObject(p.body.spec) ? p.body.spec : p.body;
  return Array.isArray(holder.customTools) ? holder.customTools.filter(isObject) : [];
}

function convertLoop(
  p: LukerPayload,
  names: readonly string[],
  own: Set<string>,
  out: LukerProfileParts,
  w: string[],
): ModeResult {
  const body = p.body;
  const offered = within(own, (n) => offeredAlwaysOn(body.tools, n));
  out.loop = { agent: agent('loop', body, prompt([body.system_prompt], 'Loop agent', w)) };
  if (isObject(body.capsule_inject))
    w.push(
      'Loop: the result placement (capsule_inject) does not carry over; notes go before the history as a system message.',
    );
  const limits: OrchestrationLimits = {};
  const maxRounds = clamp(body.max_rounds, 0, 50);
  const budget = clamp(body.wall_clock_budget_ms, 1, 3_600_000);
  if (maxRounds !== undefined) limits.maxRounds = maxRounds;
  if (budget !== undefined) limits.wallClockBudgetMs = budget;
  return { switches: modeSwitches(names, offered), offered, limits };
}

function convertDirector(
  p: LukerPayload,
  names: readonly string[],
  own: Set<string>,
  out: LukerProfileParts,
  w: string[],
): ModeResult {
  const body = p.body;
  const main = isObject(body.mainAgent) ? body.mainAgent : {};
  const offered = within(own, (n) => offeredByDirector(resolveFlags(main.tools, body.tools), n));
  const used = new Names();
  used.take('director', 'director');
  const rawSubs = (Array.isArray(body.subAgents) ? body.subAgents : [])
    .filter(isObject)
    .filter((s) => text(s.id).trim() && text(s.systemPrompt).trim());
  if (rawSubs.length > MAX_AGENTS)
    w.push(`Director: only the first ${MAX_AGENTS} of ${rawSubs.length} sub-agents were kept.`);
  const subAgents: SubAgentNode[] = rawSubs.slice(0, MAX_AGENTS).map((s) => {
    const name = used.take(s.id, 'sub_agent');
    const sub: SubAgentNode = {
      name,
      agent: agent(name, s, prompt([s.systemPrompt], `Sub-agent ${name}`, w)),
    };
    const description = text(s.description).trim().slice(0, 2000);
    if (description) sub.description = description;
    const subOffered = within(own, (n) => offeredByDirector(resolveFlags(s.tools, body.tools), n));
    const toolOverrides = overrides(names, subOffered, offered);
    if (toolOverrides) sub.toolOverrides = toolOverrides;
    if (typeof s.maxRounds === 'number')
      w.push(
        `Director: sub-agent ${name}'s own round limit (${s.maxRounds}) does not carry over; the profile's applies.`,
      );
    return sub;
  });
  out.director = {
    agent: agent('director', main, prompt([main.systemPrompt], 'Director', w)),
    subAgents,
  };
  const dropped = ['maxConcurrentSubagents', 'maxTotalSubagentRuns', 'discardOnAbort'].filter(
    (k) => body[k] !== undefined,
  );
  if (dropped.length) w.push(`Director: ${dropped.join(', ')} have no counterpart here and were left out.`);
  const maxRounds = clamp(body.maxRounds, 0, 50);
  return {
    switches: modeSwitches(names, offered),
    offered,
    limits: maxRounds === undefined ? {} : { maxRounds },
  };
}

function convertSpec(
  p: LukerPayload,
  names: readonly string[],
  own: Set<string>,
  out: LukerProfileParts,
  w: string[],
): ModeResult {
  const spec = isObject(p.body.spec) ? p.body.spec : {};
  const presets = isObject(p.body.presets) ? p.body.presets : {};
  const defaults = profileDefaultTools(spec);
  const offered = within(own, (n) => offeredOptIn(defaults, n));
  const used = new Names();
  const nodes: SpecNode[] = [];
  let previousStage: string[] = [];
  let reviews = 0;
  let templates = 0;
  for (const stage of Array.isArray(spec.stages) ? spec.stages.filter(isObject) : []) {
    const serial = text(stage.mode).toLowerCase() !== 'parallel';
    const thisStage: string[] = [];
    for (const raw of Array.isArray(stage.nodes) ? stage.nodes : []) {
      const node: Json = typeof raw === 'string' ? { id: raw, preset: raw } : isObject(raw) ? raw : {};
      const id = text(node.id) || text(node.node) || text(node.preset);
      if (!id.trim() || nodes.length >= MAX_NODES) continue;
      const preset = isObject(presets[text(node.preset) || id])
        ? (presets[text(node.preset) || id] as Json)
        : {};
      const name = used.take(id, 'node');
      const task = text(node.userPromptTemplate) || text(preset.userPromptTemplate);
      if (task.trim()) templates++;
      if (text(node.type).toLowerCase() === 'review') reviews++;
      const specNode: SpecNode = {
        name,
        agent: agent(name, preset, prompt([preset.systemPrompt], `Node ${name}`, w)),
        inputs: serial ? [...previousStage, ...thisStage] : [...previousStage],
      };
      if (task.trim()) specNode.task = task.slice(0, MAX_PROMPT);
      const nodeOffered = within(own, (n) => offeredOptIn(resolveFlags(node.tools, defaults), n));
      const toolOverrides = overrides(names, nodeOffered, offered);
      if (toolOverrides) specNode.toolOverrides = toolOverrides;
      nodes.push(specNode);
      thisStage.push(name);
    }
    if (thisStage.length) previousStage = thisStage;
  }
  const total = (Array.isArray(spec.stages) ? spec.stages.filter(isObject) : []).reduce(
    (n, s) => n + (Array.isArray(s.nodes) ? s.nodes.length : 0),
    0,
  );
  if (total > MAX_NODES) w.push(`Spec: only the first ${MAX_NODES} of ${total} nodes were kept.`);
  if (reviews)
    w.push(
      `Spec: ${reviews} review node(s) run as ordinary nodes here (no approve / rerun of the layer before).`,
    );
  if (templates)
    w.push(
      "Spec: user prompt templates became node tasks; Luker's {{recent_chat}}, {{last_user}}, {{previous_outputs}} and {{distiller}} are not filled in (a node reads the chat and its inputs).",
    );
  w.push(
    'Spec: stages became dependencies — each node reads the nodes of the stage before it (a serial stage also the ones before it in the stage).',
  );
  out.spec = { nodes };
  return { switches: modeSwitches(names, offered), offered, limits: {} };
}

function convertAgenda(
  p: LukerPayload,
  names: readonly string[],
  own: Set<string>,
  out: LukerProfileParts,
  w: string[],
): ModeResult {
  const body = p.body;
  const defaults = profileDefaultTools(body);
  const offered = within(own, (n) => offeredOptIn(defaults, n));
  const planner = isObject(body.planner) ? body.planner : {};
  const used = new Names();
  const entries = Object.entries(isObject(body.agents) ? body.agents : {}).filter((e): e is [string, Json] =>
    isObject(e[1]),
  );
  if (entries.length > MAX_AGENTS)
    w.push(`Agenda: only the first ${MAX_AGENTS} of ${entries.length} agents were kept.`);
  const agents: SubAgentNode[] = entries.slice(0, MAX_AGENTS).map(([id, raw]) => {
    const name = used.take(id, 'agent');
    const system = prompt([raw.systemPrompt, raw.userPromptTemplate], `Agenda agent ${name}`, w);
    const sub: SubAgentNode = { name, agent: agent(name, raw, system) };
    const description = text(raw.systemPrompt).trim().split('\n')[0].slice(0, 300);
    if (description) sub.description = description;
    const agentOffered = within(own, (n) => offeredOptIn(resolveFlags(raw.tools, defaults), n));
    const toolOverrides = overrides(names, agentOffered, offered);
    if (toolOverrides) sub.toolOverrides = toolOverrides;
    return sub;
  });
  const limits = isObject(body.limits) ? body.limits : body;
  const agenda: AgendaConfig = {
    planner: agent(
      'planner',
      planner,
      prompt([planner.systemPrompt, planner.userPromptTemplate], 'Planner', w),
    ),
    agents,
    items: [],
  };
  const maxAssignments = clamp(limits.maxTotalRuns, 1, 100);
  if (maxAssignments !== undefined) agenda.maxAssignments = maxAssignments;
  out.agenda = agenda;
  if (text(body.finalAgentId))
    w.push(
      `Agenda: the final agent (${text(body.finalAgentId)}) has no special role here; the planner assigns it like the others and writes the guidance.`,
    );
  if (limits.maxConcurrentAgents !== undefined)
    w.push('Agenda: maxConcurrentAgents has no counterpart here; assigned agents run one at a time.');
  const maxRounds = clamp(limits.plannerMaxRounds, 0, 50);
  return {
    switches: modeSwitches(names, offered),
    offered,
    limits: maxRounds === undefined ? {} : { maxRounds },
  };
}

const CONVERTERS = { loop: convertLoop, director: convertDirector, spec: convertSpec, agenda: convertAgenda };

/** Converts a document `readLukerDocument` found. */
export function convertLukerDocument(doc: LukerDocument): LukerConversion {
  const warnings: string[] = [];
  const raws = new Map<string, { raw: Json; mode: OrchestrationMode }>();
  const ownByPayload = doc.payloads.map((p) => {
    const own = new Set<string>();
    for (const raw of customToolsOf(p)) {
      const name = text(raw.name);
      if (!name) continue;
      own.add(name);
      const seen = raws.get(name);
      if (!seen) raws.set(name, { raw, mode: p.mode });
      else if (text(seen.raw.body) !== text(raw.body))
        warnings.push(
          `Tool ${name}: the ${seen.mode} and ${p.mode} presets hold different versions; the ${seen.mode} one was kept.`,
        );
    }
    return own;
  });
  const names = [...raws.keys()];
  const profile: LukerProfileParts = { mode: doc.mode, tools: [], modes: {} };
  const offeredIn = new Map<OrchestrationMode, Offered>();
  doc.payloads.forEach((p, i) => {
    const result = CONVERTERS[p.mode](p, names, ownByPayload[i], profile, warnings);
    profile.modes[p.mode] = result.switches;
    offeredIn.set(p.mode, result.offered);
    if (p.mode === doc.mode && Object.keys(result.limits).length) profile.limits = result.limits;
  });
  for (const [name, { raw, mode }] of raws) {
    const main = offeredIn.get(doc.mode);
    const ownMain = ownByPayload[doc.payloads.findIndex((p) => p.mode === doc.mode)]?.has(name);
    const on = ownMain && main ? main(name) : (offeredIn.get(mode)?.(name) ?? true);
    profile.tools.push(lukerToolDefinition(raw, on));
  }
  if (doc.payloads.some((p) => isObject(p.body.skills)))
    warnings.push('Skills (skills.visible / skills.deny) have no counterpart here and were left out.');
  return { format: doc.format, mode: doc.mode, profile, warnings: [...new Set(warnings)] };
}

/** Reads and converts Luker's orchestrator profile in a document; undefined when it holds none. */
export function convertLukerProfile(doc: unknown): LukerConversion | undefined {
  const read = readLukerDocument(doc);
  return read ? convertLukerDocument(read) : undefined;
}
