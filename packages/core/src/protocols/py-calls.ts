import type { CallHandle } from './event-sink.js';
import { availableTools, type ParserContext, type ParserState, revert, take } from './parser-context.js';
import type { TextCallFormat } from './parser-types.js';
import { LiteralTranscoder } from './py-literal.js';
import { isNameChar, MAX_NAME } from './scan-names.js';
import { isWhitespace, matchLiteral } from './scan-utils.js';

export interface PyCallsOptions {
  format: TextCallFormat;
  /** what ends the region (`<|python_end|>`, `</function_calls>`, `<|tool_call_end|>`, a closing fence) */
  close?: string;
  /** `[` must open the list (a bare line-start list); otherwise it may */
  bracket: 'required' | 'optional';
}

type Part = 'open' | 'name' | 'paren' | 'key' | 'value' | 'next' | 'after' | 'close' | 'skip';

/**
 * The tool a written name calls: without the namespaces models put before it (Gemma's `default_api.`) and
 * Llama 3.1's `.call` after it (`brave_search.call(query="…")`, its built-in tools' form).
 */
function toolName(name: string): string {
  return name.replace(/^(?:default_api|functions|tools)\./, '').replace(/\.call$/, '');
}

/**
 * Pythonic calls: `[get_weather(city='Paris', days=3), ping()]` (Llama 3.2/4, LFM2, generic), one call per
 * line (OLMo 3), `print(NAME(...))` in a Gemma tool_code block, or `NAME.call(...)` after Llama 3.1's
 * `<|python_tag|>`. Keyword arguments stream as JSON as
 * they are read; positional ones take the tool's parameters in schema order.
 */
export class PyCallsState implements ParserState {
  private part: Part = 'open';
  private inList = false;
  private name = '';
  private key = '';
  private call?: CallHandle;
  private args = '';
  private argCount = 0;
  private calls = 0;
  private printWrap = 0;
  private value?: LiteralTranscoder;
  private skipDepth = 0;
  private skipQuote = '';

  constructor(
    private readonly options: PyCallsOptions,
    private raw: string,
  ) {}

  private consume(ctx: ParserContext, end: number): void {
    const s = take(ctx, end);
    if (this.calls === 0) this.raw += s;
  }

  private skipWs(ctx: ParserContext): boolean {
    let i = ctx.pos;
    while (i < ctx.buf.length && isWhitespace(ctx.buf.charCodeAt(i))) i++;
    this.consume(ctx, i);
    return ctx.pos < ctx.buf.length;
  }

  private emitArgs(ctx: ParserContext, json: string): void {
    this.args += json;
    if (this.call) ctx.sink.argsDelta(this.call, json);
  }

  step(ctx: ParserContext): boolean {
    const buf = ctx.buf;
    if (this.part === 'value') return this.readValue(ctx);
    if (this.part === 'skip') return this.skip(ctx);
    if (this.part === 'name' || this.part === 'key') {
      const soFar = this.part === 'name' ? this.name : this.key;
      let word = soFar;
      if (!word && this.part === 'name' && !this.skipWs(ctx)) return ctx.final ? this.notCalls(ctx) : false;
      let i = ctx.pos;
      while (i < buf.length && isNameChar(buf.charCodeAt(i)) && word.length < MAX_NAME) word += buf[i++];
      this.consume(ctx, i);
      if (this.part === 'name') this.name = word;
      else this.key = word;
      if (i >= buf.length && !ctx.final) return false;
      if (this.part === 'name') {
        if (!word) return this.notCalls(ctx);
        this.part = 'paren';
        return true;
      }
      return this.afterKey(ctx);
    }
    if (this.part === 'close' && !this.options.close) {
      // a bare list ends at its bracket: what follows is text as written
      ctx.toText();
      return true;
    }
    if (!this.skipWs(ctx)) return ctx.final ? this.finalStep(ctx) : false;
    const c = buf[ctx.pos];
    switch (this.part) {
      case 'open':
        if (c === '[') {
          this.inList = true;
          this.consume(ctx, ctx.pos + 1);
        } else if (this.options.bracket === 'required') return this.notCalls(ctx);
        this.part = 'name';
        this.name = '';
        return true;
      case 'paren':
        if (c !== '(') return this.notCalls(ctx);
        this.consume(ctx, ctx.pos + 1);
        return this.startCall(ctx);
      case 'next':
        if (c === ')') {
          this.consume(ctx, ctx.pos + 1);
          return this.endCall(ctx);
        }
        if (c === ',') {
          this.consume(ctx, ctx.pos + 1);
          return true;
        }
        this.part = 'key';
        this.key = '';
        return true;
      case 'after':
        if (c === ')' && this.printWrap > 0) {
          this.printWrap--;
          this.consume(ctx, ctx.pos + 1);
          return true;
        }
        if (this.inList && c === ',') {
          this.consume(ctx, ctx.pos + 1);
          this.part = 'name';
          this.name = '';
          return true;
        }
        if (this.inList && c === ']') {
          this.consume(ctx, ctx.pos + 1);
          this.inList = false;
          this.part = 'close';
          return true;
        }
        // one call per line inside a wrapper (OLMo 3)
        if (!this.inList && this.options.close && isNameChar(c.charCodeAt(0))) {
          this.part = 'name';
          this.name = '';
          return true;
        }
        this.part = 'close';
        return true;
      default:
        return this.close(ctx);
    }
  }

  /** The input ended with only whitespace left. */
  private finalStep(ctx: ParserContext): boolean {
    if (this.part === 'after' || this.part === 'close') {
      ctx.toText();
      return true;
    }
    return this.notCalls(ctx);
  }

  private close(ctx: ParserContext): boolean {
    const close = this.options.close;
    if (close) {
      const m = matchLiteral(ctx.buf, ctx.pos, close, ctx.final);
      if (m === 'partial') return false;
      if (typeof m === 'number') {
        ctx.pos += m;
        ctx.toText();
        return true;
      }
    }
    ctx.toText();
    return true;
  }

  private startCall(ctx: ParserContext): boolean {
    const name = toolName(this.name);
    if (name === 'print' && this.printWrap === 0 && this.calls === 0) {
      // Gemma writes `print(NAME(...))` in tool_code blocks
      this.printWrap = 1;
      this.part = 'name';
      this.name = '';
      return true;
    }
    this.argCount = 0;
    this.args = '';
    if (ctx.tools.has(name)) {
      this.calls++;
      this.call = ctx.sink.startCall(name, this.options.format);
    } else if (this.calls === 0) {
      return this.notCalls(ctx);
    } else {
      ctx.sink.error({
        kind: 'unknown_tool',
        message: `Unknown tool "${name}". Available tools: ${availableTools(ctx)}.`,
        format: this.options.format,
        name,
        raw: this.name,
      });
      this.call = undefined;
      return this.startSkip();
    }
    this.part = 'next';
    return true;
  }

  private afterKey(ctx: ParserContext): boolean {
    const buf = ctx.buf;
    let i = ctx.pos;
    while (i < buf.length && isWhitespace(buf.charCodeAt(i))) i++;
    if (i >= buf.length && !ctx.final) return false;
    const keyword = buf[i] === '=' && buf[i + 1] !== '=';
    if (keyword) ctx.pos = i + 1;
    let key = this.key;
    if (!keyword) {
      // positional: the tool's parameters in schema order
      const tool = this.call ? ctx.tools.get(this.call.name) : undefined;
      const props = Object.keys((tool?.parameters?.properties as object | undefined) ?? {});
      key = props[this.argCount] ?? `arg${this.argCount}`;
    }
    this.emitArgs(ctx, `${this.argCount++ === 0 ? '{' : ','}${JSON.stringify(key)}:`);
    this.value = new LiteralTranscoder('python', (json) => this.emitArgs(ctx, json));
    // a positional word (True, a number) was read as the key: it is the value's start
    if (!keyword && this.key) this.value.feed(this.key, 0, false);
    this.part = 'value';
    return true;
  }

  private readValue(ctx: ParserContext): boolean {
    const value = this.value as LiteralTranscoder;
    ctx.pos = value.feed(ctx.buf, ctx.pos, ctx.final);
    if (value.error) return this.failCall(ctx, value.truncated ? 'the call was cut off' : value.error);
    if (!value.done) return ctx.final ? this.failCall(ctx, 'the call was cut off') : false;
    this.part = 'next';
    return true;
  }

  private endCall(ctx: ParserContext): boolean {
    this.emitArgs(ctx, this.argCount ? '}' : '{}');
    if (this.call) ctx.sink.finishCall(this.call, this.args);
    this.call = undefined;
    this.part = 'after';
    return true;
  }

  private failCall(ctx: ParserContext, why: string): boolean {
    if (this.call) {
      const kind = why === 'the call was cut off' ? 'truncated' : 'invalid_arguments';
      ctx.sink.failCall(this.call, kind, `${this.call.name}: ${why}.`, this.args);
      this.call = undefined;
    }
    if (ctx.pos > ctx.buf.length) ctx.pos = ctx.buf.length;
    return this.startSkip();
  }

  /** Skips the rest of a call that cannot be used, up to its closing parenthesis. */
  private startSkip(): boolean {
    this.part = 'skip';
    this.skipDepth = 0;
    this.skipQuote = '';
    return true;
  }

  private skip(ctx: ParserContext): boolean {
    const buf = ctx.buf;
    let i = ctx.pos;
    for (; i < buf.length; i++) {
      const c = buf[i];
      if (this.skipQuote) {
        if (c === '\\') i++;
        else if (c === this.skipQuote) this.skipQuote = '';
        continue;
      }
      if (c === '"' || c === "'") this.skipQuote = c;
      else if (c === '(' || c === '[' || c === '{') this.skipDepth++;
      else if (c === ']' || c === '}') this.skipDepth--;
      else if (c === ')') {
        if (this.skipDepth-- === 0) {
          ctx.pos = i + 1;
          this.part = 'after';
          return true;
        }
      }
    }
    ctx.pos = Math.min(i, buf.length);
    return false;
  }

  /** Not calls after all (or an unknown tool first): the text goes back as written. */
  private notCalls(ctx: ParserContext): boolean {
    if (this.calls > 0) {
      ctx.toText();
      return true;
    }
    return revert(ctx, this.raw);
  }

  finish(ctx: ParserContext): void {
    if (this.call) {
      ctx.sink.failCall(this.call, 'truncated', `${this.call.name}: the call was cut off.`, this.args);
    } else if (this.calls === 0) {
      ctx.sink.emitText(this.raw);
    }
  }
}
