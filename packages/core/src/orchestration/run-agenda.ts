import type { ChatMessage } from '../providers/types.js';
import { AgendaState, plannerTask, registerAgendaTools } from './agenda-tools.js';
import type { RunEnv } from './agent-node.js';
import { Delegations } from './delegations.js';
import { nodeScope } from './node-scope.js';
import { DEFAULT_AGENDA_MAX_ASSIGNMENTS, DEFAULT_AGENDA_MAX_ITEMS } from './profile-modes.js';
import type { AgendaItem, OrchestrationProfile, OrchestrationTraceNode } from './types.js';

/**
 * Agenda mode: the planner keeps an agenda (`agenda_add_item`, `agenda_list`), gives each item to one of its
 * agents (`agenda_assign`, which runs that agent and answers with its final text) and marks items done
 * (`agenda_complete`) until it answers without a call, or the item / assignment / round limits stop it.
 */
export async function runAgenda(
  env: RunEnv,
  base: string,
  profile: Pick<OrchestrationProfile, 'agenda'>,
  messages: ChatMessage[],
): Promise<{ root: OrchestrationTraceNode; agenda: AgendaItem[] }> {
  const { planner, agents, items, maxItems, maxAssignments } = profile.agenda;
  const state = new AgendaState(
    maxItems ?? DEFAULT_AGENDA_MAX_ITEMS,
    maxAssignments ?? DEFAULT_AGENDA_MAX_ASSIGNMENTS,
    items,
  );
  const scopes = new Map(
    agents.map((a) => [a.name, nodeScope(env, base, `agent:${a.name}`, a.agent, a.toolOverrides)]),
  );
  const plannerScope = nodeScope(env, base, 'planner', planner, undefined);
  const byName = new Map(agents.map((a) => [a.name, a]));
  const delegations = new Delegations();
  registerAgendaTools(env.registry, plannerScope, state, agents, async (item, name, instructions, callId) => {
    const sub = byName.get(name);
    if (!sub) throw new Error(`No agenda agent named "${name}".`);
    const task = `Agenda item ${item.id}: ${item.text}${instructions ? `\n\n${instructions}` : ''}`;
    const node = await delegations.run(
      env,
      {
        agent: sub.agent,
        role: 'sub-agent',
        scope: scopes.get(name)!,
        path: [planner.name, name],
        messages,
        task,
      },
      callId,
      (message) => `Agent "${name}" failed on item ${item.id}: ${message}`,
    );
    return node.finalText;
  });
  try {
    const root = await delegations.runCaller(env, {
      agent: planner,
      role: 'planner',
      scope: plannerScope,
      path: [planner.name],
      messages,
      task: plannerTask(state, agents),
      noToolTimeout: true,
    });
    return { root, agenda: state.snapshot() };
  } catch (error) {
    // a provider failure still shows the agenda as it stood
    throw Object.assign(error as object, { agenda: state.snapshot() });
  }
}
