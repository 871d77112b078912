import type { CallHandle } from './event-sink.js';
import { jsonEncodedValue } from './json-encoded-value.js';
import { jsonStringBody } from './json-string.js';
import { type ParserContext, type ParserState, take } from './parser-context.js';
import type { TextCallFormat } from './parser-types.js';
import { MAX_NAME } from './scan-names.js';
import { findFirst, isHighSurrogate, isWhitespace, matchLiteral } from './scan-utils.js';
import { isStringOnly, parameterTypes, typedValue } from './typed-value.js';

/**
 * How one family writes parameters as tagged text, e.g. Qwen3-Coder `<parameter=KEY>v</parameter>`,
 * MiniMax-M2 `<parameter name="KEY">v</parameter>`, GLM `<arg_key>KEY</arg_key><arg_value>v</arg_value>`.
 */
export interface ParamDialect {
  format: TextCallFormat;
  /** what opens a parameter, just before its key */
  open: string;
  /** what ends the key */
  keyEnd: string;
  /** what opens the value after the key ends (`>` after attributes, `<arg_value>`); none: right away */
  valueOpen?: string;
  /** what closes the value */
  close: string;
  /** what ends the call body (also ends an unclosed value) */
  ends: readonly string[];
  /** the template puts each value on its own lines: one leading and one trailing newline are layout */
  trimNewlines: boolean;
  /**
   * a value may be wrapped in `<![CDATA[…]]>` (MiniCPM5): its text up to `]]>` is the value as written,
   * whatever tags it holds; blanks around the section are layout
   */
  cdata?: boolean;
  /**
   * the attribute (between the key and `valueOpen`) that declares a value's type (Kimi K3's
   * `type="string|number|…"`): a value declared a string is text as written where the schema allows text
   */
  typeAttribute?: string;
  /** the key may be in double or single quotes, dropped (dots3's `<parameter name=KEY>`, quoted or bare) */
  quotedKey?: boolean;
  /** every value is JSON-encoded (HyperCLOVAX SEED Think): see jsonEncodedValue */
  jsonValues?: boolean;
}

type Part = 'body' | 'key' | 'attrs' | 'value' | 'cdata';

const CDATA_OPEN = '<![CDATA[';
const CDATA_CLOSE = ']]>';

/** The marker lists of a dialect, built once (findFirst caches one search per list). */
/** Longer than any key's end tag (`</arg_key>`, `">`). */
const KEY_END_MARGIN = 64;

const lists = new WeakMap<
  ParamDialect,
  { body: string[]; value: string[]; attrs: string[]; key: string[]; cdata: string[] }
>();

function markersOf(d: ParamDialect) {
  let m = lists.get(d);
  if (!m) {
    m = {
      body: [d.open, ...d.ends],
      value: [d.close, d.open, ...d.ends],
      attrs: [d.valueOpen ?? '>', d.open, ...d.ends],
      key: [d.keyEnd],
      cdata: [CDATA_CLOSE, ...d.ends],
    };
    lists.set(d, m);
  }
  return m;
}

/**
 * The body of one call in a tagged-text family: parameters until one of the dialect's end tags, then
 * `done(ctx, endTag)` (endTag '' when the input ended). Arguments stream as JSON: `{"key":` as soon as a
 * key is read, a string parameter's text as it arrives, other values once complete (typed from the
 * tool's schema); the call is final at the end tag. With no call (an unknown tool) everything is dropped.
 */
export class KvParamsState implements ParserState {
  private part: Part = 'body';
  private key = '';
  private value: string[] = [];
  private streaming = false;
  /** streamed text held back: a newline that may be layout, half a surrogate pair */
  private pending = '';
  private valueStarted = false;
  /** a value whose start may still turn out to be `<![CDATA[` */
  private cdataCheck = false;
  /** the value is a CDATA section's text: no newline is layout */
  private verbatim = false;
  private raw = '';
  private count = 0;
  /** the attributes read between the key and the value's opening */
  private attrs = '';

  constructor(
    private readonly dialect: ParamDialect,
    private readonly call: CallHandle | undefined,
    private readonly done: (ctx: ParserContext, endTag: string) => void,
  ) {}

  private out(ctx: ParserContext, json: string): void {
    this.raw += json;
    if (this.call) ctx.sink.argsDelta(this.call, json);
  }

  step(ctx: ParserContext): boolean {
    const d = this.dialect;
    const m = markersOf(d);
    if (this.part === 'key') return this.readKey(ctx);
    if (this.cdataCheck) return this.checkCdata(ctx);
    const part = this.part;
    const markers =
      part === 'body' ? m.body : part === 'attrs' ? m.attrs : part === 'cdata' ? m.cdata : m.value;
    const r = findFirst(ctx.buf, ctx.pos, markers, ctx.final);
    const text = take(ctx, 'marker' in r ? r.index : r.safeEnd);
    if (part === 'value' || part === 'cdata') this.valueText(ctx, text);
    else if (part === 'attrs' && d.typeAttribute && this.attrs.length < KEY_END_MARGIN * 4)
      this.attrs += text;
    if (!('marker' in r)) return false;
    const marker = r.marker;
    if (part === 'attrs' && marker === (d.valueOpen ?? '>')) {
      ctx.pos += marker.length;
      this.startValue(ctx);
      return true;
    }
    if (part === 'value' || part === 'cdata') this.endValue(ctx);
    if (part === 'cdata' && marker === CDATA_CLOSE) {
      // what follows up to the value's close is layout (dropped with the body's text)
      ctx.pos += marker.length;
      return true;
    }
    if (marker === d.close) {
      ctx.pos += marker.length;
      this.part = 'body';
      return true;
    }
    ctx.pos += marker.length;
    if (marker === d.open) {
      this.part = 'key';
      this.key = '';
      return true;
    }
    this.end(ctx, marker);
    return true;
  }

  /** A key: anything up to the key's end on one line (a broken key is skipped). */
  private readKey(ctx: ParserContext): boolean {
    const d = this.dialect;
    // looked at without consuming: a broken key is skipped from the same place however the text was cut
    // only as far as a key reaches: a search to the buffer end per broken key would be quadratic
    const limit = ctx.pos + MAX_NAME + KEY_END_MARGIN;
    const cut = limit < ctx.buf.length;
    const r = findFirst(cut ? ctx.buf.slice(0, limit) : ctx.buf, ctx.pos, markersOf(d).key, ctx.final || cut);
    const end = 'marker' in r ? r.index : r.safeEnd;
    const piece = ctx.buf.slice(ctx.pos, end);
    if (/[\n<]/.test(piece) || piece.length > MAX_NAME) {
      this.part = 'body';
      return true;
    }
    if (!('marker' in r)) return false;
    this.key = piece.trim();
    if (d.quotedKey) this.key = this.key.replace(/^(["'])(.*)\1$/s, '$2');
    ctx.pos = end + d.keyEnd.length;
    if (d.valueOpen) {
      this.part = 'attrs';
      this.attrs = '';
      return true;
    }
    this.startValue(ctx);
    return true;
  }

  /** At a value's start where CDATA may come: the section opens after blanks, or the value is plain text. */
  private checkCdata(ctx: ParserContext): boolean {
    const { buf } = ctx;
    let i = ctx.pos;
    while (i < buf.length && isWhitespace(buf.charCodeAt(i))) i++;
    const m = matchLiteral(buf, i, CDATA_OPEN, ctx.final);
    if (m === 'partial' || (i >= buf.length && !ctx.final)) return false;
    this.cdataCheck = false;
    if (typeof m === 'number') {
      ctx.pos = i + m;
      this.part = 'cdata';
      this.verbatim = true;
      this.valueStarted = true;
    }
    return true;
  }

  private startValue(ctx: ParserContext): void {
    this.part = 'value';
    this.value = [];
    this.valueStarted = false;
    this.cdataCheck = this.dialect.cdata === true;
    this.verbatim = false;
    this.pending = '';
    const tool = this.call ? ctx.tools.get(this.call.name) : undefined;
    const types = parameterTypes(tool, this.key);
    // a JSON-encoded value is only known to be a string literal once it is complete
    this.streaming =
      !this.dialect.jsonValues &&
      (isStringOnly(types) ||
        (this.declaredType() === 'string' && (types === undefined || types.has('string'))));
    this.out(
      ctx,
      `${this.count++ === 0 ? '{' : ','}${JSON.stringify(this.key)}:${this.streaming ? '"' : ''}`,
    );
  }

  /** The type the value's attributes declare, where the dialect has such an attribute. */
  private declaredType(): string | undefined {
    const name = this.dialect.typeAttribute;
    if (!name || !this.attrs) return undefined;
    return new RegExp(`(?:^|\\s)${name}\\s*=\\s*"([^"]*)"`).exec(this.attrs)?.[1];
  }

  private valueText(ctx: ParserContext, piece: string): void {
    let text = piece;
    if (!text) return;
    const trim = this.dialect.trimNewlines && !this.verbatim;
    if (!this.valueStarted) {
      this.valueStarted = true;
      if (trim && text.startsWith('\n')) text = text.slice(1);
    }
    if (!this.streaming) {
      this.value.push(text);
      return;
    }
    text = this.pending + text;
    this.pending = '';
    // the last newline may be layout before the closing tag; a split surrogate pair waits for its half
    if (trim && text.endsWith('\n')) {
      this.pending = '\n';
      text = text.slice(0, -1);
    }
    if (text && isHighSurrogate(text.charCodeAt(text.length - 1))) {
      this.pending = text.slice(-1) + this.pending;
      text = text.slice(0, -1);
    }
    if (text) this.out(ctx, jsonStringBody(text));
  }

  private endValue(ctx: ParserContext): void {
    const trim = this.dialect.trimNewlines && !this.verbatim;
    if (this.streaming) {
      let rest = this.pending;
      if (trim && rest.endsWith('\n')) rest = rest.slice(0, -1);
      this.pending = '';
      this.out(ctx, `${rest ? jsonStringBody(rest) : ''}"`);
    } else {
      let v = this.value.join('');
      if (trim && v.endsWith('\n')) v = v.slice(0, -1);
      const tool = this.call ? ctx.tools.get(this.call.name) : undefined;
      const value = this.dialect.jsonValues
        ? jsonEncodedValue(tool, this.key, v)
        : typedValue(tool, this.key, v);
      this.out(ctx, JSON.stringify(value) ?? 'null');
    }
    this.value = [];
    this.part = 'body';
  }

  private end(ctx: ParserContext, endTag: string): void {
    this.out(ctx, this.count ? '}' : '{}');
    if (this.call) ctx.sink.finishCall(this.call, this.raw);
    this.done(ctx, endTag);
  }

  finish(ctx: ParserContext): void {
    if (this.call) {
      ctx.sink.failCall(
        this.call,
        'truncated',
        `${this.call.name}: the call was cut off before it ended.`,
        this.raw,
      );
    }
    this.done(ctx, '');
  }
}
