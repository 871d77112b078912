import { JsonRegionState } from './json-region.js';
import {
  availableTools,
  backToText,
  type ParserContext,
  type ParserState,
  PassthroughState,
  take,
  takeWhitespace,
} from './parser-context.js';
import type { TextCallFormat } from './parser-types.js';
import { isNameChar, MAX_NAME } from './scan-names.js';
import { findFirst, isWhitespace, matchLiteral } from './scan-utils.js';
import { matchFence } from './text-markers.js';

/**
 * A block of calls written with special tokens, each `OPEN head SEP {json} CLOSE`: DeepSeek
 * (`<｜tool▁call▁begin｜>NAME<｜tool▁sep｜>{…}<｜tool▁call▁end｜>`, or V3's `function<｜tool▁sep｜>NAME` and a
 * fenced JSON block) and Kimi K2 (`<|tool_call_begin|>functions.NAME:0<|tool_call_argument_begin|>{…}`).
 */
export interface TokenDialect {
  format: TextCallFormat;
  callOpen: string;
  sep: string;
  callClose: string;
  blockClose: string;
  /** the tool name from the text between the call's opening token and the separator; '' = it follows */
  head(text: string, ctx: ParserContext): string | undefined;
}

/** Longer than any token: one cut off at the buffer end is still found once this much more has come. */
const TAG_MARGIN = 64;

/**
 * The buffer up to as far as a name and a token reach from the position (a view, not a copy), and whether
 * it was cut short: searching the whole rest of the buffer at every block that turns out not to be one
 * would make text full of block tokens quadratic.
 */
function window(ctx: ParserContext): [buf: string, cut: boolean] {
  const limit = ctx.pos + MAX_NAME + TAG_MARGIN;
  return limit < ctx.buf.length ? [ctx.buf.slice(0, limit), true] : [ctx.buf, false];
}

type Part = 'between' | 'head' | 'name' | 'args' | 'end' | 'skip';

const lists = new WeakMap<TokenDialect, { between: string[]; head: string[]; skip: string[] }>();

function listsOf(d: TokenDialect) {
  let l = lists.get(d);
  if (!l) {
    l = {
      between: [d.callOpen, d.blockClose, d.sep],
      head: [d.sep, d.callClose, d.blockClose],
      skip: [d.callClose, d.blockClose],
    };
    lists.set(d, l);
  }
  return l;
}

export class TokenBlockState implements ParserState {
  private part: Part;
  private head = '';
  private name = '';
  private calls = 0;

  /** @param inCall the marker was a call's opening token (no block token before it) */
  constructor(
    private readonly d: TokenDialect,
    private raw: string,
    inCall = false,
  ) {
    this.part = inCall ? 'head' : 'between';
  }

  private consume(ctx: ParserContext, end: number): void {
    const s = take(ctx, end);
    if (this.calls === 0) this.raw += s;
  }

  step(ctx: ParserContext): boolean {
    const d = this.d;
    const l = listsOf(d);
    switch (this.part) {
      case 'between': {
        const [buf, cut] = window(ctx);
        const r = findFirst(buf, ctx.pos, l.between, ctx.final || cut);
        const end = 'marker' in r ? r.index : r.safeEnd;
        let junk = false;
        for (let i = ctx.pos; i < end && !junk; i++) junk = !isWhitespace(ctx.buf.charCodeAt(i));
        if (junk && !('marker' in r && r.marker === d.sep && end - ctx.pos <= MAX_NAME)) {
          if (!('marker' in r) && !ctx.final && ctx.buf.length - ctx.pos <= MAX_NAME + TAG_MARGIN)
            return false;
          return this.leave(ctx);
        }
        if (!('marker' in r)) {
          if (!junk) this.consume(ctx, end);
          // a long run of blank text: the rest of it is looked at next
          return cut;
        }
        if (r.marker === d.sep) {
          // a call whose opening token was left out: what came before the separator is its head
          this.head = ctx.buf.slice(ctx.pos, end);
          this.consume(ctx, end + r.marker.length);
          return this.resolveHead(ctx);
        }
        this.consume(ctx, end + r.marker.length);
        if (r.marker === d.blockClose) return this.leave(ctx);
        this.part = 'head';
        this.head = '';
        return true;
      }
      case 'head': {
        // looked at without consuming, so giving up resumes at the same place however the text was cut
        const [buf, cut] = window(ctx);
        const r = findFirst(buf, ctx.pos, l.head, ctx.final || cut);
        if (!('marker' in r) || r.index - ctx.pos > MAX_NAME) {
          if (!('marker' in r) && !ctx.final && ctx.buf.length - ctx.pos <= MAX_NAME + TAG_MARGIN)
            return false;
          return this.leave(ctx);
        }
        const end = r.index;
        this.head = ctx.buf.slice(ctx.pos, end);
        this.consume(ctx, end + r.marker.length);
        if (r.marker !== d.sep) return this.leave(ctx);
        return this.resolveHead(ctx);
      }
      case 'name': {
        // DeepSeek V3: `function<｜tool▁sep｜>NAME` then a new line and the arguments
        while (ctx.pos < ctx.buf.length && isNameChar(ctx.buf.charCodeAt(ctx.pos))) {
          if (this.name.length >= MAX_NAME) return this.leave(ctx);
          this.name += ctx.buf[ctx.pos];
          this.consume(ctx, ctx.pos + 1);
        }
        if (ctx.pos >= ctx.buf.length && !ctx.final) return false;
        return this.startCall(ctx);
      }
      case 'args':
        return this.args(ctx);
      case 'end': {
        // after the arguments: the call's closing token, if the model wrote it
        takeWhitespace(ctx);
        if (ctx.pos >= ctx.buf.length && !ctx.final) return false;
        for (const token of [d.callClose, d.blockClose]) {
          const m = matchLiteral(ctx.buf, ctx.pos, token, ctx.final);
          if (m === 'partial') return false;
          if (typeof m !== 'number') continue;
          ctx.pos += m;
          if (token === d.blockClose) return this.leave(ctx);
          break;
        }
        this.part = 'between';
        return true;
      }
      default: {
        // the rest of a call that cannot be used
        const r = findFirst(ctx.buf, ctx.pos, l.skip, ctx.final);
        if (!('marker' in r)) {
          ctx.pos = r.safeEnd;
          return false;
        }
        ctx.pos = r.index + r.marker.length;
        if (r.marker === d.blockClose) return this.leave(ctx);
        this.part = 'between';
        return true;
      }
    }
  }

  private resolveHead(ctx: ParserContext): boolean {
    const name = this.d.head(this.head.trim(), ctx);
    if (name === undefined) return this.leave(ctx);
    if (name === '') {
      this.part = 'name';
      this.name = '';
      return true;
    }
    this.name = name;
    return this.startCall(ctx);
  }

  private startCall(ctx: ParserContext): boolean {
    if (ctx.tools.has(this.name)) {
      this.part = 'args';
      return true;
    }
    if (this.calls === 0) {
      // an unknown tool: the block is content, as written, through its end
      ctx.sink.emitText(this.raw);
      ctx.state = new PassthroughState(this.d.blockClose, backToText);
      return true;
    }
    ctx.sink.error({
      kind: 'unknown_tool',
      message: `Unknown tool "${this.name}". Available tools: ${availableTools(ctx)}.`,
      format: this.d.format,
      name: this.name,
      raw: this.name,
    });
    this.part = 'skip';
    return true;
  }

  /** After the separator (and a V3 name): optional fence, then the arguments object. */
  private args(ctx: ParserContext): boolean {
    const ws = takeWhitespace(ctx);
    if (this.calls === 0) this.raw += ws;
    if (ctx.pos >= ctx.buf.length) return ctx.final ? this.emptyCall(ctx) : false;
    const fence = matchFence(ctx.buf, ctx.pos, ctx.final);
    if (fence === 'partial') return false;
    const fenced = typeof fence === 'number';
    if (fenced) ctx.pos += fence;
    const c = ctx.buf[ctx.pos];
    if (c !== '{') return this.emptyCall(ctx);
    this.calls++;
    ctx.state = new JsonRegionState(ctx, {
      format: this.d.format,
      triggered: false,
      prefix: '',
      argsFor: this.name,
      closer: fenced ? '```' : undefined,
      next: (c2) => {
        this.part = 'end';
        c2.state = this;
      },
    });
    return true;
  }

  /** `NAME<sep>` straight into the call's end: a call without arguments. */
  private emptyCall(ctx: ParserContext): boolean {
    this.calls++;
    ctx.sink.emptyCall(this.name, this.d.format);
    this.part = 'skip';
    return true;
  }

  /** The block is over (or was never one): held text goes back as content. */
  private leave(ctx: ParserContext): boolean {
    if (this.calls === 0) ctx.sink.emitText(this.raw);
    ctx.toText();
    return true;
  }

  finish(ctx: ParserContext): void {
    if (this.calls === 0) ctx.sink.emitText(this.raw);
  }
}
