import type { CallHandle } from './event-sink.js';
import { JsonRegionState } from './json-region.js';
import { KvParamsState, type ParamDialect } from './kv-params.js';
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
import { readName } from './scan-names.js';
import { findFirst, isWhitespace } from './scan-utils.js';

/**
 * A block of named calls with tagged parameters: Qwen3-Coder `<function=NAME>…</function>` (in
 * `<tool_call>`, `<seed:tool_call>` or bare), MiniMax-M2 `<invoke name="NAME">…</invoke>`, Step-3
 * `<steptml:invoke name="NAME">`, DeepSeek V3.2 `<｜DSML｜invoke name="NAME">`.
 */
export interface InvokeDialect {
  format: TextCallFormat;
  /** opens a call, just before its name */
  invoke: string;
  /** ends the name (`>`, or `"` followed by attributes up to `>`) */
  nameEnd: string;
  params: ParamDialect;
  /** closes a call */
  invokeClose: string;
  /** closes the block; '' for a bare call that ends at its own close */
  blockClose: string;
  /** tokens dropped between calls (Step-3's per-call wrappers) */
  skip: readonly string[];
  /** text between calls that is none of the above: dropped (Step-3 repeats the name there) or ends the block */
  junk: 'drop' | 'end';
  /**
   * a call's body may be a JSON object instead of tagged parameters: Llama 3.1's custom tools and
   * Functionary v3.1 write `<function=NAME>{"key": "v"}</function>`
   */
  jsonBody: boolean;
  /**
   * reads a call's body in place of tagged parameters (MiniMax-M3's nested argument tags); `call` is
   * undefined for an unknown tool after the block's first call, whose body is dropped
   */
  body?: (
    ctx: ParserContext,
    call: CallHandle | undefined,
    done: (ctx: ParserContext, endTag: string) => void,
  ) => ParserState;
  /**
   * `invoke` ends at `name=`: the name may be double-quoted, single-quoted or bare (dots3), its quote (or,
   * bare, the tag's `>`) ends it; `nameEnd` is then unused
   */
  quotedName?: boolean;
}

/** Longest run of other text dropped between calls where the dialect drops it. */
const MAX_JUNK = 128;
/** Longest run of attributes after a call's name. */
const MAX_ATTRS = 256;
/** Longer than any tag: a tag cut off at the buffer end is still found once this much more has come. */
const TAG_MARGIN = 64;

const searches = new WeakMap<InvokeDialect, string[]>();

function between(d: InvokeDialect): string[] {
  let list = searches.get(d);
  if (!list) {
    list = [d.invoke, ...(d.blockClose ? [d.blockClose] : []), ...d.skip];
    searches.set(d, list);
  }
  return list;
}

/**
 * Between calls of a block: finds the next call, skips separators, ends at the block's close. Until a
 * call of a known tool has started, everything read is held, so a block naming an unknown tool (or one
 * that turns out not to be a block) goes back to the text as written.
 */
export class InvokeBlockState implements ParserState {
  private part: 'between' | 'name' | 'attrs' = 'between';
  private name = '';
  private calls = 0;
  /** the quote around the name being read (`quotedName`): undefined before its first character */
  private quote: string | undefined;

  /** @param atName the invoke tag was already consumed (a bare `<function=` marker) */
  constructor(
    private readonly dialect: InvokeDialect,
    private raw: string,
    atName = false,
  ) {
    if (atName) this.part = 'name';
  }

  private consume(ctx: ParserContext, end: number): string {
    const s = take(ctx, end);
    if (this.calls === 0) this.raw += s;
    return s;
  }

  step(ctx: ParserContext): boolean {
    const d = this.dialect;
    if (this.part === 'name') {
      if (d.quotedName && this.quote === undefined) {
        if (ctx.pos >= ctx.buf.length) return ctx.final ? this.giveUp(ctx) : false;
        const q = ctx.buf[ctx.pos];
        this.quote = q === '"' || q === "'" ? q : '';
        if (this.quote) this.consume(ctx, ctx.pos + 1);
      }
      const nameEnd = d.quotedName ? this.quote || '>' : d.nameEnd;
      const start = ctx.pos;
      const got = readName(ctx, this.name, nameEnd);
      if (this.calls === 0) this.raw += ctx.buf.slice(start, ctx.pos);
      if (!got) return this.giveUp(ctx);
      this.name = got.name;
      if (!got.done) return false;
      this.consume(ctx, ctx.pos + nameEnd.length);
      this.part = nameEnd === '>' ? 'between' : 'attrs';
      if (this.part === 'between') return this.startCall(ctx);
      return true;
    }
    if (this.part === 'attrs') {
      // `name="X"` then maybe more attributes, up to the tag's `>`
      // within the attributes' reach only: a search to the end of the buffer per tag would be quadratic
      const found = ctx.buf.slice(ctx.pos, ctx.pos + MAX_ATTRS + 1).indexOf('>');
      const gt = found < 0 ? -1 : ctx.pos + found;
      if (gt < 0 || gt - ctx.pos > MAX_ATTRS) {
        if (gt < 0 && !ctx.final && ctx.buf.length - ctx.pos <= MAX_ATTRS) return false;
        return this.giveUp(ctx);
      }
      this.consume(ctx, gt + 1);
      this.part = 'between';
      return this.startCall(ctx);
    }
    // only as far as dropped text and a tag reach: searching the whole rest of the buffer at every block
    // that turns out not to be one would make text full of block tags quadratic
    const limit = ctx.pos + MAX_JUNK + TAG_MARGIN;
    const cut = limit < ctx.buf.length;
    const r = findFirst(cut ? ctx.buf.slice(0, limit) : ctx.buf, ctx.pos, between(d), ctx.final || cut);
    const end = 'marker' in r ? r.index : r.safeEnd;
    for (let i = ctx.pos; i < end; i++) {
      if (isWhitespace(ctx.buf.charCodeAt(i))) continue;
      if (d.junk === 'drop') {
        // a short run before the next call's tag is dropped; a long one (or none followed) is prose
        if ('marker' in r && end - ctx.pos <= MAX_JUNK) break;
        if (!('marker' in r) && !ctx.final && ctx.buf.length - ctx.pos <= MAX_JUNK + TAG_MARGIN) return false;
      }
      // prose after the block's calls: the block is over
      this.consume(ctx, i);
      return this.leave(ctx);
    }
    this.consume(ctx, end);
    // a long blank run: the rest of it is looked at next
    if (!('marker' in r)) return cut;
    this.consume(ctx, end + r.marker.length);
    if (r.marker === d.invoke) {
      this.part = 'name';
      this.name = '';
      this.quote = undefined;
      return true;
    }
    if (r.marker === d.blockClose) {
      if (this.calls === 0) ctx.sink.emitText(this.raw);
      ctx.toText();
      return true;
    }
    return true; // a separator
  }

  private startCall(ctx: ParserContext): boolean {
    const d = this.dialect;
    const next = (c: ParserContext, endTag: string) => {
      if (endTag === d.invokeClose && d.blockClose) {
        this.part = 'between';
        c.state = this;
      } else if (endTag) {
        // the block's close, or the end of a bare call
        c.toText();
      }
    };
    if (ctx.tools.has(this.name)) {
      this.calls++;
      ctx.state = d.body
        ? d.body(ctx, ctx.sink.startCall(this.name, d.format), next)
        : d.jsonBody
          ? new BodyStartState(d, this.name, next)
          : new KvParamsState(d.params, ctx.sink.startCall(this.name, d.format), next);
      return true;
    }
    if (this.calls === 0) {
      // an unknown tool: the block is content, as written, through its close
      ctx.sink.emitText(this.raw);
      const close = d.blockClose || d.invokeClose;
      ctx.state = new PassthroughState(close, backToText);
      return true;
    }
    ctx.sink.error({
      kind: 'unknown_tool',
      message: `Unknown tool "${this.name}". Available tools: ${availableTools(ctx)}.`,
      format: d.format,
      name: this.name,
      raw: this.name,
    });
    ctx.state = d.body ? d.body(ctx, undefined, next) : new KvParamsState(d.params, undefined, next);
    return true;
  }

  /** Not a call after all: what was held is text. */
  private giveUp(ctx: ParserContext): boolean {
    if (this.calls === 0) ctx.sink.emitText(this.raw);
    ctx.toText();
    return true;
  }

  private leave(ctx: ParserContext): boolean {
    if (this.calls === 0) ctx.sink.emitText(this.raw);
    ctx.toText();
    return true;
  }

  finish(ctx: ParserContext): void {
    if (this.calls === 0) ctx.sink.emitText(this.raw);
  }
}

/** After `<function=NAME>` of a known tool and blanks (layout): a JSON object or tagged parameters. */
class BodyStartState implements ParserState {
  constructor(
    private readonly dialect: InvokeDialect,
    private readonly name: string,
    private readonly next: (ctx: ParserContext, endTag: string) => void,
  ) {}

  step(ctx: ParserContext): boolean {
    const d = this.dialect;
    takeWhitespace(ctx);
    if (ctx.pos >= ctx.buf.length && !ctx.final) return false;
    if (ctx.buf[ctx.pos] !== '{') {
      ctx.state = new KvParamsState(d.params, ctx.sink.startCall(this.name, d.format), this.next);
      return true;
    }
    ctx.state = new JsonRegionState(ctx, {
      format: d.format,
      triggered: false,
      prefix: '',
      argsFor: this.name,
      closer: d.invokeClose,
      next: (c) => this.next(c, d.invokeClose),
    });
    return true;
  }

  finish(): void {}
}
