import type { ChatMessage } from '../providers/types.js';
import type { RunEnv } from './agent-node.js';
import { registerDelegateTool } from './delegate-tool.js';
import { Delegations } from './delegations.js';
import { nodeScope } from './node-scope.js';
import type { OrchestrationProfile, OrchestrationTraceNode } from './types.js';

/** Director mode: the director delegates tasks to named sub-agents through `delegate`. */
export async function runDirector(
  env: RunEnv,
  base: string,
  profile: Pick<OrchestrationProfile, 'director'>,
  messages: ChatMessage[],
): Promise<OrchestrationTraceNode> {
  const { agent, subAgents } = profile.director;
  const subScopes = new Map(
    subAgents.map((sub) => [sub.name, nodeScope(env, base, `sub:${sub.name}`, sub.agent, sub.toolOverrides)]),
  );
  const directorScope = nodeScope(env, base, 'director', agent, undefined);
  const bySub = new Map(subAgents.map((s) => [s.name, s]));
  const delegations = new Delegations();
  registerDelegateTool(env.registry, directorScope, subAgents, async (name, task, callId) => {
    const sub = bySub.get(name);
    if (!sub) throw new Error(`No sub-agent named "${name}".`);
    const node = await delegations.run(
      env,
      {
        agent: sub.agent,
        role: 'sub-agent',
        scope: subScopes.get(name)!,
        path: [agent.name, sub.name],
        messages,
        task,
      },
      callId,
      (message) => `Sub-agent "${name}" failed: ${message}`,
    );
    return node.finalText;
  });
  return delegations.runCaller(env, {
    agent,
    role: 'director',
    scope: directorScope,
    path: [agent.name],
    messages,
    noToolTimeout: true,
  });
}
