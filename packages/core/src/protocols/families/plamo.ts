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
import { MAX_NAME } from '../scan-names.js';
import { findFirst, matchLiteral } from '../scan-utils.js';
import type { FamilyParser } from './family.js';

const REQUESTS_OPEN = '<|plamo:begin_tool_requests:plamo|>';
const REQUESTS_CLOSE = '<|plamo:end_tool_requests:plamo|>';
const REQUEST_OPEN = '<|plamo:begin_tool_request:plamo|>';
const REQUEST_CLOSE = '<|plamo:end_tool_request:plamo|>';
const NAME_OPEN = '<|plamo:begin_tool_name:plamo|>';
const NAME_CLOSE = '<|plamo:end_tool_name:plamo|>';
const ARGS_OPEN = '<|plamo:begin_tool_arguments:plamo|>';
const ARGS_CLOSE = '<|plamo:end_tool_arguments:plamo|>';
const CONSTRAIN = '<|plamo:constrain|>';
const MSG = '<|plamo:msg|>';

/**
 * The tags each step may find next (whitespace between them is tolerated: the tags are several tokens each,
 * and a model may break lines between them). Between calls the closing tags of the call before are layout;
 * a call whose `begin_tool_request` was left out starts at its name.
 */
const BETWEEN = [REQUEST_OPEN, NAME_OPEN, ARGS_CLOSE, REQUEST_CLOSE, REQUESTS_CLOSE] as const;
const CALL = [NAME_OPEN] as const;
const ARGS = [ARGS_OPEN] as const;
// `<|plamo:constrain|>json<|plamo:msg|>` as vLLM reads it, `<|plamo:msg|>` alone as PFN's API writes it
const ARGS_HEAD = [CONSTRAIN, MSG, ARGS_CLOSE] as const;
const JSON_WORD = ['json'] as const;
const MSG_ONLY = [MSG] as const;
const NAME_END = [NAME_CLOSE];
const CLOSING = [ARGS_CLOSE, REQUEST_CLOSE, REQUESTS_CLOSE];
const SKIP = [REQUEST_CLOSE, REQUESTS_CLOSE];

/** Longer than any tag. */
const MAX_TAG = 48;

const orNo = (t: number): number | 'no' => (t < 0 ? 'no' : t);

type Part = 'between' | 'call' | 'name' | 'args' | 'head' | 'json' | 'msg' | 'body' | 'skip';

/**
 * PLaMo 3's `<|plamo:begin_tool_requests:plamo|>` block: per call `begin_tool_request`, the name between
 * `begin_tool_name` / `end_tool_name`, then `begin_tool_arguments` `<|plamo:constrain|>json<|plamo:msg|>` and
 * the JSON arguments (streamed as they come), `end_tool_arguments`, `end_tool_request`; `end_tool_requests`
 * closes the block. Until the first call starts, what was read is kept to hand back as text.
 */
class PlamoBlockState implements ParserState {
  private name = '';
  private calls = 0;
  /** opened by the block's tag (not by a request's alone) */
  private readonly inBlock: boolean;

  constructor(
    private raw: string,
    private part: Part,
  ) {
    this.inBlock = part === 'between';
  }

  /**
   * Whitespace (consumed), then any of `tags`: its index, 'wait' for more input, 'cut' where the input ended
   * inside one, or 'no'.
   */
  private nextTag(ctx: ParserContext, tags: readonly string[]): number | 'wait' | 'cut' | 'no' {
    const ws = takeWhitespace(ctx);
    if (this.calls === 0) this.raw += ws;
    const { buf, pos } = ctx;
    if (pos >= buf.length) return ctx.final ? 'cut' : 'wait';
    // a whole `<|…|>` tag is looked up at once (the tags share their first characters, so matching each in
    // turn would compare them again and again); the generic match is for a cut-off tag and `json`
    if (buf.charCodeAt(pos) === 60 && buf.charCodeAt(pos + 1) === 124) {
      const limit = Math.min(buf.length - 1, pos + MAX_TAG);
      let i = pos + 2;
      while (i < limit && buf.charCodeAt(i) !== 124) i++;
      if (i < limit) return buf.charCodeAt(i + 1) === 62 ? orNo(tags.indexOf(buf.slice(pos, i + 2))) : 'no';
      if (limit === pos + MAX_TAG) return 'no';
    }
    for (let t = 0; t < tags.length; t++) {
      const m = matchLiteral(ctx.buf, ctx.pos, tags[t], false);
      if (m === 'partial') return ctx.final ? 'cut' : 'wait';
      if (typeof m === 'number') return t;
    }
    return 'no';
  }

  /** Consumes the tag at index `t` of `tags` (as found by nextTag). */
  private eat(ctx: ParserContext, tags: readonly string[], t: number): void {
    const tag = take(ctx, ctx.pos + tags[t].length);
    if (this.calls === 0) this.raw += tag;
  }

  step(ctx: ParserContext): boolean {
    switch (this.part) {
      case 'between': {
        const t = this.nextTag(ctx, BETWEEN);
        if (t === 'wait') return false;
        if (t === 'cut') {
          // the input ended inside a tag: the next call's opening one means that call was cut off
          const rest = ctx.buf.slice(ctx.pos);
          const closing = rest === '' || CLOSING.some((tag) => tag.startsWith(rest));
          return closing ? this.leave(ctx, true) : this.giveUp(ctx);
        }
        if (t === 'no') return this.leave(ctx);
        this.eat(ctx, BETWEEN, t);
        const tag = BETWEEN[t];
        if (tag === REQUESTS_CLOSE) return this.leave(ctx);
        if (tag === REQUEST_OPEN || tag === NAME_OPEN) {
          this.part = tag === REQUEST_OPEN ? 'call' : 'name';
          this.name = '';
        }
        return true;
      }
      case 'call':
        return this.expect(ctx, CALL, 'name');
      case 'name':
        return this.readName(ctx);
      case 'args':
        return this.expect(ctx, ARGS, 'head');
      case 'head': {
        const t = this.nextTag(ctx, ARGS_HEAD);
        if (t === 'wait') return false;
        if (t === 'cut') return this.giveUp(ctx);
        if (t !== 'no') this.eat(ctx, ARGS_HEAD, t);
        const tag = t === 'no' ? undefined : ARGS_HEAD[t];
        // `<|plamo:end_tool_arguments:plamo|>` at once: a call without arguments
        if (tag === ARGS_CLOSE) return this.emptyCall(ctx);
        this.part = tag === CONSTRAIN ? 'json' : 'body';
        return true;
      }
      case 'json':
        return this.expect(ctx, JSON_WORD, 'msg');
      case 'msg':
        return this.expect(ctx, MSG_ONLY, 'body');
      case 'body':
        return this.body(ctx);
      default: {
        // the rest of a call that cannot be used
        const r = findFirst(ctx.buf, ctx.pos, SKIP, ctx.final);
        if (!('marker' in r)) {
          ctx.pos = r.safeEnd;
          return false;
        }
        ctx.pos = r.index + r.marker.length;
        if (r.marker === REQUESTS_CLOSE) return this.leave(ctx);
        this.part = 'between';
        return true;
      }
    }
  }

  /** The one tag `tags` holds, then `next`; anything else is not this markup. */
  private expect(ctx: ParserContext, tags: readonly string[], next: Part): boolean {
    const t = this.nextTag(ctx, tags);
    if (t === 'wait') return false;
    if (t === 'no' || t === 'cut') return this.giveUp(ctx);
    this.eat(ctx, tags, t);
    this.part = next;
    return true;
  }

  private readName(ctx: ParserContext): boolean {
    // looked at without consuming, only as far as a name reaches: text full of name tags stays linear
    const limit = ctx.pos + MAX_NAME + NAME_CLOSE.length;
    const cut = limit < ctx.buf.length;
    const r = findFirst(cut ? ctx.buf.slice(0, limit) : ctx.buf, ctx.pos, NAME_END, ctx.final || cut);
    if (!('marker' in r)) return ctx.final || cut ? this.giveUp(ctx) : false;
    const name = ctx.buf.slice(ctx.pos, r.index).trim();
    if (!/^[A-Za-z0-9_.:-]+$/.test(name)) return this.giveUp(ctx);
    const s = take(ctx, r.index + NAME_CLOSE.length);
    if (this.calls === 0) this.raw += s;
    this.name = name;
    if (ctx.tools.has(name)) {
      this.part = 'args';
      return true;
    }
    if (this.calls === 0) {
      // an unknown tool: the block is content, as written, through its end
      ctx.sink.emitText(this.raw);
      ctx.state = new PassthroughState(this.inBlock ? REQUESTS_CLOSE : REQUEST_CLOSE, backToText);
      return true;
    }
    ctx.sink.error({
      kind: 'unknown_tool',
      message: `Unknown tool "${name}". Available tools: ${availableTools(ctx)}.`,
      format: 'plamo',
      name,
      raw: name,
    });
    this.part = 'skip';
    return true;
  }

  /** The arguments object, streamed as it comes; then the closing tags, read as layout between calls. */
  private body(ctx: ParserContext): boolean {
    const ws = takeWhitespace(ctx);
    if (this.calls === 0) this.raw += ws;
    if (ctx.pos >= ctx.buf.length) return ctx.final ? this.giveUp(ctx) : false;
    if (ctx.buf[ctx.pos] !== '{') return this.giveUp(ctx);
    this.calls++;
    ctx.state = new JsonRegionState(ctx, {
      format: 'plamo',
      triggered: false,
      prefix: '',
      argsFor: this.name,
      next: (c2) => {
        this.part = 'between';
        c2.state = this;
      },
    });
    return true;
  }

  private emptyCall(ctx: ParserContext): boolean {
    this.calls++;
    ctx.sink.emptyCall(this.name, 'plamo');
    this.part = 'between';
    return true;
  }

  /** Markup that breaks off inside a call: before any call it was text; after one, this call is lost. */
  private giveUp(ctx: ParserContext): boolean {
    if (this.calls > 0) this.lost(ctx);
    // cut off: the rest is that call's (vLLM drops a trailing partial `<|plamo:` tag too)
    return this.leave(ctx, this.calls > 0 && ctx.final);
  }

  private lost(ctx: ParserContext): void {
    ctx.sink.error({
      kind: ctx.final ? 'truncated' : 'malformed',
      message: ctx.final
        ? 'A PLaMo tool request was cut off before its arguments.'
        : 'A PLaMo tool request does not follow its tags.',
      format: 'plamo',
      ...(this.name ? { name: this.name } : {}),
      raw: this.name,
    });
  }

  /** The block is over (or was never one): held text goes back as content. */
  private leave(ctx: ParserContext, dropRest = false): boolean {
    if (dropRest) {
      const rest = take(ctx, ctx.buf.length);
      if (this.calls === 0) this.raw += rest;
    }
    if (this.calls === 0) ctx.sink.emitText(this.raw);
    ctx.toText();
    return true;
  }

  finish(ctx: ParserContext): void {
    if (this.calls === 0) {
      ctx.sink.emitText(this.raw);
      return;
    }
    // the input ended inside a later call (after its first tag): it was cut off
    if (this.part !== 'between' && this.part !== 'skip') this.lost(ctx);
  }
}

const MARKERS: MarkerSpec[] = [
  {
    open: REQUESTS_OPEN,
    enter: (ctx, at, length) => {
      ctx.state = new PlamoBlockState(take(ctx, at + length), 'between');
    },
  },
  {
    // a request without the block around it
    open: REQUEST_OPEN,
    enter: (ctx, at, length) => {
      ctx.state = new PlamoBlockState(take(ctx, at + length), 'call');
    },
  },
];

/**
 * PLaMo 3 (Preferred Networks): `<|plamo:begin_tool_requests:plamo|>` around `<|plamo:begin_tool_request:plamo|>
 * <|plamo:begin_tool_name:plamo|>NAME<|plamo:end_tool_name:plamo|><|plamo:begin_tool_arguments:plamo|>
 * <|plamo:constrain|>json<|plamo:msg|>{…}<|plamo:end_tool_arguments:plamo|><|plamo:end_tool_request:plamo|>`;
 * reasoning in `<|plamo:begin_think:plamo|>` (reasoning-tags.ts), the turn ends with `<|plamo:tag|>` (turn-end.ts).
 */
export const plamoFamily: FamilyParser = { id: 'plamo', markers: () => MARKERS };
