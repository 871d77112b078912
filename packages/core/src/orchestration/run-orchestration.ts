import type { Runtime } from '../runtime/create-runtime.js';
import type { ToolRegistry } from '../tools/registry.js';
import { GLOBAL_SCOPE } from '../tools/tool-scopes.js';
import { type RunEnv, runAgentNode } from './agent-node.js';
import { nodeScope } from './node-scope.js';
import { OutcomeRecorder, registerOutcomeTools } from './outcome-tools.js';
import { modeReadiness } from './profile.js';
import { runAgenda } from './run-agenda.js';
import { runDirector } from './run-director.js';
import { runSpec } from './run-spec.js';
import { applyModeSwitches } from './tool-switches.js';
import type {
  AgendaItem,
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
 * Runs a profile's loop, director, spec or agenda before the main reply. Scopes: global → `orch-N` (the
 * profile: its custom tools, the outcome tools, the mode's switches) → one node scope per agent (pinned
 * tools, then per-node overrides). With `simulate`, write tools run their simulate body or the placeholder,
 * and the outcome is only returned: this layer writes nothing. A mode that lacks its agents (director without
 * sub-agents, …) throws an error with `code` (`no_sub_agents`, `no_spec_nodes`, `no_agenda_agents`).
 */
export async function runOrchestration(options: RunOrchestrationOptions): Promise<OrchestrationRunResult> {
  const { profile } = options;
  const mode = options.mode ?? profile.mode;
  const missing = modeReadiness(profile, mode);
  if (missing) throw Object.assign(new Error(missing.message), { code: missing.code, field: missing.field });
  let agenda: AgendaItem[] | undefined;
  const result = await withRunScope(options, profile.limits, async (env, base) => {
    for (const tool of profile.tools) {
      // a stored profile tool that clashes with a newer builtin stays stored but cannot run
      if (env.registry.builtinNames().includes(tool.name)) continue;
      env.registry.register(tool, { layer: 'custom', scope: base });
    }
    applyModeSwitches(env.registry, base, profile.modes[mode]);
    switch (mode) {
      case 'loop': {
        const scope = nodeScope(env, base, 'loop', profile.loop.agent, undefined);
        return runAgentNode(env, {
          agent: profile.loop.agent,
          role: 'loop',
          scope,
          path: [profile.loop.agent.name],
          messages: options.messages,
        });
      }
      case 'director':
        return runDirector(env, base, profile, options.messages);
      case 'spec':
        return runSpec(env, base, profile, options.messages);
      case 'agenda':
        try {
          const done = await runAgenda(env, base, profile, options.messages);
          agenda = done.agenda;
          return done.root;
        } catch (error) {
          agenda = (error as { agenda?: AgendaItem[] }).agenda;
          throw error;
        }
    }
  });
  return { ...result, trace: { ...result.trace, mode, ...(agenda ? { agenda } : {}) } };
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
