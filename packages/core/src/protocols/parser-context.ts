import type { EventSink } from './event-sink.js';
import type { MarkerTable } from './marker-table.js';
import type { TextParserTool, ToolCallFamily } from './parser-types.js';
import { findFirst, isWhitespace } from './scan-utils.js';

/**
 * The shared state of one text parser. `buf` holds only input not yet consumed: each push drops the part
 * before `pos`, so the buffer stays as small as the longest undecided marker and nothing is re-scanned.
 */
export interface ParserContext {
  buf: string;
  pos: number;
  /** the input character just before `buf[0]` (0 at the start): word markers only start a word */
  before: number;
  /** no more input will come: partial markers are not markers */
  final: boolean;
  sink: EventSink;
  tools: ReadonlyMap<string, TextParserTool>;
  trigger?: string;
  /** the markers this parser reads (from the connection's format and the model name) */
  table: MarkerTable;
  /** the family picked on the connection or named by the model, whose looser forms are read too */
  preferred?: ToolCallFamily;
  state: ParserState;
  /** the closing tag of an answer wrapper (ERNIE `<response>`) whose opening tag was dropped as layout */
  openWrapper?: string;
  /** switches back to plain text scanning */
  toText(): void;
}

/** One state of the parser's machine. */
export interface ParserState {
  /** Consumes what it can; true to run again, false when it needs more input. */
  step(ctx: ParserContext): boolean;
  /** The input ended while in this state (the buffer is fully consumed). */
  finish(ctx: ParserContext): void;
}

/** Consumes whitespace at `ctx.pos` and returns it. */
export function takeWhitespace(ctx: ParserContext): string {
  const start = ctx.pos;
  let i = start;
  while (i < ctx.buf.length && isWhitespace(ctx.buf.charCodeAt(i))) i++;
  ctx.pos = i;
  return ctx.buf.slice(start, i);
}

/** Consumes up to `end` and returns the text. */
export function take(ctx: ParserContext, end: number): string {
  const s = ctx.buf.slice(ctx.pos, end);
  ctx.pos = end;
  return s;
}

export function availableTools(ctx: ParserContext): string {
  const names = [...ctx.tools.keys()];
  return names.length ? names.join(', ') : '(none)';
}

const closeLists = new Map<string, readonly string[]>();

/**
 * Passes text through as content until `close` (included), then hands over to `next`: code samples, an
 * unknown tool's markup. (Reasoning blocks have their own state, ReasoningBlockState.)
 */
export class PassthroughState implements ParserState {
  private readonly markers: readonly string[];

  constructor(
    close: string,
    private readonly next: (ctx: ParserContext) => void,
  ) {
    // one shared list per closing tag, so its compiled search is reused
    let markers = closeLists.get(close);
    if (!markers) {
      markers = [close];
      closeLists.set(close, markers);
    }
    this.markers = markers;
  }

  step(ctx: ParserContext): boolean {
    const r = findFirst(ctx.buf, ctx.pos, this.markers, ctx.final);
    if ('marker' in r) {
      ctx.sink.emitText(take(ctx, r.index + r.marker.length));
      this.next(ctx);
      return true;
    }
    ctx.sink.emitText(take(ctx, r.safeEnd));
    return false;
  }

  finish(): void {}
}

/** The usual continuation: back to text (one shared function, so passthrough states stay monomorphic). */
export function backToText(ctx: ParserContext): void {
  ctx.toText();
}

/** Drops whitespace (after a reasoning block or a call), then goes back to text. */
export class SkipWhitespaceState implements ParserState {
  step(ctx: ParserContext): boolean {
    takeWhitespace(ctx);
    if (ctx.pos >= ctx.buf.length) return false;
    ctx.toText();
    return true;
  }

  finish(): void {}
}

/** Hands the consumed text back as content and returns to plain text. */
export function revert(ctx: ParserContext, raw: string): true {
  ctx.sink.emitText(raw);
  ctx.toText();
  return true;
}
