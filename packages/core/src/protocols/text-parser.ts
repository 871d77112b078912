import type { StreamEvent } from '../providers/types.js';
import { EventSink } from './event-sink.js';
import type { MarkerSpec } from './marker-table.js';
import { parserConfig } from './parser-config.js';
import type { ParserContext, ParserState } from './parser-context.js';
import { normalizeParserTools } from './parser-tools.js';
import type { TextParserOptions, TextParserTool, TextToolCallParseResult } from './parser-types.js';
import { insideReasoning } from './reasoning-block.js';
import { reasoningCloseOf, reasoningOpenings, reasoningTagsProblem } from './reasoning-tags.js';
import { type FastLaneContext, plainEnd, TextState } from './text-state.js';
import { REST_DROPPED } from './turn-end.js';
import { Utf8Chunks } from './utf8-chunks.js';

export interface TextToolCallParser {
  /** Feeds text (or UTF-8 bytes); returns the events it completes. */
  push(chunk: string | Uint8Array): StreamEvent[];
  /** Ends the input: flushes held text and reports a call cut off mid-way. */
  end(): StreamEvent[];
  /** Content, calls and errors so far; complete after `end()`. */
  result(): TextToolCallParseResult;
  /**
   * Whether the reply is over before its input is: the model wrote the next turn after its own, or a tool
   * result it invented after its call. Whatever comes next is dropped, so a stream need not be read further.
   */
  isOver(): boolean;
}

function defaultIdFactory(): (index: number) => string {
  const bytes = new Uint8Array(6);
  globalThis.crypto.getRandomValues(bytes);
  const prefix = Array.from(bytes, (b) => b.toString(36).padStart(2, '0')).join('');
  return (index) => `call_${prefix}_${index}`;
}

/**
 * The streaming parser for text-mode tool calls. One pass over the input: each push scans only the new
 * text plus the few characters held back from the last push, so total work is linear in the input.
 *
 * Calls through the trigger protocol count from the last trigger that is followed by a block; their final
 * `tool-call` events come at `end()`. Calls in a model family's own markup (see `TOOL_CALL_FAMILY_INFO`)
 * are final as soon as they close. Reasoning blocks come out as `reasoning-delta` events.
 */
export function createTextToolCallParser(options: TextParserOptions): TextToolCallParser {
  return new StreamingTextParser(options);
}

/**
 * The parser and its scanning context in one object. A class, not closures: optimized code then depends on
 * the shapes of parsers, never on one parser's objects, so it stays optimized from one stream to the next.
 */
class StreamingTextParser implements TextToolCallParser, FastLaneContext {
  buf = '';
  pos = 0;
  before = 0;
  openSpan: MarkerSpec | undefined = undefined;
  final = false;
  readonly sink: EventSink;
  readonly tools: ReadonlyMap<string, TextParserTool>;
  readonly trigger: string | undefined;
  readonly table: ParserContext['table'];
  readonly preferred: ParserContext['preferred'];
  state: ParserState;
  openWrapper: string | undefined = undefined;
  private readonly text = new TextState();
  private readonly decoder = new Utf8Chunks();
  private ended = false;
  /** in the text state with nothing held back or pending: a chunk without candidates is plain text */
  private plain = true;

  constructor(options: TextParserOptions) {
    const tagsProblem = options.reasoningTags && reasoningTagsProblem(options.reasoningTags);
    if (tagsProblem) throw new TypeError(`reasoningTags: ${tagsProblem}`);
    const config = parserConfig(options.format, options.model, options.reasoningTags);
    this.tools = normalizeParserTools(options.tools);
    this.sink = new EventSink(options.createId ?? defaultIdFactory());
    this.trigger = options.trigger;
    this.table = config.table;
    this.preferred = config.preferred;
    this.state = this.text;
    if (options.openReasoning !== undefined) {
      const close = reasoningCloseOf(options.openReasoning, options.reasoningTags);
      if (close === undefined) {
        throw new TypeError(
          `openReasoning: "${options.openReasoning}" opens no reasoning block; use one of ${reasoningOpenings(options.reasoningTags).join(', ')}.`,
        );
      }
      this.state = insideReasoning(options.openReasoning, close);
      this.plain = false;
    } else if (config.replyStart) {
      this.state = config.replyStart();
      this.plain = false;
    }
  }

  toText(): void {
    this.state = this.text;
  }

  /** Adds input to what is left of the buffer. */
  private refill(input: string): void {
    const { buf, pos } = this;
    if (pos > 0) this.before = buf.charCodeAt(pos - 1);
    this.buf = pos >= buf.length ? input : buf.slice(pos) + input;
    this.pos = 0;
  }

  /** Runs the state machine over the buffer, from the inline code span the fast lane is inside of, if any. */
  private steps(): void {
    const span = this.openSpan;
    if (span !== undefined) {
      this.openSpan = undefined;
      span.enter(this, 0, 0);
    }
    while (this.state.step(this)) {
      // each step consumes input or changes state
    }
  }

  push(chunk: string | Uint8Array): StreamEvent[] {
    if (this.ended) throw new Error('The text tool-call parser has already ended.');
    const input = typeof chunk === 'string' ? chunk : this.decoder.decode(chunk);
    if (this.plain) return this.pushAfterPlain(input);
    this.refill(input);
    // still in the text state with nothing pending: the plain part of the text becomes one text delta, and
    // a possible marker start at its end is held back for the next chunk to decide; no state machine
    const s = this.buf;
    const end = this.plain || (this.state === this.text && this.sink.idle) ? plainEnd(this, s, 0) : -1;
    if (end >= 0) return this.plainPart(s, end);
    return this.run();
  }

  /**
   * The common case while streaming prose: a chunk after plain text (or inside inline code that began in
   * an earlier chunk). Plain through and through, it goes out as one text delta after one scan, nothing
   * buffered; otherwise the scan goes on from its first candidate character. Only here does `chunkEvents`
   * see text: always a chunk as the caller gave it (or as decoded from its bytes).
   */
  private pushAfterPlain(chunk: string): StreamEvent[] {
    const n = chunk.length;
    if (n === 0) return [];
    let first = 0;
    if (this.openSpan === undefined) {
      first = this.table.firstCandidate(chunk, this);
      if (first < 0) {
        this.buf = chunk;
        this.pos = n;
        return this.sink.chunkEvents(chunk);
      }
    }
    this.refill(chunk);
    const end = plainEnd(this, chunk, first);
    if (end === n) {
      this.pos = n;
      return this.sink.chunkEvents(chunk);
    }
    return end >= 0 ? this.plainPart(chunk, end) : this.run();
  }

  /** The plain part of the buffer, up to `end`, as one text delta; the rest waits for the next chunk. */
  private plainPart(s: string, end: number): StreamEvent[] {
    this.pos = end;
    this.plain = end === s.length;
    if (end === 0) return [];
    return this.sink.textEvents(end === s.length ? s : s.slice(0, end));
  }

  /** The state machine over the buffer, and the events it completes. */
  private run(): StreamEvent[] {
    this.steps();
    const events = this.sink.drain(false);
    this.plain = this.state === this.text && this.pos >= this.buf.length && this.sink.idle;
    return events;
  }

  end(): StreamEvent[] {
    if (this.ended) return [];
    this.ended = true;
    this.final = true;
    this.refill(this.decoder.end());
    this.steps();
    this.state.finish(this);
    this.sink.endTriggeredBlock();
    return this.sink.drain(true);
  }

  isOver(): boolean {
    return this.state === REST_DROPPED;
  }

  result(): TextToolCallParseResult {
    const sink = this.sink;
    const lone = sink.loneReasoningClose;
    return {
      content: sink.content,
      reasoning: sink.reasoning,
      calls: sink.calls,
      errors: [...sink.errors],
      ...(lone !== undefined ? { loneReasoningClose: lone } : {}),
    };
  }
}

/** One-shot parse: the same machine as the streaming parser, fed the whole text at once. */
export function parseToolCallsFromText(text: string, options: TextParserOptions): TextToolCallParseResult {
  const parser = createTextToolCallParser(options);
  parser.push(text);
  parser.end();
  return parser.result();
}
