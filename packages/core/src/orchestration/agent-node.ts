import { isGenerateTaskError } from '../base/errors.js';
import type { ToolLoopResult, ToolLoopStep, ToolLoopTraceEntry } from '../loop/types.js';
import type { ChatMessage } from '../providers/types.js';
import type { Runtime } from '../runtime/create-runtime.js';
import type { ToolRegistry } from '../tools/registry.js';
import type {
  Agent,
  AgentLoopPassThrough,
  AgentRole,
  OrchestrationEvent,
  OrchestrationLimits,
  OrchestrationTraceCall,
  OrchestrationTraceNode,
  OrchestrationTraceRound,
} from './types.js';

/** What every agent of one run shares: the runtime, the limits, the deadline, the user's abort. */
export interface RunEnv {
  /** a full Runtime also says whether an agent's connection may call tools (function calling off: none) */
  runtime: Pick<Runtime, 'runToolLoop'> & Partial<Pick<Runtime, 'isToolCallingSupported'>>;
  registry: ToolRegistry;
  simulate: boolean;
  signal?: AbortSignal;
  limits: OrchestrationLimits;
  /** performance.now() when the run started */
  started: number;
  /** performance.now() past which no loop may run (from limits.wallClockBudgetMs) */
  deadline?: number;
  onEvent?: (event: OrchestrationEvent) => void | Promise<void>;
  loopOptions: AgentLoopPassThrough;
  /** scopes this run defined (removed, with their tools, when it ends) */
  createdScopes: string[];
}

export interface AgentNodeSpec {
  agent: Agent;
  role: AgentRole;
  scope: string;
  path: string[];
  messages: ChatMessage[];
  /** a director's task for a sub-agent, given as the last user turn */
  task?: string;
  /** delegations made by this node's calls, by call id (in call order) */
  delegations?: Map<string, OrchestrationTraceNode[]>;
  /** the director's loop: the delegate call must outlive a per-tool deadline */
  noToolTimeout?: boolean;
}

/** Chat turns as plain text: the agent's tools may differ from the chat's, so old tool traffic is left out. */
export function agentMessages(
  systemPrompt: string,
  chat: readonly ChatMessage[],
  task?: string,
): ChatMessage[] {
  const out: ChatMessage[] = [];
  if (systemPrompt.trim() !== '') out.push({ role: 'system', content: systemPrompt });
  const push = (role: 'user' | 'assistant', content: string) => {
    if (content === '') return;
    const last = out[out.length - 1];
    // some providers insist on alternating turns
    if (last && last.role === role) last.content = `${last.content}\n\n${content}`;
    else out.push({ role, content });
  };
  for (const m of chat) {
    if (m.role === 'user' || m.role === 'assistant') push(m.role, m.content);
    else if (m.role === 'system' && systemPrompt.trim() === '' && out.length === 0) out.push({ ...m });
  }
  if (task !== undefined) push('user', `Task: ${task}`);
  if (!out.some((m) => m.role === 'user')) push('user', 'Begin.');
  return out;
}

/**
 * Runs one agent's tool loop in its scope and returns its trace node. A provider failure is recorded on
 * the node (with the rounds that ran) and rethrown; an abort or the budget end the loop without throwing.
 */
export async function runAgentNode(env: RunEnv, spec: AgentNodeSpec): Promise<OrchestrationTraceNode> {
  const { agent, role, scope, path } = spec;
  // an agent on a connection with function calling off is offered nothing (the request carries no tools)
  const toolsOff =
    env.runtime.isToolCallingSupported !== undefined &&
    !(await env.runtime.isToolCallingSupported(agent.connectionName || undefined));
  const offered = toolsOff ? [] : await env.registry.toolSpecsForModel(scope);
  const node: OrchestrationTraceNode = {
    agent: agent.name,
    role,
    scope,
    offeredTools: offered.map((t) => t.name),
    startedAtMs: Math.round(performance.now() - env.started),
    durationMs: 0,
    rounds: [],
    finalText: '',
  };
  await env.onEvent?.({ type: 'agent-start', agent: agent.name, role, path, tools: node.offeredTools });
  const began = performance.now();
  const budget =
    env.deadline === undefined ? undefined : Math.max(0, Math.ceil(env.deadline - performance.now()));
  try {
    const result = await env.runtime.runToolLoop({
      ...env.loopOptions,
      ...(spec.noToolTimeout ? { toolTimeoutMs: undefined } : {}),
      taskMessages: agentMessages(agent.systemPrompt, spec.messages, spec.task),
      apiPresetName: agent.connectionName || undefined,
      llmPresetName: agent.presetName || undefined,
      substituteMacros: false,
      registry: env.registry,
      scope,
      tools: offered,
      maxRounds: env.limits.maxRounds,
      repeatLimit: env.limits.repeatLimit,
      wallClockBudgetMs: budget,
      simulate: env.simulate,
      abortSignal: env.signal,
      onEvent: (event) => env.onEvent?.({ type: 'agent-event', agent: agent.name, path, event }),
    });
    fill(node, result, spec.delegations);
  } catch (error) {
    const partial = isGenerateTaskError(error)
      ? (error.details.partial as Pick<ToolLoopResult, 'steps' | 'trace'> | undefined)
      : undefined;
    if (partial) fill(node, { ...partial, finalText: '' }, spec.delegations);
    // an agent that did its work through tools may end with an empty answer: that is done, not failed
    if (isGenerateTaskError(error) && error.code === 'no_response' && partial && partial.steps.length > 0) {
      node.stoppedBecause = 'completed';
      return node;
    }
    node.error = {
      code: isGenerateTaskError(error) ? error.code : 'unknown',
      message: error instanceof Error ? error.message : String(error),
    };
    throw Object.assign(error as object, { orchestrationNode: node });
  } finally {
    node.durationMs = Math.round(performance.now() - began);
    await env.onEvent?.({
      type: 'agent-end',
      agent: agent.name,
      role,
      path,
      stoppedBecause: node.stoppedBecause,
      ...(node.error ? { error: node.error } : {}),
    });
  }
  return node;
}

function fill(
  node: OrchestrationTraceNode,
  result: Pick<ToolLoopResult, 'steps' | 'trace' | 'finalText'> & {
    stoppedBecause?: ToolLoopResult['stoppedBecause'];
  },
  delegations: Map<string, OrchestrationTraceNode[]> | undefined,
): void {
  node.finalText = result.finalText;
  node.stoppedBecause = result.stoppedBecause;
  node.rounds = result.steps.map((step) => traceRound(step, result.trace, delegations));
}

function traceRound(
  step: ToolLoopStep,
  trace: ToolLoopTraceEntry[],
  delegations: Map<string, OrchestrationTraceNode[]> | undefined,
): OrchestrationTraceRound {
  const calls = trace
    .filter((entry) => entry.round === step.round)
    .map((entry): OrchestrationTraceCall => {
      const call: OrchestrationTraceCall = {
        id: entry.id,
        name: entry.name,
        args: entry.args,
        ok: entry.ok,
        durationMs: entry.durationMs,
        simulated: entry.simulated,
        unvalidated: entry.unvalidated,
      };
      if (entry.ok) call.result = entry.result;
      else call.error = entry.error;
      const delegated = delegations?.get(entry.id)?.shift();
      if (delegated) call.delegation = delegated;
      return call;
    });
  return {
    round: step.round,
    final: step.final,
    text: step.assistantText,
    reasoning: step.reasoning,
    calls,
  };
}
