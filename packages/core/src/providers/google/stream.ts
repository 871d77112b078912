import { randomUUID } from 'node:crypto';
import { GenerateTaskError } from '../../base/errors.js';
import { normalizeFinishReason } from '../finish-reason.js';
import type { FinishReason, ProviderMetadata, StreamEvent, Usage } from '../types.js';
import { googleStreamError } from './errors.js';
import { type GeminiPartialArg, PartialArgsAssembler } from './partial-args.js';
import { decodeGeminiValue, type GeminiSchemaConversion } from './schema.js';

/** Ids we make up for calls Gemini sent without one; they are not sent back to Gemini. */
export const GEMINI_SYNTHETIC_ID_PREFIX = 'gemini_call_';

export function isSyntheticGeminiId(id: string): boolean {
  return id.startsWith(GEMINI_SYNTHETIC_ID_PREFIX);
}

interface GeminiFunctionCall {
  id?: string;
  name?: string;
  args?: Record<string, unknown>;
  partialArgs?: GeminiPartialArg[];
  willContinue?: boolean;
}

interface GeminiPart {
  text?: string;
  thought?: boolean;
  thoughtSignature?: string;
  functionCall?: GeminiFunctionCall;
}

interface OpenCall {
  id: string;
  name: string;
  index: number;
  assembler: PartialArgsAssembler;
  signature?: string;
  /** argument text already sent as tool-call-delta events (always a prefix of the final JSON) */
  emitted: string;
  /** a later piece changed text already sent (e.g. a key inserted in a nested object): no more deltas */
  deltasStopped: boolean;
  /** arguments holding JSON text to decode: sent whole when the call is complete */
  codec?: GeminiSchemaConversion;
}

export interface GeminiReaderOptions {
  /** tools whose arguments hold free-form objects as JSON text (from planGeminiRequest) */
  toolCodecs?: Map<string, GeminiSchemaConversion>;
  /** structured output holding free-form objects as JSON text: the answer is held and sent decoded at the end */
  responseCodec?: GeminiSchemaConversion;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Reassembles Gemini `GenerateContentResponse` chunks (streamed, or one whole response) into normalized
 * events: text and thought parts, whole `functionCall` parts (with `thoughtSignature`), name-only calls, and
 * Gemini 3 `partialArgs` streams, which stay open while `willContinue` is set and close on the next part of
 * that call without it (usually an empty `functionCall: {}`).
 */
export class GeminiStreamReader {
  private open: OpenCall | undefined;
  private callCount = 0;
  private rawFinish: string | null = null;
  private blockReason: string | undefined;
  private usage: Usage | undefined;
  private textSignature: string | undefined;
  private received = false;
  private readonly idPrefix = `${GEMINI_SYNTHETIC_ID_PREFIX}${randomUUID().slice(0, 8)}_`;
  private readonly toolCodecs: Map<string, GeminiSchemaConversion> | undefined;
  private readonly responseCodec: GeminiSchemaConversion | undefined;
  /** the answer's text while it waits to be decoded (responseCodec) */
  private heldText = '';

  constructor(options: GeminiReaderOptions = {}) {
    this.toolCodecs = options.toolCodecs;
    this.responseCodec = options.responseCodec;
  }

  push(chunk: unknown): StreamEvent[] {
    if (!isObject(chunk)) return [];
    if (isObject(chunk.error)) throw googleStreamError(chunk);
    this.received = true;
    this.readUsage(chunk.usageMetadata);
    const feedback = isObject(chunk.promptFeedback) ? chunk.promptFeedback : undefined;
    if (typeof feedback?.blockReason === 'string') this.blockReason = feedback.blockReason;

    const events: StreamEvent[] = [];
    const candidates = Array.isArray(chunk.candidates) ? chunk.candidates.filter(isObject) : [];
    // One candidate is asked for; when several come, the first (index 0) is the answer.
    const candidate = candidates.find((c) => (c.index ?? 0) === 0) ?? candidates[0];
    if (!candidate) return events;
    const content = isObject(candidate.content) ? candidate.content : {};
    const parts = Array.isArray(content.parts) ? content.parts.filter(isObject) : [];
    for (const part of parts as GeminiPart[]) this.readPart(part, events);
    if (typeof candidate.finishReason === 'string') {
      this.rawFinish = candidate.finishReason;
      // The candidate is complete: a call still marked willContinue ends here.
      if (this.open) this.finalize(events);
    }
    return events;
  }

  /** Call when the body ended; returns the `finish` event (with `raw` when given). */
  end(raw?: unknown): StreamEvent[] {
    if (!this.received) throw new GenerateTaskError('no_response', 'The provider sent an empty response.');
    if (this.rawFinish === null && this.blockReason === undefined) {
      throw new GenerateTaskError('network', 'The stream ended before the provider sent a finish reason.', {
        details: { openCall: this.open?.name },
      });
    }
    const events: StreamEvent[] = [];
    if (this.open) this.finalize(events);
    if (this.responseCodec && this.heldText) events.push({ type: 'text-delta', text: this.decodedText() });
    let reason: FinishReason;
    let rawReason: string | null;
    if (this.blockReason !== undefined && this.rawFinish === null) {
      reason = 'content_filter';
      rawReason = this.blockReason;
    } else {
      rawReason = this.rawFinish;
      reason = normalizeFinishReason(rawReason);
      if (rawReason === 'STOP' && this.callCount > 0) reason = 'tool_calls';
    }
    const finish: Extract<StreamEvent, { type: 'finish' }> = { type: 'finish', reason, rawReason };
    if (this.usage) finish.usage = this.usage;
    if (raw !== undefined) finish.raw = raw;
    if (this.textSignature) finish.providerMetadata = { thoughtSignature: this.textSignature };
    events.push(finish);
    return events;
  }

  /** The held structured answer with its JSON-text values decoded (as it came when it does not parse). */
  private decodedText(): string {
    try {
      const value: unknown = JSON.parse(this.heldText);
      return JSON.stringify(decodeGeminiValue(value, this.responseCodec!));
    } catch {
      return this.heldText;
    }
  }

  private readUsage(value: unknown) {
    if (!isObject(value)) return;
    const num = (key: string) => (typeof value[key] === 'number' ? (value[key] as number) : undefined);
    const candidates = num('candidatesTokenCount');
    const thoughts = num('thoughtsTokenCount');
    const usage: Usage = {
      inputTokens: num('promptTokenCount'),
      outputTokens:
        candidates === undefined && thoughts === undefined ? undefined : (candidates ?? 0) + (thoughts ?? 0),
      totalTokens: num('totalTokenCount'),
    };
    if (thoughts !== undefined) usage.reasoningTokens = thoughts;
    this.usage = usage;
  }

  private readPart(part: GeminiPart, events: StreamEvent[]) {
    const call = isObject(part.functionCall) ? part.functionCall : undefined;
    if (call) {
      this.readCall(call, part.thoughtSignature, events);
      return;
    }
    if (typeof part.thoughtSignature === 'string' && part.thoughtSignature) {
      this.textSignature = part.thoughtSignature;
    }
    if (typeof part.text === 'string' && part.text !== '') {
      if (this.responseCodec && !part.thought) {
        this.heldText += part.text;
        return;
      }
      events.push(
        part.thought ? { type: 'reasoning-delta', text: part.text } : { type: 'text-delta', text: part.text },
      );
    }
  }

  private readCall(fc: GeminiFunctionCall, signature: string | undefined, events: StreamEvent[]) {
    const name = typeof fc.name === 'string' && fc.name ? fc.name : undefined;
    let call = this.open;
    // A nameless part with no call open (e.g. a stray end marker) belongs to nothing.
    if (!call && name === undefined) return;
    if (!call || name !== undefined) {
      // A named part starts a new call; one still open is complete by then.
      if (call) this.finalize(events);
      call = {
        id: typeof fc.id === 'string' && fc.id ? fc.id : `${this.idPrefix}${this.callCount}`,
        name: name ?? '',
        index: this.callCount++,
        assembler: new PartialArgsAssembler(),
        emitted: '',
        deltasStopped: false,
      };
      const codec = name !== undefined ? this.toolCodecs?.get(name) : undefined;
      if (codec) call.codec = codec;
      events.push({ type: 'tool-call-start', id: call.id, index: call.index, name: call.name });
    }
    if (typeof signature === 'string' && signature) call.signature = signature;
    if (isObject(fc.args)) call.assembler.merge(fc.args);
    if (Array.isArray(fc.partialArgs)) {
      for (const piece of fc.partialArgs) if (isObject(piece)) call.assembler.apply(piece);
    }
    if (fc.willContinue === true) {
      this.open = call;
      this.emitStablePrefix(call, events);
    } else {
      this.open = call;
      this.finalize(events);
    }
  }

  /**
   * Sends the part of the arguments' JSON that can no longer change: the serialization without its closing
   * quotes and brackets, as long as it still extends what was sent before.
   */
  private emitStablePrefix(call: OpenCall, events: StreamEvent[]) {
    if (call.deltasStopped || call.codec) return;
    const stable = JSON.stringify(call.assembler.args).replace(/["}\]]+$/, '');
    if (!stable.startsWith(call.emitted)) {
      call.deltasStopped = true;
      return;
    }
    if (stable.length > call.emitted.length) {
      events.push({
        type: 'tool-call-delta',
        id: call.id,
        index: call.index,
        argsDelta: stable.slice(call.emitted.length),
      });
      call.emitted = stable;
    }
  }

  private finalize(events: StreamEvent[]) {
    const call = this.open;
    if (!call) return;
    this.open = undefined;
    const args = call.codec
      ? (decodeGeminiValue(call.assembler.args, call.codec) as Record<string, unknown>)
      : call.assembler.args;
    const rawArgs = JSON.stringify(args);
    if (!call.deltasStopped && rawArgs.startsWith(call.emitted) && rawArgs.length > call.emitted.length) {
      events.push({
        type: 'tool-call-delta',
        id: call.id,
        index: call.index,
        argsDelta: rawArgs.slice(call.emitted.length),
      });
    }
    const providerMetadata: ProviderMetadata | undefined = call.signature
      ? { thoughtSignature: call.signature }
      : undefined;
    events.push({
      type: 'tool-call',
      id: call.id,
      index: call.index,
      name: call.name,
      args,
      rawArgs,
      ...(providerMetadata ? { providerMetadata } : {}),
    });
  }
}
