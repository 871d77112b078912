import { type AgentNodeSpec, type RunEnv, runAgentNode } from './agent-node.js';
import type { OrchestrationTraceNode } from './types.js';

type NodeCarrier = { orchestrationNode?: OrchestrationTraceNode };

/**
 * Agents that a tool call runs (a director's `delegate`, a planner's `agenda_assign`): their trace nodes by
 * call id, so each lands under the call that started it, and the runs still going, so an abort or the budget
 * can wait for them to wind down before the trace is finished.
 */
export class Delegations {
  readonly byCall = new Map<string, OrchestrationTraceNode[]>();
  readonly #pending = new Set<Promise<unknown>>();

  /**
   * Runs one agent for a call and returns its node. A failed agent's node is kept too; the error is rethrown
   * with `describe` (e.g. `Sub-agent "scout" failed: …`) so the calling tool fails with a clear message.
   */
  run(
    env: RunEnv,
    spec: AgentNodeSpec,
    callId: string | undefined,
    describe: (message: string) => string,
  ): Promise<OrchestrationTraceNode> {
    const record = (node: OrchestrationTraceNode) => {
      const key = callId ?? '';
      this.byCall.set(key, [...(this.byCall.get(key) ?? []), node]);
    };
    const run = runAgentNode(env, spec).then(
      (node) => {
        record(node);
        return node;
      },
      (error: unknown) => {
        const node = (error as NodeCarrier).orchestrationNode;
        if (node) record(node);
        throw new Error(describe(error instanceof Error ? error.message : String(error)));
      },
    );
    this.#pending.add(run);
    void run.catch(() => {}).finally(() => this.#pending.delete(run));
    return run;
  }

  /**
   * Runs the calling agent (director, planner) and waits for every agent it started. An abort or the budget
   * can stop the wait for a call before its agent has wound down; that agent sees the same signal, so its
   * node is attached afterwards all the same.
   */
  async runCaller(env: RunEnv, spec: AgentNodeSpec): Promise<OrchestrationTraceNode> {
    let root: OrchestrationTraceNode;
    try {
      root = await runAgentNode(env, { ...spec, delegations: this.byCall });
    } catch (error) {
      await this.settle((error as NodeCarrier).orchestrationNode);
      throw error;
    }
    await this.settle(root);
    return root;
  }

  private async settle(node: OrchestrationTraceNode | undefined): Promise<void> {
    await Promise.allSettled([...this.#pending]);
    if (!node) return;
    for (const round of node.rounds) {
      for (const call of round.calls) {
        if (call.delegation) continue;
        const late = this.byCall.get(call.id)?.shift();
        if (late) call.delegation = late;
      }
    }
  }
}
