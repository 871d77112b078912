import { GenerateTaskError } from '../../base/errors.js';
import { parseToolArguments } from '../json-args.js';
import type { StreamEvent } from '../types.js';
import { googleThoughtSignature } from './reasoning-collector.js';

/** One element of `delta.tool_calls` as compatible servers send it; every field may be missing or null. */
export interface OpenAIToolCallDeltaWire {
  index?: number | null;
  id?: string | null;
  type?: string | null;
  function?: { name?: string | null; arguments?: string | null } | null;
  /** Gemini's OpenAI compatibility: `{ google: { thought_signature } }` */
  extra_content?: unknown;
}

interface PendingCall {
  /** position in the answer (0, 1, 2, ...), the `index` of the emitted events */
  ordinal: number;
  /** the provider's index, when it sends one */
  wireIndex: number | undefined;
  /** the provider's id ('' until it sends one) */
  wireId: string;
  /** the id in emitted events: the provider's, or a generated one if it had none when the call started */
  id: string;
  name: string;
  args: string;
  started: boolean;
  /** Gemini: the call's thought signature, sent back with it next round */
  signature?: string;
}

/**
 * Queues new argument text, merged into the previous event when that is a delta of the same call: a
 * network read often holds dozens of chunks, and one event per read is cheaper for every consumer.
 */
function pushArgsDelta(out: StreamEvent[], call: PendingCall, text: string): void {
  const last = out.length > 0 ? out[out.length - 1] : undefined;
  if (last !== undefined && last.type === 'tool-call-delta' && last.index === call.ordinal)
    last.argsDelta += text;
  else out.push({ type: 'tool-call-delta', id: call.id, index: call.ordinal, argsDelta: text });
}

/**
 * Reassembles OpenAI-style streamed tool calls. A delta is matched to its call by id, then by index,
 * then to the latest call; an empty id counts as missing. `tool-call-start` is emitted once the name is
 * known, `tool-call-delta` carries only new argument text (consecutive deltas of one call queued in the same
 * `out` array are merged), and `tool-call` comes from `finish()` — never
 * earlier, even when the arguments already parse. Arguments are parsed once, at `finish()`.
 */
export class OpenAIToolCallAccumulator {
  private readonly calls: PendingCall[] = [];
  private readonly byId = new Map<string, PendingCall>();
  private readonly byIndex = new Map<number, PendingCall>();
  private latest: PendingCall | undefined;
  private readonly idPrefix: string;

  constructor(options: { idPrefix?: string } = {}) {
    this.idPrefix = options.idPrefix ?? 'call_';
  }

  get size(): number {
    return this.calls.length;
  }

  /** Feeds one `delta.tool_calls` array; the resulting events are pushed onto `out`. */
  push(deltas: OpenAIToolCallDeltaWire[], out: StreamEvent[]): void {
    for (let i = 0; i < deltas.length; i++) {
      const delta = deltas[i];
      if (delta) this.pushOne(delta, out);
    }
  }

  private pushOne(delta: OpenAIToolCallDeltaWire, out: StreamEvent[]): void {
    const id = typeof delta.id === 'string' ? delta.id : '';
    const index = typeof delta.index === 'number' ? delta.index : undefined;
    const fn = delta.function;
    const name = fn && typeof fn.name === 'string' ? fn.name : '';
    const args = fn && typeof fn.arguments === 'string' ? fn.arguments : '';

    let call = this.find(id, index, name);
    if (!call) {
      // Nothing to attach and nothing to start: e.g. a trailing empty delta after the last call.
      if (!id && !name && !args) return;
      call = this.create(id, index);
    } else if (id && !call.wireId) {
      call.wireId = id;
      this.byId.set(id, call);
      if (!call.started) call.id = id;
    }
    this.latest = call;
    if (delta.extra_content !== undefined) {
      const signature = googleThoughtSignature(delta);
      if (signature) call.signature = signature;
    }

    if (name && !call.name) call.name = name;
    if (args) this.appendArgs(call, args, out);
    if (!call.started && call.name) {
      call.started = true;
      out.push({ type: 'tool-call-start', id: call.id, index: call.ordinal, name: call.name });
      // Arguments that arrived before the name are released now, in one piece.
      if (call.args) pushArgsDelta(out, call, call.args);
    }
  }

  private find(id: string, index: number | undefined, name: string): PendingCall | undefined {
    if (id) {
      const known = this.byId.get(id);
      if (known) return known;
      // A new id at an index whose call already has another id: a second call reusing the index.
      if (index !== undefined) {
        const atIndex = this.byIndex.get(index);
        if (atIndex && !atIndex.wireId) return atIndex;
        return undefined;
      }
      // No index (Mistral): a new id is a new call, unless the latest call has no id yet.
      return this.latest && !this.latest.wireId && !(name && this.latest.name) ? this.latest : undefined;
    }
    if (index !== undefined) {
      const atIndex = this.byIndex.get(index);
      // The same index naming a different tool is a new call that omitted its id.
      if (atIndex && name && atIndex.name && name !== atIndex.name) return undefined;
      return atIndex;
    }
    // Neither id nor index: the latest call, unless this delta names a tool again (then it is a new call).
    const latest = this.latest;
    if (latest && name && latest.name) return undefined;
    return latest;
  }

  private create(id: string, index: number | undefined): PendingCall {
    const ordinal = this.calls.length;
    const call: PendingCall = {
      ordinal,
      wireIndex: index,
      wireId: id,
      id: id || `${this.idPrefix}${ordinal}`,
      name: '',
      args: '',
      started: false,
    };
    this.calls.push(call);
    if (id) this.byId.set(id, call);
    if (index !== undefined) this.byIndex.set(index, call);
    return call;
  }

  private appendArgs(call: PendingCall, text: string, out: StreamEvent[]): void {
    const previous = call.args;
    let added: string;
    // Cumulative snapshots: the delta repeats everything so far. The length test comes first so normal
    // fragments (shorter than what has accumulated) never pay for a comparison.
    if (
      previous.length > 0 &&
      text.length >= previous.length &&
      text.charCodeAt(0) === previous.charCodeAt(0) &&
      text.startsWith(previous)
    ) {
      added = text.slice(previous.length);
      call.args = text;
    } else {
      added = text;
      call.args = previous + text;
    }
    if (added && call.started) pushArgsDelta(out, call, added);
  }

  /**
   * Finalizes every call (at the finish reason or the end of the stream), in call order. Arguments that are
   * not a JSON object throw `tool_call_parse` with the raw text, and so does a call that never got a name;
   * with `skipInvalid` (an answer cut by `length` or a filter) such calls are dropped instead.
   */
  finish(out: StreamEvent[], options: { skipInvalid?: boolean } = {}): void {
    for (const call of this.calls) {
      const id = call.wireId || call.id;
      if (!call.name) {
        if (options.skipInvalid) continue;
        throw new GenerateTaskError(
          'tool_call_parse',
          'The model sent a tool call without a function name.',
          {
            details: { rawArgs: call.args, id, index: call.ordinal },
          },
        );
      }
      let args: Record<string, unknown>;
      try {
        args = parseToolArguments(call.args, call.name);
      } catch (error) {
        if (options.skipInvalid) continue;
        if (error instanceof GenerateTaskError) Object.assign(error.details, { id, index: call.ordinal });
        throw error;
      }
      const event: StreamEvent = {
        type: 'tool-call',
        id,
        index: call.ordinal,
        name: call.name,
        args,
        rawArgs: call.args,
      };
      if (call.signature) event.providerMetadata = { thoughtSignature: call.signature };
      out.push(event);
    }
    this.calls.length = 0;
    this.byId.clear();
    this.byIndex.clear();
    this.latest = undefined;
  }
}
