// Folds the generate stream's events (docs/api.md, "Chats") into the turn being shown while it streams.
// Kept free of React so the event handling is unit-tested on its own.
import type { Message, ToolInvocation } from '../../api/types';

/** A tool call as shown in a card: a stored invocation, or a live one still waiting for its result. */
export interface CallView extends ToolInvocation {
  pending?: boolean;
}

export type TurnStatus = 'streaming' | 'finished' | 'stopped' | 'failed';

export interface LiveTurn {
  /** the user's message: optimistic until the server echoes the stored one */
  user: Message;
  content: string;
  reasoning: string;
  calls: CallView[];
  status: TurnStatus;
  error: { code: string; message: string } | null;
  finishReason: string | null;
}

export function startTurn(content: string): LiveTurn {
  return {
    user: { id: 'pending-user', role: 'user', content, toolInvocations: [] },
    content: '',
    reasoning: '',
    calls: [],
    status: 'streaming',
    error: null,
    finishReason: null,
  };
}

function record(data: unknown): Record<string, unknown> {
  return typeof data === 'object' && data !== null && !Array.isArray(data)
    ? (data as Record<string, unknown>)
    : {};
}

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/** Applies one server-sent event. Unknown events leave the turn as it is (the server may add kinds later). */
export function applyStreamEvent(turn: LiveTurn, event: string, raw: unknown): LiveTurn {
  const data = record(raw);
  switch (event) {
    case 'user-message': {
      const message = record(data.message);
      if (typeof message.id !== 'string') return turn;
      return { ...turn, user: { ...turn.user, ...(message as unknown as Message), toolInvocations: [] } };
    }
    case 'text-delta':
      return { ...turn, content: turn.content + text(data.text) };
    case 'reasoning-delta':
      return { ...turn, reasoning: turn.reasoning + text(data.text) };
    case 'tool-call': {
      const id = text(data.id) || `call-${turn.calls.length}`;
      if (turn.calls.some((c) => c.id === id)) return turn;
      const call: CallView = { id, name: text(data.name), args: data.args ?? {}, ok: false, pending: true };
      return { ...turn, calls: [...turn.calls, call] };
    }
    case 'tool-result': {
      const id = text(data.id);
      const name = text(data.name);
      // Match by call id; a server that sends no id gets the oldest pending call of that name.
      let index = id ? turn.calls.findIndex((c) => c.id === id) : -1;
      if (index < 0) index = turn.calls.findIndex((c) => c.pending && c.name === name);
      const done: CallView = {
        ...(index >= 0 ? turn.calls[index] : { id: id || `call-${turn.calls.length}`, name, args: {} }),
        ok: data.ok === true,
        result: data.result,
        error: data.error,
        durationMs: typeof data.durationMs === 'number' ? data.durationMs : undefined,
        simulated: data.simulated === true,
        pending: false,
      };
      const calls = [...turn.calls];
      if (index >= 0) calls[index] = done;
      else calls.push(done);
      return { ...turn, calls };
    }
    case 'finish':
      return { ...turn, status: 'finished', finishReason: text(data.reason) || null };
    case 'error':
      return {
        ...turn,
        status: 'failed',
        error: {
          code: text(data.code) || 'unknown',
          message: text(data.message) || 'The generation failed.',
        },
      };
    default:
      return turn;
  }
}

/** Marks calls that never got a result (the run was stopped or failed) as no longer running. */
export function endTurn(turn: LiveTurn, status: Exclude<TurnStatus, 'streaming'>): LiveTurn {
  if (turn.status === 'failed') return turn;
  return {
    ...turn,
    status,
    calls: turn.calls.map((c) =>
      c.pending
        ? {
            ...c,
            pending: false,
            ok: false,
            error: status === 'stopped' ? 'Stopped before it finished.' : c.error,
          }
        : c,
    ),
  };
}

/** The live turn's assistant side as a message, so streamed and stored messages render the same way. */
export function liveAssistant(turn: LiveTurn): Message & { toolInvocations: CallView[] } {
  return {
    id: 'live-assistant',
    role: 'assistant',
    content: turn.content,
    reasoning: turn.reasoning,
    toolInvocations: turn.calls,
  };
}

/** Readable text for a tool's result or error value: strings as they are, anything else as indented JSON. */
export function formatValue(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return value;
  try {
    return JSON.stringify(value, null, 2);
  } catch {
    return String(value);
  }
}

/** A tool error may be a message, or an object carrying message/code/hint; this gives the parts to show. */
export function describeError(error: unknown): { message: string; code?: string; hint?: string } {
  if (typeof error === 'string') return { message: error };
  const e = record(error);
  if (typeof e.message === 'string' || typeof e.error === 'string') {
    return {
      message: text(e.message) || text(e.error),
      code: text(e.code) || undefined,
      hint: text(e.hint) || undefined,
    };
  }
  return { message: formatValue(error) || 'The tool failed.' };
}
