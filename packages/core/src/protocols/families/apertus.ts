import { type JsonCallListener, JsonCallScanner, newSlot } from '../json-call-scanner.js';
import { JsonRegionState } from '../json-region.js';
import type { MarkerSpec } from '../marker-table.js';
import {
  availableTools,
  backToText,
  type ParserContext,
  type ParserState,
  PassthroughState,
  take,
  takeWhitespace,
} from '../parser-context.js';
import { readName } from '../scan-names.js';
import { isWhitespace, matchLiteral } from '../scan-utils.js';
import type { FamilyParser } from './family.js';

const PREFIX = '<|tools_prefix|>';
const SUFFIX = '<|tools_suffix|>';
/** Blanks looked past for the closing token after the list. */
const MAX_BLANKS = 64;

type Part = 'list' | 'item' | 'quote' | 'name' | 'colon' | 'args' | 'itemEnd' | 'suffix';
/** Parts between a call's `{` and its arguments: input ending there cuts a call off. */
const MID_CALL: ReadonlySet<Part> = new Set(['quote', 'name', 'colon', 'args']);

/**
 * Apertus: `<|tools_prefix|>[{"NAME": {…args}}, …]<|tools_suffix|>`, each call an object whose one key is
 * the tool's name. The arguments stream through the JSON region; until a call of a known tool has started,
 * what was read is held, so a list that is no call (or names an unknown tool) goes back as written.
 */
class ToolsListState implements ParserState {
  private part: Part = 'list';
  private name = '';
  private calls = 0;

  constructor(private raw: string) {}

  private consume(ctx: ParserContext, end: number): void {
    const s = take(ctx, end);
    if (this.calls === 0) this.raw += s;
  }

  /** The next character after blanks (consumed), '' while more input may come, or undefined at the end. */
  private peek(ctx: ParserContext): string | undefined {
    const ws = takeWhitespace(ctx);
    if (this.calls === 0) this.raw += ws;
    if (ctx.pos < ctx.buf.length) return ctx.buf[ctx.pos];
    return ctx.final ? undefined : '';
  }

  step(ctx: ParserContext): boolean {
    if (this.part === 'name') {
      const start = ctx.pos;
      const got = readName(ctx, this.name, '"');
      if (this.calls === 0) this.raw += ctx.buf.slice(start, ctx.pos);
      if (!got) return this.leave(ctx);
      this.name = got.name;
      if (!got.done) return false;
      this.consume(ctx, ctx.pos + 1);
      this.part = 'colon';
      return true;
    }
    if (this.part === 'suffix') return this.suffix(ctx);
    const c = this.peek(ctx);
    if (c === '') return false;
    switch (this.part) {
      case 'list':
        return c === '[' ? this.next(ctx, 'item') : this.leave(ctx);
      case 'item':
        if (c === ',') return this.next(ctx, 'item');
        if (c === ']') return this.next(ctx, 'suffix');
        return c === '{' ? this.next(ctx, 'quote') : this.leave(ctx);
      case 'quote':
        this.name = '';
        return c === '"' ? this.next(ctx, 'name') : this.leave(ctx);
      case 'colon':
        return c === ':' ? this.next(ctx, 'args') : this.leave(ctx);
      case 'args':
        return c === '{' ? this.startCall(ctx) : this.leave(ctx);
      default:
        // the end of the object around one call
        return c === '}' ? this.next(ctx, 'item') : this.leave(ctx);
    }
  }

  /**
   * After the list: its closing token, blanks before it included; without it the blanks are content. Looked
   * at without consuming, as far as a short run of blanks reaches (a long one is content at once).
   */
  private suffix(ctx: ParserContext): boolean {
    let i = ctx.pos;
    while (i < ctx.buf.length && isWhitespace(ctx.buf.charCodeAt(i)) && i - ctx.pos <= MAX_BLANKS) i++;
    const near = i - ctx.pos <= MAX_BLANKS;
    if (i >= ctx.buf.length && near && !ctx.final) return false;
    const m = near ? matchLiteral(ctx.buf, i, SUFFIX, ctx.final) : 'no';
    if (m === 'partial') return false;
    if (typeof m === 'number') ctx.pos = i + m;
    ctx.toText();
    return true;
  }

  private next(ctx: ParserContext, part: Part): boolean {
    this.consume(ctx, ctx.pos + 1);
    this.part = part;
    return true;
  }

  private startCall(ctx: ParserContext): boolean {
    if (!ctx.tools.has(this.name)) {
      if (this.calls === 0) {
        // an unknown tool: the list is content, as written, through its end
        ctx.sink.emitText(this.raw);
        ctx.state = new PassthroughState(SUFFIX, backToText);
        return true;
      }
      ctx.sink.error({
        kind: 'unknown_tool',
        message: `Unknown tool "${this.name}". Available tools: ${availableTools(ctx)}.`,
        format: 'apertus',
        name: this.name,
        raw: this.name,
      });
      this.part = 'itemEnd';
      this.name = '';
      ctx.state = new SkipArgsState(this);
      return true;
    }
    this.calls++;
    ctx.state = new JsonRegionState(ctx, {
      format: 'apertus',
      triggered: false,
      prefix: '',
      argsFor: this.name,
      next: (c) => {
        this.part = 'itemEnd';
        this.name = '';
        c.state = this;
      },
    });
    return true;
  }

  /**
   * The list ended early or was never one: held text goes back as content, later text is read as text. A call
   * begun when the input ended is reported cut off.
   */
  private leave(ctx: ParserContext): boolean {
    if (this.calls === 0) ctx.sink.emitText(this.raw);
    else if (ctx.final && MID_CALL.has(this.part)) this.cutOff(ctx);
    ctx.toText();
    return true;
  }

  private cutOff(ctx: ParserContext): void {
    const name = this.name || undefined;
    ctx.sink.error({
      kind: 'truncated',
      message: `${name ?? 'A tool call'}: the call was cut off before it ended.`,
      format: 'apertus',
      name,
      raw: this.name,
    });
  }

  finish(ctx: ParserContext): void {
    if (this.calls === 0) ctx.sink.emitText(this.raw);
    else if (MID_CALL.has(this.part)) this.cutOff(ctx);
  }
}

const IGNORE: JsonCallListener = { onName() {}, onArgs() {}, onCallEnd() {} };

/** The arguments of an unknown tool among known calls (reported): read past, then the list goes on. */
class SkipArgsState implements ParserState {
  private readonly scanner = new JsonCallScanner(IGNORE, newSlot(), false);

  constructor(private readonly list: ParserState) {}

  step(ctx: ParserContext): boolean {
    ctx.pos = this.scanner.feed(ctx.buf, ctx.pos);
    if (!this.scanner.done) return false;
    ctx.state = this.list;
    return true;
  }

  finish(): void {}
}

const TOOLS_PREFIX: MarkerSpec = {
  open: PREFIX,
  enter: (ctx, at, length) => {
    ctx.state = new ToolsListState(take(ctx, at + length));
  },
};

/** Apertus (Swiss AI): calls as a list of `{"NAME": {…}}`; `<|inner_prefix|>` blocks are reasoning. */
export const apertusFamily: FamilyParser = { id: 'apertus', markers: () => [TOOLS_PREFIX] };
