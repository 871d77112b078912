// Folds the generate stream's events (docs/api.md, "Chats") into the turn being shown while it streams.
// Kept free of React so the event handling is unit-tested on its own.
import type { GenerationMode, Message, ShownMessage, ToolCallView } from '../../api/types';

/** A tool call as shown in a card: a stored invocation, or a live one still waiting for its result. */
export type CallView = ToolCallView & {
  pending?: boolean;
  /** a write tool waiting for the user's Allow / Deny ("Ask before running write tools") */
  approval?: { expiresAt: string; deciding?: boolean };
};

/** What a generate call does (the generate body's `mode`). */
export type GenerateMode = GenerationMode;

export type TurnStatus = 'streaming' | 'finished' | 'stopped' | 'failed';

/** One model round: the server stores each as its own assistant message, so the live view shows them the same way. */
export interface LiveRound {
  content: string;
  reasoning: string;
  calls: CallView[];
}

export interface LiveTurn {
  /** the user's message (sending one): optimistic until the server echoes the stored one */
  user: ShownMessage | null;
  mode: GenerateMode;
  /** from generation-start: the reply the rounds belong to, the message a continuation extends, the speaker */
  replyId: string | null;
  /** the swipe of the reply the rounds are stored in */
  swipe: number | null;
  continues: string | null;
  speaker: { characterId: string | null; name: string } | null;
  rounds: LiveRound[];
  status: TurnStatus;
  error: { code: string; message: string } | null;
  /** why the tool loop stopped (`completed`, `max_rounds`, …), from the finish event */
  finishReason: string | null;
  /** a reply closed a reasoning block it never opened with this tag (reply-notice): its reasoning is its answer */
  loneReasoningClose: string | null;
}

export function startTurn(content: string | null, mode: GenerateMode = 'send'): LiveTurn {
  return {
    user: content === null ? null : { id: 'pending-user', role: 'user', content, toolInvocations: [] },
    mode,
    replyId: null,
    swipe: null,
    continues: null,
    speaker: null,
    rounds: [],
    status: 'streaming',
    error: null,
    finishReason: null,
    loneReasoningClose: null,
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
    case 'generation-start': {
      const mode = text(data.mode);
      return {
        ...turn,
        mode:
          (['send', 'regenerate', 'continue', 'retry'] satisfies GenerateMode[]).find((m) => m === mode) ??
          turn.mode,
        replyId: text(data.replyId) || null,
        swipe: typeof data.swipe === 'number' ? data.swipe : null,
        continues: text(data.continues) || null,
        speaker: { characterId: text(data.characterId) || null, name: text(data.name) },
      };
    }
    case 'user-message': {
      const message = record(data.message);
      if (typeof message.id !== 'string') return turn;
      // the stored message as the server answers it (docs/api.md, "Chats": user-message)
      return { ...turn, user: { ...(message as unknown as Message), toolInvocations: [] } };
    }
    case 'tool-approval':
    case 'tool-approval-end': {
      const id = text(data.id);
      const expiresAt = text(data.expiresAt);
      const mark = (call: CallView): CallView => {
        if (call.id !== id) return call;
        const { approval: _done, ...rest } = call;
        return event === 'tool-approval' ? { ...call, approval: { expiresAt } } : rest;
      };
      return { ...turn, rounds: turn.rounds.map((r) => ({ ...r, calls: r.calls.map(mark) })) };
    }
    case 'text-delta':
    case 'reasoning-delta': {
      const delta = text(data.text);
      if (!delta) return turn;
      // Text after a round's tool calls belongs to the next round (the calls are sent when a round ends).
      const last = turn.rounds.at(-1);
      const rounds = !last || last.calls.length > 0 ? [...turn.rounds, emptyRound()] : [...turn.rounds];
      const current = rounds[rounds.length - 1];
      rounds[rounds.length - 1] =
        event === 'text-delta'
          ? { ...current, content: current.content + delta }
          : { ...current, reasoning: current.reasoning + delta };
      return { ...turn, rounds };
    }
    case 'tool-call': {
      const id = text(data.id) || `call-${allCalls(turn).length}`;
      if (allCalls(turn).some((c) => c.id === id)) return turn;
      const call: CallView = { id, name: text(data.name), args: data.args ?? {}, ok: false, pending: true };
      const rounds = turn.rounds.length ? [...turn.rounds] : [emptyRound()];
      const current = rounds[rounds.length - 1];
      rounds[rounds.length - 1] = { ...current, calls: [...current.calls, call] };
      return { ...turn, rounds };
    }
    case 'tool-result': {
      const id = text(data.id);
      const name = text(data.name);
      const fill = (call: CallView): CallView => ({
        ...call,
        ok: data.ok === true,
        result: data.result,
        error: data.error,
        durationMs: typeof data.durationMs === 'number' ? data.durationMs : undefined,
        simulated: data.simulated === true,
        pending: false,
        approval: undefined,
      });
      // Match by call id; a server that sends no id gets the oldest pending call of that name.
      const calls = allCalls(turn);
      const target =
        (id && calls.find((c) => c.id === id)) || calls.find((c) => c.pending && c.name === name);
      if (!target) {
        const rounds = turn.rounds.length ? [...turn.rounds] : [emptyRound()];
        const current = rounds[rounds.length - 1];
        const orphan = fill({ id: id || `call-${calls.length}`, name, args: {}, ok: false });
        rounds[rounds.length - 1] = { ...current, calls: [...current.calls, orphan] };
        return { ...turn, rounds };
      }
      return {
        ...turn,
        rounds: turn.rounds.map((r) => ({ ...r, calls: r.calls.map((c) => (c === target ? fill(c) : c)) })),
      };
    }
    case 'reply-notice':
      return data.kind === 'lone-reasoning-close'
        ? { ...turn, loneReasoningClose: text(data.tag) || '</think>' }
        : turn;
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

/**
 * The turn is over: calls that never got a result (the run was stopped or failed) show that at once, in their
 * final state, rather than running on until the page reloads.
 */
export function endTurn(turn: LiveTurn, status: Exclude<TurnStatus, 'streaming'>): LiveTurn {
  const final = turn.status === 'failed' ? 'failed' : status;
  const unfinished =
    final === 'stopped'
      ? 'Stopped before it finished.'
      : final === 'failed'
        ? 'The generation failed before this tool finished.'
        : 'It did not finish.';
  return {
    ...turn,
    status: final,
    rounds: turn.rounds.map((r) => ({
      ...r,
      calls: r.calls.map((c) =>
        c.pending
          ? { ...c, pending: false, approval: undefined, ok: false, error: c.error ?? unfinished }
          : c,
      ),
    })),
  };
}

/** A continuation starts from the stored message it extends: its text so far is the live round's start. */
export function continueFrom(turn: LiveTurn, message: ShownMessage | undefined): LiveTurn {
  if (!message || message.toolInvocations.length > 0 || turn.rounds.length > 0) return turn;
  return {
    ...turn,
    rounds: [{ content: message.content, reasoning: message.reasoning ?? '', calls: [] }],
  };
}

function emptyRound(): LiveRound {
  return { content: '', reasoning: '', calls: [] };
}

/** Every call of the turn, in order. */
export function allCalls(turn: LiveTurn): CallView[] {
  return turn.rounds.flatMap((r) => r.calls);
}

/** The live rounds as assistant messages, so streamed and stored messages render the same way. */
export function liveAssistantMessages(turn: LiveTurn): Array<ShownMessage & { toolInvocations: CallView[] }> {
  const rounds = turn.rounds.length ? turn.rounds : [emptyRound()];
  return rounds.map((round, index) => ({
    id: `live-assistant-${index}`,
    role: 'assistant',
    content: round.content,
    reasoning: round.reasoning,
    toolInvocations: round.calls,
    name: turn.speaker?.name ?? '',
    characterId: turn.speaker?.characterId ?? null,
    replyId: 'live',
  }));
}

/** A line for loop endings the user should know about; null for a normal answer. */
export function finishNotice(reason: string | null): string | null {
  switch (reason) {
    case 'max_rounds':
      return 'The answer stopped at the tool round limit (MAX_TOOL_ROUNDS).';
    case 'budget':
      return 'The answer stopped when its time budget ran out.';
    case 'repeated_call':
      return 'The answer stopped because the model repeated the same tool call.';
    case 'finish_reason':
      return 'The model stopped early (length limit or content filter); its last tool calls were not run.';
    case 'aborted':
      return 'The server stopped the answer before it finished.';
    default:
      return null;
  }
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

/**
 * Whether stored history already holds what a stopped turn streamed: an assistant message after the turn's user
 * message. The server stores a stopped answer when it notices the closed stream, which can be a moment after the
 * browser stopped reading, so the view waits for it rather than dropping text the user saw.
 */
export function storedTurnComplete(
  messages: ReadonlyArray<Pick<ShownMessage, 'id' | 'role' | 'replyId'>>,
  turn: LiveTurn,
): boolean {
  const streamed = turn.rounds.some((r) => r.content || r.reasoning || r.calls.length > 0);
  if (!streamed) return true;
  if (!turn.user) return messages.some((m) => m.role === 'assistant' && m.replyId === turn.replyId);
  const index = messages.findIndex((m) => m.id === turn.user?.id);
  if (index < 0) return false;
  return messages.slice(index + 1).some((m) => m.role === 'assistant');
}
