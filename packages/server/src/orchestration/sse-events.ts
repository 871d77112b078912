import type { OrchestrationEvent } from '@toolsmith/core';

/**
 * An orchestration event as the chat stream sends it (`orchestration-event`): agent starts and ends,
 * round starts, text, tool calls and results — compact, without the provider's raw bodies.
 */
export function orchestrationEventData(event: OrchestrationEvent): Record<string, unknown> | undefined {
  if (event.type !== 'agent-event') return event;
  const { agent, path } = event;
  const inner = event.event;
  switch (inner.type) {
    case 'round-start':
      return { type: 'round-start', agent, path, round: inner.round, final: inner.final };
    case 'text-delta':
      return { type: 'text-delta', agent, path, text: inner.text };
    case 'tool-call':
      return { type: 'tool-call', agent, path, id: inner.id, name: inner.name, args: inner.args };
    case 'tool-result': {
      const { envelope } = inner;
      return {
        type: 'tool-result',
        agent,
        path,
        id: inner.id,
        name: inner.name,
        ok: envelope.ok,
        ...(envelope.ok ? { result: envelope.result } : { error: envelope.error }),
        durationMs: envelope.durationMs,
        simulated: envelope.simulated === true,
        unvalidated: envelope.unvalidated === true,
      };
    }
    default:
      return undefined;
  }
}
