import type { StreamEvent } from '../providers/types.js';
import { decodeArguments } from './decode-args.js';
import type {
  ParsedTextToolCall,
  TextCallFormat,
  TextProtocolError,
  TextProtocolErrorKind,
} from './parser-types.js';
import { isHighSurrogate } from './scan-utils.js';
import { TextPieces } from './text-pieces.js';

export interface CallHandle {
  id: string;
  index: number;
  name: string;
  format: TextCallFormat;
  settled: boolean;
}

/** Calls written through the trigger protocol (Luker XML or the JSON object after the trigger). */
function isTriggered(format: TextCallFormat): boolean {
  return format === 'xml' || format === 'json';
}

interface TriggeredBlock {
  finals: StreamEvent[];
  calls: ParsedTextToolCall[];
  errors: TextProtocolError[];
}

/**
 * Collects the parser's output: stream events (adjacent text and argument deltas merged per push), plus the
 * content, calls and errors of the one-shot result. A trailing high surrogate is held until the next push
 * so no event ever carries half a character.
 *
 * Only the last triggered block counts (the protocol allows exactly one; a later one is the model's
 * correction). So the final `tool-call` events and the errors of a triggered block are held until the
 * input ends, and a new triggered block drops those of the one before. Its start and delta events have
 * streamed already; like a cut-off call's, they are never followed by a `tool-call`.
 */
export class EventSink {
  /**
   * The events since the last drain: the first `eventCount` entries of a buffer reused from push to push
   * (a fresh array per push grows to 17 slots for its first event; the caller gets an exact copy).
   */
  private events: StreamEvent[] = [];
  private eventCount = 0;
  private text = '';
  private thinking = '';
  private delta: { call: CallHandle; text: string } | null = null;
  /**
   * The last character code of `text`, `thinking` and the delta text, kept as they grow: those are
   * concatenations, and reading their last character would flatten them once per push.
   */
  private textTail = 0;
  private thinkingTail = 0;
  private deltaTail = 0;
  /** all content and reasoning so far */
  private readonly contentText = new TextPieces();
  private readonly reasoningText = new TextPieces();
  private readonly callList: ParsedTextToolCall[] = [];
  private readonly callOrder = new Map<ParsedTextToolCall, number>();
  readonly errors: TextProtocolError[] = [];
  private block: TriggeredBlock | null = null;
  private nextIndex = 0;
  private lineStart = true;
  private last = 0;
  private callEnded = false;
  private reasoningEnded = false;
  private loneClose: string | undefined = undefined;

  constructor(private readonly createId: (index: number) => string) {}

  emitText(s: string): void {
    if (!s) return;
    this.flushDelta(true);
    this.flushReasoning(true);
    this.text += s;
    this.textTail = s.charCodeAt(s.length - 1);
    this.trackLine(s);
    if (this.callEnded) this.callEnded = !/\S/.test(s);
    if (this.reasoningEnded) this.reasoningEnded = !/\S/.test(s);
  }

  /** Reasoning the model wrote in its text (`<think>` blocks, a harmony analysis channel). */
  emitReasoning(s: string): void {
    if (!s) return;
    this.flushDelta(true);
    this.flushText(true);
    this.thinking += s;
    this.thinkingTail = s.charCodeAt(s.length - 1);
  }

  /** Nothing is pending: a plain text chunk can go straight out (the streaming fast path). */
  get idle(): boolean {
    return this.text === '' && this.thinking === '' && this.delta === null && this.eventCount === 0;
  }

  /** The events for a plain text chunk when the sink is idle: one text delta, no buffering. */
  textEvents(s: string): StreamEvent[] {
    this.trackLine(s);
    this.contentAdded(s);
    return [{ type: 'text-delta', text: s }];
  }

  /**
   * `textEvents` for a whole chunk in the parser's fast lane. A copy on purpose: V8 keeps feedback per
   * function, and the slices and concatenations the rest of the parser passes to `textEvents` would turn
   * its string reads polymorphic (not inlined) for every streamed chunk; this one only ever sees chunks.
   * Its line tracking is a copy too: handing chunks that end in blanks to `trackLine` measured 45 → 49–55 ns
   * per plain prose chunk.
   */
  chunkEvents(s: string): StreamEvent[] {
    const n = s.length;
    const last = s.charCodeAt(n - 1);
    this.last = last;
    if (last > 32) this.lineStart = false;
    else {
      for (let i = n - 1; i >= 0; i--) {
        const c = s.charCodeAt(i);
        if (c === 10) {
          this.lineStart = true;
          break;
        }
        if (c !== 32 && c !== 9 && c !== 13) {
          this.lineStart = false;
          break;
        }
      }
    }
    this.contentAdded(s);
    return [{ type: 'text-delta', text: s }];
  }

  private contentAdded(s: string): void {
    if (this.callEnded) this.callEnded = !/\S/.test(s);
    if (this.reasoningEnded) this.reasoningEnded = !/\S/.test(s);
    this.contentText.add(s);
  }

  private trackLine(s: string): void {
    this.last = s.charCodeAt(s.length - 1);
    for (let i = s.length - 1; i >= 0; i--) {
      const c = s.charCodeAt(i);
      if (c === 10) {
        this.lineStart = true;
        return;
      }
      if (c !== 32 && c !== 9 && c !== 13) {
        this.lineStart = false;
        return;
      }
    }
  }

  /** Whether the content so far ends at the start of a line (only spaces since the last newline or call). */
  get atLineStart(): boolean {
    return this.lineStart;
  }

  /** A call ended and only whitespace came as content since: a closing wrapper tag here is layout. */
  get afterCall(): boolean {
    return this.callEnded;
  }

  /** A reasoning block ended (its closing tag) and only whitespace came as content since. */
  get afterReasoning(): boolean {
    return this.reasoningEnded;
  }

  /**
   * A reasoning block's closing tag came with no opening one: noted (the first time) when visible text came
   * before it, which is then most likely reasoning shown as the answer (the model's template opened the
   * block in the prompt).
   */
  noteLoneReasoningClose(tag: string): void {
    if (this.loneClose === undefined && /\S/.test(this.contentText.text() + this.text)) this.loneClose = tag;
  }

  /** The closing tag `noteLoneReasoningClose` noted, if any. */
  get loneReasoningClose(): string | undefined {
    return this.loneClose;
  }

  /** Marks the end of a reasoning block (`</think>`): an answer wrapper right after it is layout. */
  endReasoning(): void {
    this.reasoningEnded = true;
  }

  /** The last content character since the last call (0 when none): tells a quoted marker from markup. */
  get lastChar(): number {
    return this.last;
  }

  startCall(name: string, format: TextCallFormat): CallHandle {
    this.flushAll();
    const index = this.nextIndex++;
    const call: CallHandle = { id: this.createId(index), index, name, format, settled: false };
    this.lineStart = true;
    this.last = 0;
    this.reasoningEnded = false;
    this.add({ type: 'tool-call-start', id: call.id, index, name });
    return call;
  }

  /** A call written without arguments (`NAME` then its end): started and finished at once, with `{}`. */
  emptyCall(name: string, format: TextCallFormat): void {
    const call = this.startCall(name, format);
    this.argsDelta(call, '{}');
    this.finishCall(call, '{}');
  }

  argsDelta(call: CallHandle, s: string): void {
    if (!s) return;
    this.flushText(true);
    this.flushReasoning(true);
    if (this.delta && this.delta.call !== call) this.flushDelta(true);
    if (!this.delta) this.delta = { call, text: '' };
    this.delta.text += s;
    this.deltaTail = s.charCodeAt(s.length - 1);
  }

  /** A trigger line opened a new block: whatever an earlier triggered block produced is dropped. */
  beginTriggeredBlock(): void {
    this.block = { finals: [], calls: [], errors: [] };
  }

  private currentBlock(): TriggeredBlock {
    if (!this.block) this.beginTriggeredBlock();
    return this.block as TriggeredBlock;
  }

  /** Emits the final call if its arguments decode; otherwise records why not. */
  finishCall(call: CallHandle, rawArgs: string, allowStringLayer = true): void {
    if (call.settled) return;
    this.callEnded = true;
    const decoded = decodeArguments(rawArgs, { allowStringLayer });
    if (!decoded.ok) {
      this.failCall(call, decoded.kind, `${call.name}: ${decoded.message}`, rawArgs);
      return;
    }
    call.settled = true;
    const event: StreamEvent = {
      type: 'tool-call',
      id: call.id,
      index: call.index,
      name: call.name,
      args: decoded.args,
      rawArgs,
    };
    const parsed: ParsedTextToolCall = {
      id: call.id,
      name: call.name,
      args: decoded.args,
      raw: rawArgs,
      format: call.format,
    };
    this.callOrder.set(parsed, call.index);
    if (isTriggered(call.format)) {
      const block = this.currentBlock();
      block.finals.push(event);
      block.calls.push(parsed);
      return;
    }
    this.flushAll();
    this.add(event);
    this.callList.push(parsed);
  }

  failCall(call: CallHandle, kind: TextProtocolErrorKind, message: string, raw: string): void {
    if (call.settled) return;
    call.settled = true;
    this.callEnded = true;
    this.error({ kind, message, format: call.format, name: call.name, raw });
  }

  error(error: TextProtocolError): void {
    if (isTriggered(error.format)) this.currentBlock().errors.push(error);
    else this.errors.push(error);
  }

  /** The calls so far, in the order they started. */
  get calls(): ParsedTextToolCall[] {
    const all = this.block ? [...this.callList, ...this.block.calls] : [...this.callList];
    return all.sort((a, b) => (this.callOrder.get(a) ?? 0) - (this.callOrder.get(b) ?? 0));
  }

  /** The input ended: the last triggered block's calls and errors become final. */
  endTriggeredBlock(): void {
    const block = this.block;
    if (!block) return;
    this.block = null;
    this.flushAll();
    for (const event of block.finals) this.add(event);
    this.callList.push(...block.calls);
    this.errors.push(...block.errors);
  }

  get content(): string {
    return this.contentText.text();
  }

  get reasoning(): string {
    return this.reasoningText.text();
  }

  /** The events since the last drain. */
  drain(final: boolean): StreamEvent[] {
    this.flushText(final);
    this.flushReasoning(final);
    this.flushDelta(final);
    const n = this.eventCount;
    if (n === 0) return [];
    this.eventCount = 0;
    if (final) {
      const out = this.events.slice(0, n);
      this.events = [];
      return out;
    }
    return n === 1 ? [this.events[0]] : this.events.slice(0, n);
  }

  private add(event: StreamEvent): void {
    this.events[this.eventCount++] = event;
  }

  private flushAll(): void {
    this.flushText(true);
    this.flushReasoning(true);
    this.flushDelta(true);
  }

  private flushReasoning(all: boolean): void {
    let text = this.thinking;
    if (!text) return;
    this.thinking = '';
    if (!all && isHighSurrogate(this.thinkingTail)) {
      this.thinking = text.slice(-1);
      text = text.slice(0, -1);
      if (!text) return;
    }
    this.reasoningText.add(text);
    this.add({ type: 'reasoning-delta', text });
  }

  private flushText(all: boolean): void {
    let text = this.text;
    if (!text) return;
    this.text = '';
    if (!all && isHighSurrogate(this.textTail)) {
      this.text = text.slice(-1);
      text = text.slice(0, -1);
      if (!text) return;
    }
    this.contentText.add(text);
    this.add({ type: 'text-delta', text });
  }

  private flushDelta(all: boolean): void {
    const d = this.delta;
    if (!d) return;
    this.delta = null;
    let text = d.text;
    if (!all && isHighSurrogate(this.deltaTail)) {
      this.delta = { call: d.call, text: text.slice(-1) };
      text = text.slice(0, -1);
      if (!text) return;
    }
    this.add({ type: 'tool-call-delta', id: d.call.id, index: d.call.index, argsDelta: text });
  }
}
