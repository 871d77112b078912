import type { ChatMessage } from '../providers/types.js';
import { type RunEnv, runAgentNode } from './agent-node.js';
import { nodeScope } from './node-scope.js';
import { checkSpecGraph } from './spec-graph.js';
import type { OrchestrationProfile, OrchestrationTraceNode, SpecNode } from './types.js';

export const SPEC_ROOT_NAME = 'spec';

type NodeCarrier = { orchestrationNode?: OrchestrationTraceNode };

/** The node's task followed by what its inputs answered. */
export function specTask(node: SpecNode, inputs: readonly OrchestrationTraceNode[]): string | undefined {
  const parts: string[] = [];
  if (node.task?.trim()) parts.push(node.task.trim());
  if (inputs.length > 0) {
    parts.push(
      `Inputs from earlier steps:\n${inputs
        .map((n) => `[${n.agent}]\n${n.finalText.trim() || '(no text)'}`)
        .join('\n\n')}`,
    );
  }
  return parts.length ? parts.join('\n\n') : undefined;
}

/**
 * Spec mode: a fixed graph of nodes. Each node starts as soon as every node it reads has finished, so
 * independent nodes run in parallel. The root is the graph itself (role `spec`, no model call); its
 * `children` are the nodes in the order they started and its final text is what the last nodes (those no
 * other node reads) answered. A node whose input failed, or that would start after an abort or past the
 * budget, is skipped; a provider failure ends the run with the root's `error` set.
 */
export async function runSpec(
  env: RunEnv,
  base: string,
  profile: Pick<OrchestrationProfile, 'spec'>,
  messages: ChatMessage[],
): Promise<OrchestrationTraceNode> {
  const { nodes } = profile.spec;
  const graph = checkSpecGraph(nodes);
  if (!graph.ok) throw new Error(`The spec graph is not valid: ${graph.errors[0].message}`);
  const startedAtMs = Math.round(performance.now() - env.started);
  const root: OrchestrationTraceNode = {
    agent: SPEC_ROOT_NAME,
    role: 'spec',
    scope: base,
    offeredTools: [],
    startedAtMs,
    durationMs: 0,
    rounds: [],
    finalText: '',
    children: [],
  };
  await env.onEvent?.({
    type: 'agent-start',
    agent: SPEC_ROOT_NAME,
    role: 'spec',
    path: [SPEC_ROOT_NAME],
    tools: [],
  });
  const scopes = new Map(
    nodes.map((n) => [n.name, nodeScope(env, base, `node:${n.name}`, n.agent, n.toolOverrides)]),
  );
  const byName = new Map(nodes.map((n) => [n.name, n]));
  const runs = new Map<string, Promise<OrchestrationTraceNode>>();
  let failure: { code: string; message: string } | undefined;

  const skippedNode = (node: SpecNode, reason: string): OrchestrationTraceNode => ({
    agent: node.name,
    role: 'node',
    scope: scopes.get(node.name)!,
    offeredTools: [],
    startedAtMs: Math.round(performance.now() - env.started),
    durationMs: 0,
    rounds: [],
    finalText: '',
    inputs: [...node.inputs],
    skipped: reason,
  });

  const launch = async (node: SpecNode): Promise<OrchestrationTraceNode> => {
    const inputs = await Promise.all(node.inputs.map((name) => runOf(byName.get(name)!)));
    const broken = inputs.find((n) => n.error || n.skipped);
    if (broken) return skippedNode(node, `its input "${broken.agent}" did not finish`);
    if (env.signal?.aborted) return skippedNode(node, 'the run was aborted');
    if (env.deadline !== undefined && performance.now() >= env.deadline)
      return skippedNode(node, 'the wall-clock budget was used up');
    try {
      const done = await runAgentNode(env, {
        agent: node.agent,
        role: 'node',
        scope: scopes.get(node.name)!,
        path: [SPEC_ROOT_NAME, node.name],
        messages,
        task: specTask(node, inputs),
      });
      done.inputs = [...node.inputs];
      return done;
    } catch (error) {
      const failed = (error as NodeCarrier).orchestrationNode;
      if (!failed) throw error;
      failed.inputs = [...node.inputs];
      failure ??= failed.error;
      return failed;
    }
  };
  const runOf = (node: SpecNode): Promise<OrchestrationTraceNode> => {
    let run = runs.get(node.name);
    if (!run) {
      run = launch(node);
      runs.set(node.name, run);
    }
    return run;
  };

  const finished = await Promise.all(nodes.map(runOf));
  // nodes in the order they started; ties (and skipped ones) in the spec's order
  root.children = finished
    .map((n, i) => ({ n, i }))
    .sort((a, b) => a.n.startedAtMs - b.n.startedAtMs || a.i - b.i)
    .map(({ n }) => n);
  const read = new Set(nodes.flatMap((n) => n.inputs));
  const last = finished.filter((n) => !read.has(n.agent) && !n.skipped && !n.error);
  root.finalText =
    last.length === 1
      ? last[0].finalText
      : last
          .filter((n) => n.finalText.trim() !== '')
          .map((n) => `[${n.agent}]\n${n.finalText.trim()}`)
          .join('\n\n');
  root.durationMs = Math.round(performance.now() - env.started) - startedAtMs;
  root.stoppedBecause = env.signal?.aborted ? 'aborted' : 'completed';
  if (failure) {
    root.error = failure;
    delete root.stoppedBecause;
  }
  await env.onEvent?.({
    type: 'agent-end',
    agent: SPEC_ROOT_NAME,
    role: 'spec',
    path: [SPEC_ROOT_NAME],
    stoppedBecause: root.stoppedBecause,
    ...(root.error ? { error: root.error } : {}),
  });
  if (failure) throw Object.assign(new Error(failure.message), { orchestrationNode: root });
  return root;
}
