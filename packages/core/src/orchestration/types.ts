import type { GenerateEvent } from '../generate/types.js';
import type { StoppedBecause, ToolLoopEvent, ToolLoopOptions } from '../loop/types.js';
import type { ChatMessage } from '../providers/types.js';
import type { ToolDefinition } from '../tools/types.js';
import type { WorldInfoEntryRef } from '../worldinfo/types.js';
import type { OutcomeRecorder } from './outcome-tools.js';

export type OrchestrationMode = 'loop' | 'director' | 'spec' | 'agenda';

/** An agent: who answers (connection + preset), how (system prompt), and with what (pinned tools). */
export interface Agent {
  name: string;
  /** the runtime connection's name (`apiPresetName`); default the runtime's first */
  connectionName?: string;
  /** the runtime preset's name (`llmPresetName`) */
  presetName?: string;
  systemPrompt: string;
  /**
   * The agent's own enable list. Empty: the agent is offered what its scope enables. Not empty: exactly
   * these tools are switched on in its scope and every other one off (node overrides still shadow them).
   */
  tools: string[];
}

/** Which tools one mode offers: whole categories, then per-tool switches that shadow them. */
export interface ModeToolSwitches {
  /** custom tools (stored, profile-owned, bridged) */
  custom: boolean;
  /** builtin tools (server builtins, extension and orchestration tools) */
  builtin: boolean;
  /** name → on/off; wins over the category switches */
  tools?: Record<string, boolean>;
}

/** A director's named sub-agent: an agent plus tool overrides that shadow the profile's defaults. */
export interface SubAgentNode {
  name: string;
  /** what the director reads about this sub-agent in the delegate tool's description */
  description?: string;
  agent: Agent;
  /** name → on/off in this node's scope (parent: the profile scope) */
  toolOverrides?: Record<string, boolean>;
}

/**
 * One node of a spec graph: an agent with its task, the earlier nodes whose final texts it reads, and tool
 * overrides that shadow the profile's defaults in its scope.
 */
export interface SpecNode {
  name: string;
  /** what this node should do (given as the last user turn, after its inputs) */
  task?: string;
  agent: Agent;
  /** names of the nodes whose final texts this node reads; it runs after all of them */
  inputs: string[];
  /** name → on/off in this node's scope (parent: the profile scope) */
  toolOverrides?: Record<string, boolean>;
}

/** Spec mode: a fixed graph, run in dependency order (independent nodes in parallel). */
export interface SpecConfig {
  nodes: SpecNode[];
}

/** Agenda mode: a planner keeps an agenda of items and assigns each to one of its agents. */
export interface AgendaConfig {
  planner: Agent;
  /** the agents the planner may assign items to (an agent plus its tool overrides) */
  agents: SubAgentNode[];
  /** items the agenda starts with (the planner may add more) */
  items: string[];
  /** most items the agenda may hold (default 20) */
  maxItems?: number;
  /** most assignments in one run (default 20) */
  maxAssignments?: number;
}

export interface OrchestrationLimits {
  /** tool rounds per agent (default 10, as the tool loop) */
  maxRounds?: number;
  /** the whole orchestration's wall-clock budget; nested loops get what is left */
  wallClockBudgetMs?: number;
  /** same call repeated this often stops a loop (default 3) */
  repeatLimit?: number;
}

/** A global orchestration profile, or a character's override of it. */
export interface OrchestrationProfile {
  /** which mode runs when the chat does not choose one */
  mode: OrchestrationMode;
  /** custom tools that belong to this profile (visible only inside it) */
  tools: ToolDefinition[];
  /** per-mode tool switches */
  modes: Record<OrchestrationMode, ModeToolSwitches>;
  loop: { agent: Agent };
  director: { agent: Agent; subAgents: SubAgentNode[] };
  spec: SpecConfig;
  agenda: AgendaConfig;
  limits: OrchestrationLimits;
}

export interface VariableWrite {
  scope: 'chat' | 'global';
  name: string;
  value: unknown;
}

/** What an orchestration produced for the main generation to consume. */
export interface OrchestrationOutcome {
  /** injected into the main reply's system prompt */
  notes: string;
  /** world-info entries (book + uid) to force-activate for the main reply */
  forcedEntries: WorldInfoEntryRef[];
  /** variable writes the tools asked for (the caller applies them unless simulating) */
  variableWrites: VariableWrite[];
}

export interface OrchestrationTraceCall {
  id: string;
  name: string;
  args: Record<string, unknown>;
  ok: boolean;
  result?: unknown;
  error?: { code: string; message: string; hint?: string };
  durationMs: number;
  simulated: boolean;
  unvalidated: boolean;
  /** a `delegate` or `agenda_assign` call: the sub-agent's own run */
  delegation?: OrchestrationTraceNode;
}

export interface OrchestrationTraceRound {
  round: number;
  /** the answer-now call after the last tool round */
  final: boolean;
  text: string;
  reasoning: string;
  calls: OrchestrationTraceCall[];
}

/**
 * `spec` is the graph's own node (no model call; its `children` are the spec nodes, role `node`);
 * `planner` runs an agenda, its assigned agents are `sub-agent`s.
 */
export type AgentRole = 'loop' | 'director' | 'sub-agent' | 'agent' | 'spec' | 'node' | 'planner';

/** One agenda item as the trace shows it. */
export interface AgendaItem {
  id: string;
  text: string;
  status: 'open' | 'assigned' | 'done';
  /** the agent it was last assigned to */
  assignedTo?: string;
  /** that agent's final text */
  result?: string;
  /** the planner's summary when it completed the item */
  note?: string;
}

export interface OrchestrationTraceNode {
  agent: string;
  role: AgentRole;
  /** the registry scope the agent's tools came from */
  scope: string;
  /** the tools the agent was offered */
  offeredTools: string[];
  /** ms since the orchestration started */
  startedAtMs: number;
  durationMs: number;
  rounds: OrchestrationTraceRound[];
  finalText: string;
  stoppedBecause?: StoppedBecause;
  /** the provider failed (the run stopped there) */
  error?: { code: string; message: string };
  /** a spec node: the nodes it read */
  inputs?: string[];
  /** a spec run's root: its nodes, in the order they started */
  children?: OrchestrationTraceNode[];
  /** a spec node that never ran because a node it reads failed (or the run stopped) */
  skipped?: string;
}

export interface OrchestrationTrace {
  mode: OrchestrationMode | 'agent';
  simulate: boolean;
  startedAt: string;
  durationMs: number;
  root: OrchestrationTraceNode;
  /** agenda mode: the agenda as it stood at the end */
  agenda?: AgendaItem[];
}

/** Progress of a run; `path` is the agent names from the top down to the one speaking. */
export type OrchestrationEvent =
  | { type: 'agent-start'; agent: string; role: AgentRole; path: string[]; tools: string[] }
  | {
      type: 'agent-end';
      agent: string;
      role: AgentRole;
      path: string[];
      stoppedBecause?: StoppedBecause;
      error?: { code: string; message: string };
    }
  | { type: 'agent-event'; agent: string; path: string[]; event: ToolLoopEvent | GenerateEvent };

/** Tool-loop options passed through to every agent's loop (execution environment, streaming). */
export type AgentLoopPassThrough = Pick<
  ToolLoopOptions,
  'ctx' | 'hostFunctions' | 'sandbox' | 'executors' | 'toolTimeoutMs' | 'stream' | 'parallel' | 'concurrency'
>;

export interface RunOrchestrationBase {
  /** the chat so far (latest last) */
  messages: ChatMessage[];
  simulate?: boolean;
  abortSignal?: AbortSignal;
  onEvent?: (event: OrchestrationEvent) => void | Promise<void>;
  loopOptions?: AgentLoopPassThrough;
  /** where the outcome is collected; pass one to let other tools (e.g. builtins) record into it too */
  recorder?: OutcomeRecorder;
}
