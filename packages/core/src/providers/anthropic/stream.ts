import { GenerateTaskError } from '../../base/errors.js';
import { normalizeFinishReason } from '../finish-reason.js';
import { parseToolArguments } from '../json-args.js';
import type { FinishReason, StreamEvent, Usage } from '../types.js';
import { anthropicStreamError } from './errors.js';
import { ANTHROPIC_JSON_TOOL } from './request.js';

type OpenBlock =
  | { kind: 'text' }
  | { kind: 'thinking'; text: string; signature: string }
  | { kind: 'redacted'; data: string }
  | {
      kind: 'tool';
      id: string;
      name: string;
      index: number;
      deltas: string;
      /** `input` already present in content_block_start (some proxies send the whole input there) */
      initial: Record<string, unknown> | undefined;
      /** the forced structured-output tool: its input is the answer's text */
      json: boolean;
    }
  | { kind: 'other' };

interface AnthropicUsage {
  input_tokens?: number;
  output_tokens?: number;
  cache_creation_input_tokens?: number;
  cache_read_input_tokens?: number;
}

const LOCAL_REASONS: Record<string, FinishReason> = {
  model_context_window_exceeded: 'length',
  pause_turn: 'other',
};

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Reassembles Anthropic Messages events (streamed, or replayed from a whole message) into normalized events.
 * A tool call is finalized only at its `content_block_stop`, never when its arguments happen to parse.
 */
export class AnthropicStreamReader {
  private readonly blocks = new Map<number, OpenBlock>();
  private toolCount = 0;
  private rawReason: string | null = null;
  private readonly usage: AnthropicUsage = {};
  private started = false;
  private stopped = false;
  private readonly jsonMode: boolean;

  constructor(options: { jsonMode?: boolean } = {}) {
    this.jsonMode = options.jsonMode ?? false;
  }

  get finished(): boolean {
    return this.stopped;
  }

  push(event: unknown): StreamEvent[] {
    if (!isObject(event)) return [];
    switch (event.type) {
      case 'message_start': {
        this.started = true;
        const message = isObject(event.message) ? event.message : {};
        this.addUsage(message.usage);
        return [];
      }
      case 'content_block_start':
        return this.startBlock(Number(event.index), isObject(event.content_block) ? event.content_block : {});
      case 'content_block_delta':
        return this.delta(Number(event.index), isObject(event.delta) ? event.delta : {});
      case 'content_block_stop':
        return this.stopBlock(Number(event.index));
      case 'message_delta': {
        const delta = isObject(event.delta) ? event.delta : {};
        if (typeof delta.stop_reason === 'string') this.rawReason = delta.stop_reason;
        this.addUsage(event.usage);
        return [];
      }
      case 'message_stop':
        this.stopped = true;
        return [this.finish()];
      case 'error':
        throw anthropicStreamError(event);
      default:
        // `ping` and event types added later carry nothing we use.
        return [];
    }
  }

  /** Call when the body ended; a stream without `message_stop` was cut off. */
  end(): StreamEvent[] {
    if (this.stopped) return [];
    if (!this.started) throw new GenerateTaskError('no_response', 'The provider sent an empty stream.');
    throw new GenerateTaskError('network', 'The stream ended before message_stop.', {
      details: { openBlocks: this.blocks.size },
    });
  }

  /** Replays a whole (non-streaming) message through the same path as a stream. */
  static replay(message: unknown, options: { jsonMode?: boolean } = {}): StreamEvent[] {
    if (!isObject(message) || message.type === 'error') throw anthropicStreamError(message);
    const reader = new AnthropicStreamReader(options);
    const events: StreamEvent[] = [];
    events.push(...reader.push({ type: 'message_start', message: { ...message, content: [] } }));
    const content = Array.isArray(message.content) ? message.content : [];
    content.forEach((block, index) => {
      // A whole block arrives as its start event with everything in it, then its stop.
      events.push(...reader.push({ type: 'content_block_start', index, content_block: block }));
      events.push(...reader.push({ type: 'content_block_stop', index }));
    });
    events.push(
      ...reader.push({
        type: 'message_delta',
        delta: { stop_reason: message.stop_reason ?? null },
        usage: {},
      }),
    );
    const finish = reader.push({ type: 'message_stop' })[0] as Extract<StreamEvent, { type: 'finish' }>;
    events.push({ ...finish, raw: message });
    return events;
  }

  private addUsage(value: unknown) {
    if (!isObject(value)) return;
    for (const key of [
      'input_tokens',
      'output_tokens',
      'cache_creation_input_tokens',
      'cache_read_input_tokens',
    ] as const) {
      if (typeof value[key] === 'number') this.usage[key] = value[key] as number;
    }
  }

  private startBlock(index: number, block: Record<string, unknown>): StreamEvent[] {
    switch (block.type) {
      case 'text': {
        // Streamed text blocks start empty; whole messages (and some proxies) carry the text here.
        this.blocks.set(index, { kind: 'text' });
        const text = typeof block.text === 'string' ? block.text : '';
        return text && !this.jsonMode ? [{ type: 'text-delta', text }] : [];
      }
      case 'thinking': {
        const text = typeof block.thinking === 'string' ? block.thinking : '';
        this.blocks.set(index, {
          kind: 'thinking',
          text,
          signature: typeof block.signature === 'string' ? block.signature : '',
        });
        return text ? [{ type: 'reasoning-delta', text }] : [];
      }
      case 'redacted_thinking':
        this.blocks.set(index, { kind: 'redacted', data: typeof block.data === 'string' ? block.data : '' });
        return [];
      case 'tool_use': {
        const name = typeof block.name === 'string' ? block.name : '';
        const json = this.jsonMode && name === ANTHROPIC_JSON_TOOL;
        const input = isObject(block.input) && Object.keys(block.input).length > 0 ? block.input : undefined;
        const tool: OpenBlock = {
          kind: 'tool',
          id: typeof block.id === 'string' && block.id ? block.id : `toolu_local_${this.toolCount}`,
          name,
          index: json ? -1 : this.toolCount++,
          deltas: '',
          initial: input,
          json,
        };
        this.blocks.set(index, tool);
        return json ? [] : [{ type: 'tool-call-start', id: tool.id, index: tool.index, name }];
      }
      default:
        this.blocks.set(index, { kind: 'other' });
        return [];
    }
  }

  private delta(index: number, delta: Record<string, unknown>): StreamEvent[] {
    const block = this.blocks.get(index);
    if (!block) return [];
    if (delta.type === 'text_delta' && block.kind === 'text' && typeof delta.text === 'string') {
      // In structured-output mode only the forced tool's input is the answer.
      if (this.jsonMode || delta.text === '') return [];
      return [{ type: 'text-delta', text: delta.text }];
    }
    if (delta.type === 'thinking_delta' && block.kind === 'thinking' && typeof delta.thinking === 'string') {
      block.text += delta.thinking;
      return delta.thinking === '' ? [] : [{ type: 'reasoning-delta', text: delta.thinking }];
    }
    if (
      delta.type === 'signature_delta' &&
      block.kind === 'thinking' &&
      typeof delta.signature === 'string'
    ) {
      block.signature += delta.signature;
      return [];
    }
    if (
      delta.type === 'input_json_delta' &&
      block.kind === 'tool' &&
      typeof delta.partial_json === 'string'
    ) {
      // Empty partial_json fragments are real (sent before the first key); they add nothing.
      if (delta.partial_json === '') return [];
      block.deltas += delta.partial_json;
      if (block.json) return [{ type: 'text-delta', text: delta.partial_json }];
      return [{ type: 'tool-call-delta', id: block.id, index: block.index, argsDelta: delta.partial_json }];
    }
    return [];
  }

  private stopBlock(index: number): StreamEvent[] {
    const block = this.blocks.get(index);
    if (!block) return [];
    this.blocks.delete(index);
    if (block.kind === 'thinking') {
      return [
        { type: 'reasoning-part', part: { text: block.text, signature: block.signature || undefined } },
      ];
    }
    if (block.kind === 'redacted') {
      return [{ type: 'reasoning-part', part: { text: '', redactedData: block.data } }];
    }
    if (block.kind !== 'tool') return [];

    // The streamed fragments are authoritative; an input given whole at the start is used when none came.
    const streamed = block.deltas.trim() !== '';
    const rawArgs = streamed ? block.deltas : block.initial ? JSON.stringify(block.initial) : '';
    if (block.json) {
      if (streamed) return [];
      return [{ type: 'text-delta', text: rawArgs || '{}' }];
    }
    const events: StreamEvent[] = [];
    if (!streamed && rawArgs) {
      events.push({ type: 'tool-call-delta', id: block.id, index: block.index, argsDelta: rawArgs });
    }
    const args = parseToolArguments(rawArgs, block.name);
    events.push({ type: 'tool-call', id: block.id, index: block.index, name: block.name, args, rawArgs });
    return events;
  }

  private finish(): Extract<StreamEvent, { type: 'finish' }> {
    const raw = this.rawReason;
    let reason: FinishReason =
      raw !== null && Object.hasOwn(LOCAL_REASONS, raw) ? LOCAL_REASONS[raw] : normalizeFinishReason(raw);
    // The forced structured-output tool is our device: for the caller the answer simply ended.
    if (this.jsonMode && raw === 'tool_use') reason = 'stop';
    const u = this.usage;
    const input =
      u.input_tokens === undefined
        ? undefined
        : u.input_tokens + (u.cache_creation_input_tokens ?? 0) + (u.cache_read_input_tokens ?? 0);
    const usage: Usage = { inputTokens: input, outputTokens: u.output_tokens };
    if (input !== undefined && u.output_tokens !== undefined) usage.totalTokens = input + u.output_tokens;
    return { type: 'finish', reason, rawReason: raw, usage };
  }
}
