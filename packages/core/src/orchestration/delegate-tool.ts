import type { ToolRegistry } from '../tools/registry.js';
import type { SubAgentNode } from './types.js';

export const DELEGATE_TOOL_NAME = 'delegate';

/** The delegate tool's parameters: `agent` enumerates the sub-agent names. */
export function delegateParameters(subAgents: readonly SubAgentNode[]): Record<string, unknown> {
  return {
    type: 'object',
    properties: {
      agent: {
        type: 'string',
        enum: subAgents.map((s) => s.name),
        description: 'Which sub-agent does the task.',
      },
      task: { type: 'string', minLength: 1, maxLength: 20000, description: 'What the sub-agent should do.' },
    },
    required: ['agent', 'task'],
    additionalProperties: false,
  };
}

function delegateDescription(subAgents: readonly SubAgentNode[]): string {
  const lines = subAgents.map((s) => `- ${s.name}${s.description ? `: ${s.description}` : ''}`);
  return `Hands a task to a sub-agent and returns its final answer. Sub-agents:\n${lines.join('\n')}`;
}

/**
 * Registers `delegate` in the director's own scope (sub-agents, in sibling scopes, never see it). It is a
 * read tool: delegating writes nothing itself, and the sub-agent's tools follow the run's simulate flag.
 */
export function registerDelegateTool(
  registry: ToolRegistry,
  scope: string,
  subAgents: readonly SubAgentNode[],
  run: (name: string, task: string, callId: string | undefined) => Promise<string>,
): void {
  registry.register(
    {
      name: DELEGATE_TOOL_NAME,
      description: delegateDescription(subAgents),
      parameters: delegateParameters(subAgents),
      mode: 'read',
      kind: 'native',
      enabled: true,
    },
    {
      layer: 'custom',
      scope,
      run: (args, context) => run(String(args.agent), String(args.task), context.callId),
    },
  );
  registry.setToolEnabled(scope, DELEGATE_TOOL_NAME, true);
}
