import { JsonRegionState } from '../json-region.js';
import { KvParamsState, type ParamDialect } from '../kv-params.js';
import type { MarkerSpec } from '../marker-table.js';
import {
  availableTools,
  backToText,
  type ParserContext,
  type ParserState,
  PassthroughState,
  revert,
  take,
} from '../parser-context.js';
import type { TextCallFormat } from '../parser-types.js';
import { isNameChar, MAX_NAME } from '../scan-names.js';
import { isWhitespace, type MatchResult, matchLiteral } from '../scan-utils.js';

/** The tags of one Hy3 / Hy4 block: plain, or each carrying the checkpoint suffix its `<tool_calls:…>` had. */
interface HyTags {
  /** '' or `:SUFFIX` */
  suffix: string;
  format: TextCallFormat;
  /** the wrapper's open tag, for messages */
  block: string;
  call: string;
  /** after the name (Hy3's `<tool_sep>`), if the format has one */
  sep?: string;
  callClose: string;
  blockClose: string;
  params: ParamDialect;
  /** a call's body may be a JSON object `{"name":…,"arguments":{…}}` instead (K2-Horizon's json mode) */
  jsonCall?: boolean;
}

function hyTags(suffix: string): HyTags {
  const tag = (name: string) => `<${name}${suffix}>`;
  const callClose = tag('/tool_call');
  const blockClose = tag('/tool_calls');
  return {
    suffix,
    format: 'hunyuan',
    block: '<tool_calls>',
    call: tag('tool_call'),
    sep: tag('tool_sep'),
    callClose,
    blockClose,
    params: {
      format: 'hunyuan',
      open: tag('arg_key'),
      keyEnd: tag('/arg_key'),
      valueOpen: tag('arg_value'),
      close: tag('/arg_value'),
      // Hy3 may leave the last call unclosed: the block's close ends it
      ends: [callClose, blockClose],
      // values sit between their tags: their whitespace is data
      trimNewlines: false,
    },
  };
}

const PLAIN = hyTags('');

/**
 * K2-Horizon (IFM): the same calls with `ifm|` on every tag, in `<ifm|tool_calls>`, no separator; typed
 * mode's `<ifm|arg_type>T</ifm|arg_type>` between key and value is layout (the schema types the value).
 */
const IFM: HyTags = {
  suffix: '',
  format: 'k2-horizon',
  block: '<ifm|tool_calls>',
  call: '<ifm|tool_call>',
  callClose: '</ifm|tool_call>',
  blockClose: '</ifm|tool_calls>',
  params: {
    format: 'k2-horizon',
    open: '<ifm|arg_key>',
    keyEnd: '</ifm|arg_key>',
    valueOpen: '<ifm|arg_value>',
    close: '</ifm|arg_value>',
    ends: ['</ifm|tool_call>', '</ifm|tool_calls>'],
    trimNewlines: false,
  },
  jsonCall: true,
};
/** Suffixed tag sets seen so far (a checkpoint has one suffix; a few kept, the rest built per block). */
const SUFFIXED = new Map<string, HyTags>();
const MAX_SUFFIX = 32;

function suffixedTags(suffix: string): HyTags {
  let tags = SUFFIXED.get(suffix);
  if (!tags) {
    tags = hyTags(suffix);
    if (SUFFIXED.size < 8) SUFFIXED.set(suffix, tags);
  }
  return tags;
}

/**
 * After `<tool_calls>`: Jamba / Hunyuan-A13B / MiniMax-M1 JSON, or Tencent Hy3 / Hy4 calls,
 * `<tool_call>NAME<tool_sep><arg_key>k</arg_key><arg_value>v</arg_value>…</tool_call>…</tool_calls>` (Hy4
 * without `<tool_sep>`, its tags maybe suffixed: `<tool_calls:6124c78e>`). Until a call of a known tool has
 * started everything read is held, so prose mentioning the tag (or a block naming an unknown tool) is text
 * as written; the wrapper, `<tool_sep>` and the blanks between calls are layout.
 */
export class ToolCallsBlockState implements ParserState {
  private part: 'between' | 'name' | 'afterName' = 'between';
  private name = '';
  private calls = 0;

  /** @param jsonFormat a JSON list may follow instead (the plain tag only) */
  constructor(
    private raw: string,
    private readonly tags: HyTags,
    private readonly jsonFormat?: TextCallFormat,
  ) {}

  private consume(ctx: ParserContext, end: number): void {
    const s = take(ctx, end);
    if (this.calls === 0) this.raw += s;
  }

  step(ctx: ParserContext): boolean {
    if (this.part !== 'between') return this.readName(ctx);
    const t = this.tags;
    this.consume(ctx, skipBlanks(ctx));
    if (ctx.pos >= ctx.buf.length) return ctx.final ? this.leave(ctx) : false;
    const c = ctx.buf[ctx.pos];
    if (this.calls === 0 && this.jsonFormat && (c === '{' || c === '[')) {
      ctx.state = new JsonRegionState(ctx, {
        format: this.jsonFormat,
        triggered: false,
        prefix: this.raw,
        closer: t.blockClose,
        sequence: true,
      });
      return true;
    }
    const call = matchLiteral(ctx.buf, ctx.pos, t.call, ctx.final);
    if (typeof call === 'number') {
      this.consume(ctx, ctx.pos + call);
      this.part = 'name';
      this.name = '';
      return true;
    }
    const close = this.calls > 0 ? matchLiteral(ctx.buf, ctx.pos, t.blockClose, ctx.final) : 'no';
    if (typeof close === 'number') {
      ctx.pos += close;
      ctx.toText();
      return true;
    }
    if (call === 'partial' || close === 'partial') return false;
    // prose after the calls (or no call at all): the block is over
    return this.leave(ctx);
  }

  /** The tool's name (trimmed), then `<tool_sep>`, `<arg_key>` or `</tool_call>`. */
  private readName(ctx: ParserContext): boolean {
    if (this.tags.jsonCall && !this.name) {
      this.consume(ctx, skipBlanks(ctx));
      if (ctx.pos >= ctx.buf.length && !ctx.final) return false;
      if (ctx.buf[ctx.pos] === '{') return this.jsonCall(ctx);
    }
    const start = ctx.pos;
    const { buf } = ctx;
    while (ctx.pos < buf.length) {
      const c = buf.charCodeAt(ctx.pos);
      if (isWhitespace(c)) {
        if (this.name) this.part = 'afterName';
      } else if (this.part === 'afterName' || !isNameChar(c)) break;
      else if (this.name.length >= MAX_NAME) break;
      else this.name += buf[ctx.pos];
      ctx.pos++;
    }
    if (this.calls === 0) this.raw += buf.slice(start, ctx.pos);
    if (ctx.pos >= buf.length && !ctx.final) return false;
    const atEnd = ctx.pos >= buf.length;
    if (!atEnd && buf[ctx.pos] !== '<') return this.notACall(ctx, 'malformed');
    if (!this.name) return this.notACall(ctx, 'malformed');
    if (!ctx.tools.has(this.name)) return this.notACall(ctx, 'unknown_tool');
    if (this.tags.sep) {
      const sep = matchLiteral(buf, ctx.pos, this.tags.sep, ctx.final);
      if (sep === 'partial') return false;
      if (typeof sep === 'number') ctx.pos += sep;
    }
    this.calls++;
    this.part = 'between';
    ctx.state = new KvParamsState(
      this.tags.params,
      ctx.sink.startCall(this.name, this.tags.format),
      this.next,
    );
    return true;
  }

  /**
   * A JSON call up to the call's close, like Hermes' `<tool_call>{…}</tool_call>` after GLM's: a call of a
   * known tool counts as one of the block's; one of no known tool is text as written.
   */
  private jsonCall(ctx: ParserContext): boolean {
    const prefix = this.calls === 0 ? this.raw : '';
    this.raw = '';
    this.part = 'between';
    ctx.state = new JsonRegionState(ctx, {
      format: this.tags.format,
      triggered: false,
      prefix,
      closer: this.tags.callClose,
      typedArgs: true,
      inBlock: this.calls > 0,
      next: (c) => {
        // a call ended with only blanks since: the region read one (otherwise it gave its text back)
        if (c.sink.afterCall) this.calls++;
        c.state = this;
      },
    });
    return true;
  }

  private readonly next = (ctx: ParserContext, endTag: string): void => {
    if (endTag === this.tags.callClose) ctx.state = this;
    else if (endTag) ctx.toText();
  };

  /**
   * No known tool's call here. Before the first call the block is text as written, through its close; after
   * one it is a bad call in the block: reported, and its body skipped.
   */
  private notACall(ctx: ParserContext, kind: 'malformed' | 'unknown_tool'): boolean {
    if (this.calls === 0) {
      ctx.sink.emitText(this.raw);
      // a suffixed close is never searched for (one search per suffix would pile up): its tags are text anyway
      if (this.tags.suffix) ctx.toText();
      else ctx.state = new PassthroughState(this.tags.blockClose, backToText);
      return true;
    }
    ctx.sink.error({
      kind,
      message:
        kind === 'unknown_tool'
          ? `Unknown tool "${this.name}". Available tools: ${availableTools(ctx)}.`
          : this.name
            ? `"${this.name}" in ${this.tags.block} is not followed by its arguments.`
            : `A call in ${this.tags.block} has no tool name.`,
      format: this.tags.format,
      ...(this.name ? { name: this.name } : {}),
      raw: this.name,
    });
    this.part = 'between';
    ctx.state = new KvParamsState(this.tags.params, undefined, this.next);
    return true;
  }

  private leave(ctx: ParserContext): boolean {
    if (this.calls === 0) return revert(ctx, this.raw);
    ctx.toText();
    return true;
  }

  finish(ctx: ParserContext): void {
    if (this.calls === 0) ctx.sink.emitText(this.raw);
  }
}

/** The end of the blanks at `ctx.pos`. */
function skipBlanks(ctx: ParserContext): number {
  let i = ctx.pos;
  while (i < ctx.buf.length && isWhitespace(ctx.buf.charCodeAt(i))) i++;
  return i;
}

/** `<tool_calls>`: a JSON list (Jamba, Hunyuan-A13B), JSON lines (MiniMax-M1) or Hy3 / Hy4 calls. */
export function toolCallsTag(jsonFormat: (ctx: ParserContext) => TextCallFormat): MarkerSpec {
  return {
    open: '<tool_calls>',
    enter: (ctx, at, length) => {
      ctx.state = new ToolCallsBlockState(take(ctx, at + length), PLAIN, jsonFormat(ctx));
    },
  };
}

/** A checkpoint suffix after `<tool_calls`: `:` then up to 32 letters, digits, `_` or `-`, then `>`. */
function matchSuffix(buf: string, at: number, final: boolean): MatchResult {
  let i = at;
  while (i < buf.length && i - at <= MAX_SUFFIX) {
    const c = buf.charCodeAt(i);
    if (c === 62) return i > at ? i + 1 - at : 'no';
    const ok = (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95 || c === 45;
    if (!ok) return 'no';
    i++;
  }
  return i - at > MAX_SUFFIX || final ? 'no' : 'partial';
}

/**
 * Hy4's suffixed wrapper `<tool_calls:SUFFIX>`: the calls in it carry the same suffix on every tag
 * (`<tool_call:SUFFIX>`, `</arg_value:SUFFIX>`…); only such calls of a known tool count.
 */
export const SUFFIXED_TOOL_CALLS_TAG: MarkerSpec = {
  open: '<tool_calls:',
  tail: (buf, at, final) => matchSuffix(buf, at, final),
  enter: (ctx, at, length) => {
    const raw = take(ctx, at + length);
    const suffix = raw.slice('<tool_calls'.length, -1);
    ctx.state = new ToolCallsBlockState(raw, suffixedTags(suffix));
  },
};

/** K2-Horizon's `<ifm|tool_calls>` group of GLM-style calls. */
export const IFM_TOOL_CALLS_TAG: MarkerSpec = {
  open: '<ifm|tool_calls>',
  enter: (ctx, at, length) => {
    ctx.state = new ToolCallsBlockState(take(ctx, at + length), IFM);
  },
};
