import type { CallHandle } from './event-sink.js';
import { JsonRegionState } from './json-region.js';
import {
  availableTools,
  type ParserContext,
  type ParserState,
  PassthroughState,
  take,
  takeWhitespace,
} from './parser-context.js';
import { decodeXmlEntities, findFirst, matchLiteral } from './scan-utils.js';
import { matchFence } from './text-markers.js';

const BLOCK_OPEN = '<function_calls>';
const BLOCK_CLOSE = '</function_calls>';
const CALL_OPEN = '<function_call>';
const CALL_CLOSE = '</function_call>';
const BLOCK_MARKERS = [CALL_OPEN, BLOCK_CLOSE];

/** Just after the trigger line: a `<function_calls>` block or a JSON object must follow, else it is text. */
export class AfterTriggerState implements ParserState {
  constructor(private raw: string) {}

  step(ctx: ParserContext): boolean {
    this.raw += takeWhitespace(ctx);
    if (ctx.pos >= ctx.buf.length) return false;
    const c = ctx.buf[ctx.pos];
    if (c === '<') {
      const block = matchLiteral(ctx.buf, ctx.pos, BLOCK_OPEN, ctx.final);
      const call = matchLiteral(ctx.buf, ctx.pos, CALL_OPEN, ctx.final);
      if (typeof block === 'number') {
        ctx.pos += block;
        ctx.sink.beginTriggeredBlock();
        ctx.state = new XmlBlockState();
        return true;
      }
      if (typeof call === 'number') {
        // tolerated: the wrapper was forgotten
        ctx.pos += call;
        ctx.sink.beginTriggeredBlock();
        ctx.state = new XmlCallState(false);
        return true;
      }
      if (block === 'partial' || call === 'partial') return false;
    } else if (c === '{' || c === '[') {
      ctx.sink.beginTriggeredBlock();
      ctx.state = new JsonRegionState(ctx, { format: 'json', triggered: true, prefix: this.raw });
      return true;
    } else if (c === '`') {
      const fence = matchFence(ctx.buf, ctx.pos, ctx.final);
      if (fence === 'partial') return false;
      if (typeof fence === 'number') {
        const prefix = this.raw + take(ctx, ctx.pos + fence);
        ctx.sink.beginTriggeredBlock();
        ctx.state = new JsonRegionState(ctx, { format: 'json', triggered: true, prefix, closer: '```' });
        return true;
      }
    }
    ctx.sink.emitText(this.raw);
    ctx.toText();
    return true;
  }

  finish(ctx: ParserContext): void {
    ctx.sink.emitText(this.raw);
  }
}

/** Inside `<function_calls>`: calls one after another; stray prose between them is kept as content. */
export class XmlBlockState implements ParserState {
  private junk = '';
  private sawCall: boolean;

  constructor(sawCall = false) {
    this.sawCall = sawCall;
  }

  private flushJunk(ctx: ParserContext): void {
    if (this.junk.trim()) ctx.sink.emitText(this.junk);
    this.junk = '';
  }

  step(ctx: ParserContext): boolean {
    const r = findFirst(ctx.buf, ctx.pos, BLOCK_MARKERS, ctx.final);
    if (!('marker' in r)) {
      this.junk += take(ctx, r.safeEnd);
      return false;
    }
    this.junk += take(ctx, r.index);
    ctx.pos += r.marker.length;
    this.flushJunk(ctx);
    if (r.marker === CALL_OPEN) ctx.state = new XmlCallState(true);
    else ctx.toText();
    return true;
  }

  finish(ctx: ParserContext): void {
    this.flushJunk(ctx);
    if (!this.sawCall) {
      ctx.sink.error({
        kind: 'truncated',
        message: 'The <function_calls> block ended before any <function_call>.',
        format: 'xml',
        raw: BLOCK_OPEN,
      });
    }
  }
}

type CallPart = 'between' | 'tool' | 'args' | 'cdata';

const BETWEEN_MARKERS = ['<tool>', '<args_json>', CALL_CLOSE, BLOCK_CLOSE];
const TOOL_MARKERS = ['</tool>'];
const ARGS_MARKERS = ['<![CDATA[', '</args_json>', CALL_CLOSE];
const CDATA_MARKERS = [']]>'];

/**
 * One `<function_call>`: `<tool>NAME</tool>` and `<args_json>` in either order. CDATA text is taken as is
 * (never entity-decoded) and streams as argument deltas once the name is known; text outside CDATA is
 * entity-decoded. Surrounding whitespace of the arguments is dropped, so deltas never need taking back.
 */
export class XmlCallState implements ParserState {
  private part: CallPart = 'between';
  private raw: string[] = [CALL_OPEN];
  private toolText = '';
  private name?: string;
  private call?: CallHandle;
  private args: string[] = [];
  private argsStarted = false;
  private pendingWs = '';
  private plain = '';

  constructor(private readonly inBlock: boolean) {}

  private consume(ctx: ParserContext, end: number): string {
    const s = take(ctx, end);
    if (!this.call) this.raw.push(s);
    return s;
  }

  private appendArgs(ctx: ParserContext, piece: string): void {
    let text = piece;
    if (!this.argsStarted) {
      text = text.trimStart();
      if (!text) return;
      this.argsStarted = true;
    }
    const body = text.trimEnd();
    if (!body) {
      this.pendingWs += text;
      return;
    }
    const out = this.pendingWs + body;
    this.pendingWs = text.slice(body.length);
    this.args.push(out);
    if (this.call) ctx.sink.argsDelta(this.call, out);
  }

  private flushPlain(ctx: ParserContext): void {
    if (this.plain) this.appendArgs(ctx, decodeXmlEntities(this.plain));
    this.plain = '';
  }

  step(ctx: ParserContext): boolean {
    const markers =
      this.part === 'between'
        ? BETWEEN_MARKERS
        : this.part === 'tool'
          ? TOOL_MARKERS
          : this.part === 'args'
            ? ARGS_MARKERS
            : CDATA_MARKERS;
    const r = findFirst(ctx.buf, ctx.pos, markers, ctx.final);
    const end = 'marker' in r ? r.index : r.safeEnd;
    const text = this.consume(ctx, end);
    if (this.part === 'tool') this.toolText += text;
    else if (this.part === 'args') this.plain += text;
    else if (this.part === 'cdata') this.appendArgs(ctx, text);
    if (!('marker' in r)) return false;
    this.consume(ctx, end + r.marker.length);
    switch (r.marker) {
      case '<tool>':
        this.part = 'tool';
        this.toolText = '';
        return true;
      case '</tool>':
        this.part = 'between';
        return this.resolveName(ctx);
      case '<args_json>':
        this.part = 'args';
        return true;
      case '<![CDATA[':
        this.flushPlain(ctx);
        this.part = 'cdata';
        return true;
      case ']]>':
        this.part = 'args';
        return true;
      case '</args_json>':
        this.flushPlain(ctx);
        this.part = 'between';
        return true;
      default:
        this.flushPlain(ctx);
        this.end(ctx, r.marker === BLOCK_CLOSE);
        return true;
    }
  }

  private resolveName(ctx: ParserContext): boolean {
    if (this.name !== undefined) return true;
    const text = this.toolText.trim();
    // a name wrapped in CDATA is taken as is; plain text is entity-decoded
    const cdata = /^<!\[CDATA\[([\s\S]*)\]\]>$/.exec(text);
    const name = (cdata ? cdata[1] : decodeXmlEntities(text)).trim();
    this.name = name;
    if (ctx.tools.has(name)) {
      this.call = ctx.sink.startCall(name, 'xml');
      if (this.args.length) ctx.sink.argsDelta(this.call, this.args.join(''));
      return true;
    }
    // unknown tool: the element stays content, and the model is told which names exist
    const raw = this.raw.join('');
    ctx.sink.emitText(raw);
    ctx.sink.error({
      kind: 'unknown_tool',
      message: `Unknown tool "${name}". Available tools: ${availableTools(ctx)}.`,
      format: 'xml',
      name,
      raw,
    });
    const inBlock = this.inBlock;
    ctx.state = new PassthroughState(CALL_CLOSE, (c) => {
      if (inBlock) c.state = new XmlBlockState(true);
      else c.toText();
    });
    return true;
  }

  private end(ctx: ParserContext, blockClosed: boolean): void {
    if (this.call) {
      ctx.sink.finishCall(this.call, this.args.join(''));
    } else {
      ctx.sink.error({
        kind: 'malformed',
        message: 'A <function_call> has no <tool> name.',
        format: 'xml',
        raw: this.raw.join(''),
      });
    }
    if (this.inBlock && !blockClosed) ctx.state = new XmlBlockState(true);
    else ctx.toText();
  }

  finish(ctx: ParserContext): void {
    this.flushPlain(ctx);
    const message = `${this.name ?? 'A tool call'}: the call was cut off before </function_call>.`;
    if (this.call) {
      ctx.sink.failCall(this.call, 'truncated', message, this.args.join(''));
    } else {
      ctx.sink.error({ kind: 'truncated', message, format: 'xml', name: this.name, raw: this.raw.join('') });
    }
  }
}
