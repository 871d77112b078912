import { GenerateTaskError } from '../../base/errors.js';
import { parseToolArguments } from '../json-args.js';
import { streamPayloadError } from '../openai/stream-error.js';
import type { FinishReason, ReasoningPart, StreamEvent, Usage } from '../types.js';

type Wire = Record<string, any>;

interface OpenCall {
  /** `call_id`: what tool results refer to */
  id: string;
  /** the output item id (`fc_…`) */
  itemId: string;
  name: string;
  index: number;
  args: string;
  done: boolean;
}

interface OpenReasoning {
  text: string;
  /** calls started before this item */
  position: number;
  /** the summary part being written, to separate parts with a blank line */
  summaryIndex: number;
}

/** Responses `usage` → normalized usage. */
export function responsesUsage(raw: unknown): Usage | undefined {
  if (!raw || typeof raw !== 'object') return undefined;
  const u = raw as Wire;
  const usage: Usage = {};
  if (typeof u.input_tokens === 'number') usage.inputTokens = u.input_tokens;
  if (typeof u.output_tokens === 'number') usage.outputTokens = u.output_tokens;
  if (typeof u.total_tokens === 'number') usage.totalTokens = u.total_tokens;
  const reasoning = u.output_tokens_details?.reasoning_tokens;
  if (typeof reasoning === 'number') usage.reasoningTokens = reasoning;
  return usage;
}

/** An error reported inside the stream (`error` event or a failed response), by its code. */
function responsesError(error: Wire | undefined, fallback: string): GenerateTaskError {
  const code = typeof error?.code === 'string' ? error.code : undefined;
  const message = typeof error?.message === 'string' && error.message ? error.message : fallback;
  return streamPayloadError({
    error: { message, code, type: typeof error?.type === 'string' ? error.type : code },
  });
}

/** The parts of a reasoning item that go back to the API (its status is an output-only field). */
function replayableItem(item: Wire): Record<string, unknown> {
  const out: Record<string, unknown> = { type: 'reasoning', id: item.id, summary: item.summary ?? [] };
  if (typeof item.encrypted_content === 'string') out.encrypted_content = item.encrypted_content;
  if (Array.isArray(item.content)) out.content = item.content;
  return out;
}

/**
 * Turns Responses API stream events (or a whole response, replayed through the same path) into normalized
 * events: output text, refusals, reasoning summaries and reasoning text, function calls (start at
 * `output_item.added`, argument deltas, finalized with the authoritative arguments of
 * `function_call_arguments.done` / `output_item.done`), reasoning items kept for the next round, and the finish
 * from `response.completed` / `response.incomplete`. `response.failed` and `error` events throw.
 */
export class ResponsesStreamReader {
  private readonly calls = new Map<string, OpenCall>();
  private readonly reasoning = new Map<string, OpenReasoning>();
  private callCount = 0;
  private started = false;
  private finishedFlag = false;

  get finished(): boolean {
    return this.finishedFlag;
  }

  push(event: unknown): StreamEvent[] {
    if (!event || typeof event !== 'object') return [];
    const e = event as Wire;
    const out: StreamEvent[] = [];
    switch (e.type) {
      case 'response.created':
      case 'response.in_progress':
        this.started = true;
        break;
      case 'response.output_item.added':
        this.started = true;
        this.itemAdded(e.item ?? {}, out);
        break;
      case 'response.output_text.delta':
      case 'response.refusal.delta':
        if (typeof e.delta === 'string' && e.delta) out.push({ type: 'text-delta', text: e.delta });
        break;
      case 'response.reasoning_summary_part.added': {
        const open = this.reasoningFor(e.item_id);
        const index = typeof e.summary_index === 'number' ? e.summary_index : 0;
        if (index > open.summaryIndex && open.text) this.reasoningText(open, '\n\n', out);
        open.summaryIndex = Math.max(open.summaryIndex, index);
        break;
      }
      case 'response.reasoning_summary_text.delta':
      case 'response.reasoning_text.delta':
        if (typeof e.delta === 'string' && e.delta)
          this.reasoningText(this.reasoningFor(e.item_id), e.delta, out);
        break;
      case 'response.function_call_arguments.delta': {
        const call = this.calls.get(e.item_id);
        if (call && !call.done && typeof e.delta === 'string' && e.delta) {
          call.args += e.delta;
          out.push({ type: 'tool-call-delta', id: call.id, index: call.index, argsDelta: e.delta });
        }
        break;
      }
      case 'response.function_call_arguments.done': {
        const call = this.calls.get(e.item_id);
        if (call && !call.done)
          this.finishCall(call, typeof e.arguments === 'string' ? e.arguments : call.args, out);
        break;
      }
      case 'response.output_item.done':
        this.itemDone(e.item ?? {}, out);
        break;
      case 'response.completed':
      case 'response.incomplete':
        out.push(...this.finish(e.response ?? {}));
        break;
      case 'response.failed':
        throw responsesError(e.response?.error, 'The provider could not complete the response.');
      case 'error':
        throw responsesError(e, 'The provider reported an error mid-stream.');
      default:
        // content_part, output_text.done, summary done events and tool kinds Toolsmith does not use
        break;
    }
    return out;
  }

  /** Call when the body ended: a stream without `response.completed` was cut off. */
  end(): StreamEvent[] {
    if (this.finishedFlag) return [];
    if (!this.started) throw new GenerateTaskError('no_response', 'The provider sent an empty stream.');
    throw new GenerateTaskError('network', 'The stream ended before response.completed.', {
      details: { cutOff: true },
    });
  }

  /** Replays a whole (non-streaming) response object through the same path as a stream. */
  static replay(response: unknown): StreamEvent[] {
    if (!response || typeof response !== 'object') {
      throw new GenerateTaskError('no_response', 'The provider sent no response.', { details: { response } });
    }
    const r = response as Wire;
    if (r.error && typeof r.error === 'object' && r.status !== 'completed') {
      throw responsesError(r.error, 'The provider could not complete the response.');
    }
    const reader = new ResponsesStreamReader();
    const events: StreamEvent[] = [];
    const output = Array.isArray(r.output) ? (r.output as Wire[]) : [];
    for (const item of output) {
      events.push(...reader.push({ type: 'response.output_item.added', item: { ...item, arguments: '' } }));
      if (item.type === 'message') {
        for (const part of Array.isArray(item.content) ? item.content : []) {
          const text = part?.type === 'refusal' ? part.refusal : part?.text;
          if (typeof text === 'string')
            events.push(...reader.push({ type: 'response.output_text.delta', delta: text }));
        }
      } else if (item.type === 'reasoning') {
        const summary = Array.isArray(item.summary) ? item.summary : [];
        summary.forEach((part: Wire, index: number) => {
          events.push(
            ...reader.push({
              type: 'response.reasoning_summary_part.added',
              item_id: item.id,
              summary_index: index,
            }),
          );
          events.push(
            ...reader.push({
              type: 'response.reasoning_summary_text.delta',
              item_id: item.id,
              delta: part?.text,
            }),
          );
        });
        for (const part of Array.isArray(item.content) ? item.content : []) {
          events.push(
            ...reader.push({ type: 'response.reasoning_text.delta', item_id: item.id, delta: part?.text }),
          );
        }
      } else if (item.type === 'function_call' && typeof item.arguments === 'string') {
        events.push(
          ...reader.push({
            type: 'response.function_call_arguments.delta',
            item_id: item.id,
            delta: item.arguments,
          }),
        );
      }
      events.push(...reader.push({ type: 'response.output_item.done', item }));
    }
    const kind = r.status === 'incomplete' ? 'response.incomplete' : 'response.completed';
    const finish = reader.push({ type: kind, response: r }).at(-1) as Extract<
      StreamEvent,
      { type: 'finish' }
    >;
    events.push({ ...finish, raw: response });
    return events;
  }

  private itemAdded(item: Wire, out: StreamEvent[]): void {
    if (item.type === 'function_call') {
      const itemId = typeof item.id === 'string' && item.id ? item.id : `fc_local_${this.callCount}`;
      const callId = typeof item.call_id === 'string' && item.call_id ? item.call_id : itemId;
      const call: OpenCall = {
        id: callId,
        itemId,
        name: typeof item.name === 'string' ? item.name : '',
        index: this.callCount++,
        args: '',
        done: false,
      };
      this.calls.set(itemId, call);
      out.push({ type: 'tool-call-start', id: call.id, index: call.index, name: call.name });
      if (typeof item.arguments === 'string' && item.arguments) {
        call.args = item.arguments;
        out.push({ type: 'tool-call-delta', id: call.id, index: call.index, argsDelta: item.arguments });
      }
    } else if (item.type === 'reasoning' && typeof item.id === 'string') {
      this.reasoningFor(item.id);
    }
  }

  private reasoningFor(itemId: unknown): OpenReasoning {
    const key = typeof itemId === 'string' ? itemId : '';
    let open = this.reasoning.get(key);
    if (!open) {
      open = { text: '', position: this.callCount, summaryIndex: 0 };
      this.reasoning.set(key, open);
    }
    return open;
  }

  private reasoningText(open: OpenReasoning, text: string, out: StreamEvent[]): void {
    open.text += text;
    out.push({ type: 'reasoning-delta', text });
  }

  private itemDone(item: Wire, out: StreamEvent[]): void {
    if (item.type === 'function_call') {
      const call = this.calls.get(item.id);
      if (call && !call.done)
        this.finishCall(call, typeof item.arguments === 'string' ? item.arguments : call.args, out);
      return;
    }
    if (item.type === 'reasoning') {
      const open = this.reasoningFor(item.id);
      const part: ReasoningPart = { text: open.text, item: replayableItem(item), position: open.position };
      out.push({ type: 'reasoning-part', part });
    }
  }

  /** Finalizes a call with its authoritative arguments, sending what the deltas did not. */
  private finishCall(call: OpenCall, finalArgs: string, out: StreamEvent[]): void {
    call.done = true;
    if (finalArgs.startsWith(call.args) && finalArgs.length > call.args.length) {
      out.push({
        type: 'tool-call-delta',
        id: call.id,
        index: call.index,
        argsDelta: finalArgs.slice(call.args.length),
      });
    }
    call.args = finalArgs;
    const args = parseToolArguments(finalArgs, call.name);
    out.push({
      type: 'tool-call',
      id: call.id,
      index: call.index,
      name: call.name,
      args,
      rawArgs: finalArgs,
      providerMetadata: { itemId: call.itemId },
    });
  }

  private finish(response: Wire): StreamEvent[] {
    this.finishedFlag = true;
    const out: StreamEvent[] = [];
    const incomplete = response.status === 'incomplete';
    // Calls still open at the end: complete ones are kept; a cut-off answer drops what does not parse.
    for (const call of this.calls.values()) {
      if (call.done) continue;
      try {
        this.finishCall(call, call.args, out);
      } catch (error) {
        if (!incomplete) throw error;
      }
    }
    let reason: FinishReason;
    let rawReason: string | null;
    if (incomplete) {
      rawReason =
        typeof response.incomplete_details?.reason === 'string'
          ? response.incomplete_details.reason
          : 'incomplete';
      reason =
        rawReason === 'max_output_tokens'
          ? 'length'
          : rawReason === 'content_filter'
            ? 'content_filter'
            : 'other';
    } else {
      rawReason = typeof response.status === 'string' ? response.status : null;
      reason = this.callCount > 0 ? 'tool_calls' : 'stop';
    }
    out.push({ type: 'finish', reason, rawReason, usage: responsesUsage(response.usage) });
    return out;
  }
}
