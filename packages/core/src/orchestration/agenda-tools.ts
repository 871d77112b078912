import type { ToolRegistry } from '../tools/registry.js';
import type { AgendaItem, SubAgentNode } from './types.js';

export const AGENDA_TOOLS = {
  list: 'agenda_list',
  add: 'agenda_add_item',
  assign: 'agenda_assign',
  complete: 'agenda_complete',
} as const;
export const AGENDA_TOOL_NAMES: readonly string[] = Object.values(AGENDA_TOOLS);

/** The agenda of one run: its items and how much of the limits is used. */
export class AgendaState {
  readonly items: AgendaItem[] = [];
  assignments = 0;
  constructor(
    readonly maxItems: number,
    readonly maxAssignments: number,
    initial: readonly string[] = [],
  ) {
    for (const text of initial) this.add(text);
  }

  add(text: string): AgendaItem {
    if (this.items.length >= this.maxItems)
      throw new Error(
        `The agenda is full (${this.maxItems} items, agenda.maxItems). Finish or complete the items you have.`,
      );
    const item: AgendaItem = { id: String(this.items.length + 1), text, status: 'open' };
    this.items.push(item);
    return item;
  }

  /** An item that can still be worked on (open or assigned). */
  workable(id: unknown): AgendaItem {
    const item = this.items.find((i) => i.id === String(id));
    if (!item)
      throw new Error(
        `No agenda item "${String(id)}". Items: ${this.items.map((i) => i.id).join(', ') || 'none'}.`,
      );
    if (item.status === 'done') throw new Error(`Agenda item ${item.id} is already done.`);
    return item;
  }

  snapshot(): AgendaItem[] {
    return this.items.map((i) => ({ ...i }));
  }

  /** The agenda as the planner reads it. */
  text(): string {
    if (this.items.length === 0) return '(empty)';
    return this.items
      .map((i) => `${i.id}. [${i.status}${i.assignedTo ? ` → ${i.assignedTo}` : ''}] ${i.text}`)
      .join('\n');
  }
}

/** The planner's standing task: how to work the agenda, with the agenda as it starts. */
export function plannerTask(state: AgendaState, agents: readonly SubAgentNode[]): string {
  const who = agents.map((a) => `- ${a.name}${a.description ? `: ${a.description}` : ''}`).join('\n');
  return [
    'Work through the agenda. Assign each open item to the agent that fits it (agenda_assign), read the result,',
    'then mark the item done (agenda_complete) or assign it again. Add items you discover (agenda_add_item).',
    'When every item is done, answer with a short summary for the story and call no more tools.',
    `Limits: ${state.maxItems} items, ${state.maxAssignments} assignments.`,
    `Agents:\n${who}`,
    `Agenda:\n${state.text()}`,
  ].join('\n');
}

const obj = (properties: Record<string, unknown>, required: string[]) => ({
  type: 'object',
  properties,
  required,
  additionalProperties: false,
});

/**
 * Registers the planner's tools in its own scope (agents, in sibling scopes, never see them), switched on
 * explicitly there so mode switches and pinned lists cannot take the planner's agenda away. `assign` runs
 * the agent and resolves to its final text.
 */
export function registerAgendaTools(
  registry: ToolRegistry,
  scope: string,
  state: AgendaState,
  agents: readonly SubAgentNode[],
  assign: (
    item: AgendaItem,
    agent: string,
    instructions: string | undefined,
    callId: string | undefined,
  ) => Promise<string>,
): void {
  const add = (
    name: string,
    description: string,
    parameters: Record<string, unknown>,
    run: (args: Record<string, unknown>, callId: string | undefined) => unknown,
  ) => {
    registry.register(
      { name, description, parameters, mode: 'read', kind: 'native', enabled: true },
      // bookkeeping of this run only, so simulation runs it the same way
      { layer: 'custom', scope, run: (args, context) => run(args, context.callId) },
    );
    registry.setToolEnabled(scope, name, true);
  };
  const itemId = { type: ['string', 'integer'], description: 'The item number.' };

  add(AGENDA_TOOLS.list, 'Shows the agenda: every item with its status and who has it.', obj({}, []), () => ({
    items: state.snapshot(),
  }));
  add(
    AGENDA_TOOLS.add,
    'Adds items to the agenda.',
    obj(
      {
        items: {
          type: 'array',
          minItems: 1,
          maxItems: 20,
          items: { type: 'string', minLength: 1, maxLength: 2000 },
          description: 'What each new item is about.',
        },
      },
      ['items'],
    ),
    (args) => ({ added: (args.items as string[]).map((text) => state.add(text)), agenda: state.text() }),
  );
  add(
    AGENDA_TOOLS.assign,
    `Gives an agenda item to an agent and returns the agent's answer. Agents:\n${agents
      .map((a) => `- ${a.name}${a.description ? `: ${a.description}` : ''}`)
      .join('\n')}`,
    obj(
      {
        item: itemId,
        agent: { type: 'string', enum: agents.map((a) => a.name), description: 'Who works on it.' },
        instructions: { type: 'string', maxLength: 20000, description: 'Anything the agent should know.' },
      },
      ['item', 'agent'],
    ),
    async (args, callId) => {
      const item = state.workable(args.item);
      if (state.assignments >= state.maxAssignments)
        throw new Error(
          `The assignment limit is reached (${state.maxAssignments}, agenda.maxAssignments). Complete what you can and answer.`,
        );
      state.assignments++;
      item.status = 'assigned';
      item.assignedTo = String(args.agent);
      const instructions = typeof args.instructions === 'string' ? args.instructions : undefined;
      const result = await assign(item, item.assignedTo, instructions, callId);
      item.result = result;
      return { item: item.id, agent: item.assignedTo, result };
    },
  );
  add(
    AGENDA_TOOLS.complete,
    'Marks an agenda item done, with a short summary of what came of it.',
    obj({ item: itemId, summary: { type: 'string', maxLength: 20000 } }, ['item']),
    (args) => {
      const item = state.workable(args.item);
      item.status = 'done';
      if (typeof args.summary === 'string' && args.summary !== '') item.note = args.summary;
      const open = state.items.filter((i) => i.status !== 'done').length;
      return { item: item.id, status: 'done', remaining: open };
    },
  );
}
