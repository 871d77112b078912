import type { Runtime } from '../runtime/create-runtime.js';
import type { ToolRegistry } from '../tools/registry.js';
import { GLOBAL_SCOPE } from '../tools/tool-scopes.js';
import { type RunEnv, runAgentNode } from './agent-node.js';
import { DELEGATE_TOOL_NAME, registerDelegateTool } from './delegate-tool.js';
import { OutcomeRecorder, registerOutcomeTools } from './outcome-tools.js';
import { applyModeSwitches, applyOverrides, applyPinnedTools } from './tool-switches.js';
import type {
  Agent,
  OrchestrationLimits,
  OrchestrationMode,
  OrchestrationOutcome,
  OrchestrationProfile,
  OrchestrationTrace,
  OrchestrationTraceNode,
  RunOrchestrationBase,
} from './types.js';

export interface RunOrchestrationOptions extends RunOrchestrationBase {
  runtime: Pick<Runtime, 'runToolLoop' | 'registry'>;
  /** default the runtime's registry; the run adds scopes and tools to it and removes them at the end */
  registry?: ToolRegistry;
  profile: OrchestrationProfile;
  /** default the profile's mode */
  mode?: OrchestrationMode;
  /** the scope the profile's scope hangs under (default `global`), e.g. a character's */
  parentScope?: string;
}

export interface RunAgentOptions extends RunOrchestrationBase {
  runtime: Pick<Runtime, 'runToolLoop' | 'registry'>;
  registry?: ToolRegistry;
  agent: Agent;
  limits?: OrchestrationLimits;
  parentScope?: string;
}

export interface OrchestrationRunResult {
  outcome: OrchestrationOutcome;
  trace: OrchestrationTrace;
  /** a provider failure that ended the run (the trace shows what ran before it) */
  error?: { code: string; message: string };
}

let runCounter = 0;

/**
 * Runs a profile's loop or director before the main reply. Scopes: global → `orch-N` (the profile: its
 * custom tools, the outcome tools, the mode's switches) → one node scope per agent (pinned tools, then
 * per-node overrides). With `simulate`, write tools run their simulate body or the placeholder, and the
 * outcome is only returned: this layer writes nothing.
 */
export async function runOrchestration(options: RunOrchestrationOptions): Promise<OrchestrationRunResult> {
  const { profile } = options;
  const mode = options.mode ?? profile.mode;
  return withRunScope(options, profile.limits, async (env, base) => {
    for (const tool of profile.tools) {
      // a stored profile tool that clashes with a newer builtin stays stored but cannot run
      if (env.registry.builtinNames().includes(tool.name)) continue;
      env.registry.register(tool, { layer: 'custom', scope: base });
    }
    applyModeSwitches(env.registry, base, profile.modes[mode]);

    if (mode === 'loop') {
      const scope = nodeScope(env, base, 'loop', profile.loop.agent, undefined);
      return runAgentNode(env, {
        agent: profile.loop.agent,
        role: 'loop',
        scope,
        path: [profile.loop.agent.name],
        messages: options.messages,
      });
    }

    const { agent, subAgents } = profile.director;
    const subScopes = new Map(
      subAgents.map((sub) => [
        sub.name,
        nodeScope(env, base, `sub:${sub.name}`, sub.agent, sub.toolOverrides),
      ]),
    );
    const directorScope = nodeScope(env, base, 'director', agent, undefined);
    const delegations = new Map<string, OrchestrationTraceNode[]>();
    const bySub = new Map(subAgents.map((s) => [s.name, s]));
    const pending = new Set<Promise<unknown>>();
    registerDelegateTool(env.registry, directorScope, subAgents, (name, task, callId) => {
      const run = delegateTo(name, task, callId);
      pending.add(run);
      void run.catch(() => {}).finally(() => pending.delete(run));
      return run;
    });
    const delegateTo = async (name: string, task: string, callId: string | undefined): Promise<string> => {
      const sub = bySub.get(name);
      if (!sub) throw new Error(`No sub-agent named "${name}".`);
      const record = (n: OrchestrationTraceNode) => {
        const key = callId ?? '';
        delegations.set(key, [...(delegations.get(key) ?? []), n]);
      };
      try {
        const node = await runAgentNode(env, {
          agent: sub.agent,
          role: 'sub-agent',
          scope: subScopes.get(name)!,
          path: [agent.name, sub.name],
          messages: options.messages,
          task,
        });
        record(node);
        return node.finalText;
      } catch (error) {
        const node = (error as { orchestrationNode?: OrchestrationTraceNode }).orchestrationNode;
        if (node) record(node);
        throw new Error(
          `Sub-agent "${name}" failed: ${error instanceof Error ? error.message : String(error)}`,
        );
      }
    };
    // An abort or the budget stops the wait for a delegate call before its sub-agent has wound down; the
    // sub-agent sees the same signal, so wait for it and put its node into the trace all the same.
    const settle = async (node: OrchestrationTraceNode | undefined) => {
      await Promise.allSettled([...pending]);
      if (node) attachLateDelegations(node, delegations);
    };
    let root: OrchestrationTraceNode;
    try {
      root = await runAgentNode(env, {
        agent,
        role: 'director',
        scope: directorScope,
        path: [agent.name],
        messages: options.messages,
        delegations,
        noToolTimeout: true,
      });
    } catch (error) {
      await settle((error as { orchestrationNode?: OrchestrationTraceNode }).orchestrationNode);
      throw error;
    }
    await settle(root);
    return root;
  }).then((r) => ({ ...r, trace: { ...r.trace, mode } }));
}

function attachLateDelegations(
  node: OrchestrationTraceNode,
  delegations: Map<string, OrchestrationTraceNode[]>,
): void {
  for (const round of node.rounds) {
    for (const call of round.calls) {
      if (call.name !== DELEGATE_TOOL_NAME || call.delegation) continue;
      const late = delegations.get(call.id)?.shift();
      if (late) call.delegation = late;
    }
  }
}

/** Runs one agent on demand (pinned tools, or everything its parent scope enables). */
export async function runAgent(options: RunAgentOptions): Promise<OrchestrationRunResult> {
  return withRunScope(options, options.limits ?? {}, async (env, base) => {
    const scope = nodeScope(env, base, 'agent', options.agent, undefined);
    return runAgentNode(env, {
      agent: options.agent,
      role: 'agent',
      scope,
      path: [options.agent.name],
      messages: options.messages,
    });
  });
}

function nodeScope(
  env: RunEnv,
  base: string,
  suffix: string,
  agent: Agent,
  overrides: Record<string, boolean> | undefined,
): string {
  const id = `${base}/${suffix}`;
  env.registry.defineScope(id, { parent: base, kind: 'node' });
  env.createdScopes.push(id);
  applyPinnedTools(env.registry, id, agent.tools);
  applyOverrides(env.registry, id, overrides);
  // the director's own tool is never offered to anyone else
  if (suffix !== 'director') env.registry.setToolEnabled(id, DELEGATE_TOOL_NAME, false);
  return id;
}

async function withRunScope(
  options: RunOrchestrationBase & {
    runtime: Pick<Runtime, 'runToolLoop' | 'registry'>;
    registry?: ToolRegistry;
    parentScope?: string;
  },
  limits: OrchestrationLimits,
  body: (env: RunEnv, base: string, recorder: OutcomeRecorder) => Promise<OrchestrationTraceNode>,
): Promise<OrchestrationRunResult> {
  const registry = options.registry ?? options.runtime.registry;
  const started = performance.now();
  const env: RunEnv = {
    runtime: options.runtime,
    registry,
    simulate: options.simulate === true,
    signal: options.abortSignal,
    limits,
    started,
    deadline: limits.wallClockBudgetMs === undefined ? undefined : started + limits.wallClockBudgetMs,
    onEvent: options.onEvent,
    loopOptions: options.loopOptions ?? {},
    createdScopes: [],
  };
  const base = `orch-${++runCounter}`;
  const startedAt = new Date().toISOString();
  const recorder = options.recorder ?? new OutcomeRecorder();
  const scopes = env.createdScopes;
  let root: OrchestrationTraceNode | undefined;
  let error: OrchestrationRunResult['error'];
  try {
    registry.defineScope(base, { parent: options.parentScope ?? GLOBAL_SCOPE, kind: 'profile' });
    scopes.push(base);
    registerOutcomeTools(registry, base, recorder);
    try {
      root = await body(env, base, recorder);
    } catch (thrown) {
      root = (thrown as { orchestrationNode?: OrchestrationTraceNode }).orchestrationNode;
      if (!root) throw thrown;
      error = root.error;
    }
  } finally {
    for (const scope of scopes.reverse()) {
      for (const tool of registry.namesInScope(scope)) {
        if (registry.resolve(tool, scope)?.scope === scope) registry.unregister(tool, { scope });
      }
      registry.scopes.remove(scope);
    }
  }
  return {
    outcome: recorder.outcome(root.finalText),
    trace: {
      mode: 'agent',
      simulate: env.simulate,
      startedAt,
      durationMs: Math.round(performance.now() - started),
      root,
    },
    ...(error ? { error } : {}),
  };
}
