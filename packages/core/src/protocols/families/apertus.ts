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
import { matchLiteral } from '../scan-utils.js';
import type { FamilyParser } from './family.js';

const PREFIX = '<|tools_prefix|>';
const SUFFIX = '<|tools_suffix|>';

type Part = 'list' | 'item' | 'quote' | 'name' | 'colon' | 'args' | 'itemEnd' | 'suffix';

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
    if (this.part === 'suffix') {
      takeWhitespace(ctx);
      if (ctx.pos >= ctx.buf.length && !ctx.final) return false;
      const m = matchLiteral(ctx.buf, ctx.pos, SUFFIX, ctx.final);
      if (m === 'partial') return false;
      if (typeof m === 'number') ctx.pos += m;
      ctx.toText();
      return true;
    }
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
      ctx.state = new DropState();
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

  /** The list ended early or was never one: held text goes back as content, later text is read as text. */
  private leave(ctx: ParserContext): boolean {
    if (this.calls === 0) ctx.sink.emitText(this.raw);
    ctx.toText();
    return true;
  }

  finish(ctx: ParserContext): void {
    if (this.calls === 0) {
      ctx.sink.emitText(this.raw);
      return;
    }
    if (this.part !== 'suffix' && this.name) {
      ctx.sink.error({
        kind: 'truncated',
        message: `${this.name}: the call was cut off before it ended.`,
        format: 'apertus',
        name: this.name,
        raw: this.name,
      });
    }
  }
}

/** After an unknown tool among known calls (reported): the rest of the list is dropped. */
class DropState implements ParserState {
  step(ctx: ParserContext): boolean {
    const at = ctx.buf.indexOf(SUFFIX, ctx.pos);
    if (at >= 0) {
      ctx.pos = at + SUFFIX.length;
      ctx.toText();
      return true;
    }
    // keep what could be the start of the suffix
    ctx.pos = Math.max(ctx.pos, ctx.buf.length - SUFFIX.length + 1);
    return false;
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
