import type { CallHandle } from './event-sink.js';
import { JsonRegionState } from './json-region.js';
import {
  type ParserContext,
  type ParserState,
  PassthroughState,
  take,
  takeWhitespace,
} from './parser-context.js';
import type { TextParserTool } from './parser-types.js';
import { findFirst, matchLiteral } from './scan-utils.js';

const MAX_NAME = 128;

function isNameChar(c: number): boolean {
  return (
    (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95 || c === 45 || c === 46
  );
}

/** Reads name characters: done when `stop` follows, not done at the buffer end, null if not a name. */
function readName(ctx: ParserContext, soFar: string, stop: string): { name: string; done: boolean } | null {
  let name = soFar;
  while (ctx.pos < ctx.buf.length) {
    const c = ctx.buf.charCodeAt(ctx.pos);
    if (c === stop.charCodeAt(0)) return name ? { name, done: true } : null;
    if (!isNameChar(c) || name.length >= MAX_NAME) return null;
    name += ctx.buf[ctx.pos];
    ctx.pos++;
  }
  return ctx.final ? null : { name, done: false };
}

/** Hands the consumed text back as content and returns to plain text. */
function revert(ctx: ParserContext, raw: string): true {
  ctx.sink.emitText(raw);
  ctx.toText();
  return true;
}

/** After `<tool_call>`: Hermes/Qwen JSON, or Qwen3-Coder `<function=NAME>`. */
export class ToolCallOpenState implements ParserState {
  constructor(private raw: string) {}

  step(ctx: ParserContext): boolean {
    this.raw += takeWhitespace(ctx);
    if (ctx.pos >= ctx.buf.length) return false;
    const c = ctx.buf[ctx.pos];
    if (c === '{' || c === '[') {
      ctx.state = new JsonRegionState(ctx, {
        format: 'hermes',
        triggered: false,
        prefix: this.raw,
        closer: '</tool_call>',
      });
      return true;
    }
    const m = matchLiteral(ctx.buf, ctx.pos, '<function=', ctx.final);
    if (m === 'partial') return false;
    if (typeof m === 'number') {
      ctx.state = new QwenCoderState(this.raw + take(ctx, ctx.pos + m));
      return true;
    }
    return revert(ctx, this.raw);
  }

  finish(ctx: ParserContext): void {
    ctx.sink.emitText(this.raw);
  }
}

type QwenPart = 'name' | 'body' | 'key' | 'value' | 'close';

const BODY_MARKERS = ['<parameter=', '</function>', '</tool_call>'];
const VALUE_MARKERS = ['</parameter>', '<parameter=', '</function>', '</tool_call>'];

function schemaTypes(tool: TextParserTool | undefined, key: string): string[] | undefined {
  const props = tool?.parameters?.properties as Record<string, { type?: unknown }> | undefined;
  const type = props && Object.hasOwn(props, key) ? props[key]?.type : undefined;
  if (typeof type === 'string') return [type];
  if (Array.isArray(type)) return type.map(String);
  return undefined;
}

/** A Qwen3-Coder value: text for string parameters, JSON where the schema (or the text) says otherwise. */
function typedValue(tool: TextParserTool | undefined, key: string, text: string): unknown {
  const types = schemaTypes(tool, key);
  if (types?.includes('string')) return text;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** Qwen3-Coder: `<function=NAME><parameter=KEY>value</parameter>...</function></tool_call>`. */
class QwenCoderState implements ParserState {
  private part: QwenPart = 'name';
  private name = '';
  private call?: CallHandle;
  private key = '';
  private value: string[] = [];
  private readonly entries: [string, unknown][] = [];
  private closeWs = '';

  constructor(private raw: string) {}

  private argsJson(): string {
    return JSON.stringify(Object.fromEntries(this.entries));
  }

  step(ctx: ParserContext): boolean {
    const call = this.call;
    if (this.part === 'name' || this.part === 'key') {
      const start = ctx.pos;
      const got = this.part === 'name' ? readName(ctx, this.name, '>') : readKey(ctx, this.key);
      this.raw += ctx.buf.slice(start, ctx.pos);
      if (!got) return this.part === 'name' ? revert(ctx, this.raw) : this.abandonKey();
      if (this.part === 'name') this.name = got.name;
      else this.key = got.name;
      if (!got.done) return false;
      ctx.pos++; // '>'
      this.raw += '>';
      if (this.part === 'key') {
        this.part = 'value';
        this.value = [];
        return true;
      }
      if (!ctx.tools.has(this.name)) {
        // unknown tool: all of it is content, up to the end of the tag
        ctx.sink.emitText(this.raw);
        ctx.state = new PassthroughState('</tool_call>', (c) => c.toText());
        return true;
      }
      this.call = ctx.sink.startCall(this.name, 'qwen3-coder');
      this.part = 'body';
      return true;
    }
    if (this.part === 'close') {
      this.closeWs += takeWhitespace(ctx);
      if (ctx.pos >= ctx.buf.length) return false;
      const m = matchLiteral(ctx.buf, ctx.pos, '</tool_call>', ctx.final);
      if (m === 'partial') return false;
      if (typeof m === 'number') ctx.pos += m;
      else ctx.sink.emitText(this.closeWs);
      ctx.toText();
      return true;
    }
    const markers = this.part === 'body' ? BODY_MARKERS : VALUE_MARKERS;
    const r = findFirst(ctx.buf, ctx.pos, markers, ctx.final);
    const text = take(ctx, 'marker' in r ? r.index : r.safeEnd);
    if (this.part === 'value') this.value.push(text);
    if (!('marker' in r)) return false;
    if (this.part === 'value') {
      let v = this.value.join('');
      // the template writes each value on its own lines
      if (v.startsWith('\n')) v = v.slice(1);
      if (v.endsWith('\n')) v = v.slice(0, -1);
      this.entries.push([this.key, typedValue(ctx.tools.get(this.name), this.key, v)]);
      this.part = 'body';
      if (r.marker === '</parameter>') ctx.pos += r.marker.length;
      return true;
    }
    ctx.pos += r.marker.length;
    if (r.marker === '<parameter=') {
      this.part = 'key';
      this.key = '';
      return true;
    }
    if (call) {
      const raw = this.argsJson();
      ctx.sink.argsDelta(call, raw);
      ctx.sink.finishCall(call, raw);
    }
    if (r.marker === '</function>') this.part = 'close';
    else ctx.toText();
    return true;
  }

  /** A parameter tag that never closed properly: skip it and keep reading the body. */
  private abandonKey(): boolean {
    this.part = 'body';
    return true;
  }

  finish(ctx: ParserContext): void {
    if (this.part === 'name') {
      ctx.sink.emitText(this.raw);
      return;
    }
    if (this.part === 'close') {
      ctx.sink.emitText(this.closeWs);
      return;
    }
    if (this.call) {
      ctx.sink.failCall(
        this.call,
        'truncated',
        `${this.name}: the call was cut off before </function>.`,
        this.argsJson(),
      );
    }
  }
}

/** A parameter key: anything up to `>` on one line. */
function readKey(ctx: ParserContext, soFar: string): { name: string; done: boolean } | null {
  let key = soFar;
  while (ctx.pos < ctx.buf.length) {
    const ch = ctx.buf[ctx.pos];
    if (ch === '>') return { name: key, done: true };
    if (ch === '\n' || ch === '<' || key.length >= MAX_NAME) return null;
    key += ch;
    ctx.pos++;
  }
  return ctx.final ? null : { name: key, done: false };
}

type MistralPart = 'start' | 'name' | 'tag' | 'id' | 'args';

/** After `[TOOL_CALLS]`: a JSON list of calls, or `NAME[ARGS]{...}` (optionally with `[CALL_ID]id`). */
export class MistralState implements ParserState {
  private part: MistralPart = 'start';
  private name = '';
  private id = '';
  private sawCallId = false;

  constructor(private raw: string) {}

  step(ctx: ParserContext): boolean {
    if (this.part === 'start' || this.part === 'args') {
      this.raw += takeWhitespace(ctx);
      if (ctx.pos >= ctx.buf.length) return false;
      const c = ctx.buf[ctx.pos];
      if (this.part === 'args') {
        if (c !== '{') return revert(ctx, this.raw);
        ctx.state = new JsonRegionState(ctx, {
          format: 'mistral',
          triggered: false,
          prefix: this.raw,
          argsFor: this.name,
        });
        return true;
      }
      if (c === '[' || c === '{') {
        ctx.state = new JsonRegionState(ctx, { format: 'mistral', triggered: false, prefix: this.raw });
        return true;
      }
      this.part = 'name';
    }
    if (this.part === 'name' || this.part === 'id') {
      const start = ctx.pos;
      const got = readName(ctx, this.part === 'name' ? this.name : this.id, '[');
      this.raw += ctx.buf.slice(start, ctx.pos);
      if (!got) return revert(ctx, this.raw);
      if (this.part === 'name') this.name = got.name;
      else this.id = got.name;
      if (!got.done) return false;
      this.part = 'tag';
    }
    const args = matchLiteral(ctx.buf, ctx.pos, '[ARGS]', ctx.final);
    const callId = this.sawCallId ? 'no' : matchLiteral(ctx.buf, ctx.pos, '[CALL_ID]', ctx.final);
    if (typeof args === 'number') {
      this.raw += take(ctx, ctx.pos + args);
      this.part = 'args';
      return true;
    }
    if (typeof callId === 'number') {
      this.raw += take(ctx, ctx.pos + callId);
      this.sawCallId = true;
      this.part = 'id';
      return true;
    }
    if (args === 'partial' || callId === 'partial') return false;
    return revert(ctx, this.raw);
  }

  finish(ctx: ParserContext): void {
    ctx.sink.emitText(this.raw);
  }
}

/** After Llama 3's `<|python_tag|>`: a JSON call object. */
export class PythonTagState implements ParserState {
  constructor(private raw: string) {}

  step(ctx: ParserContext): boolean {
    this.raw += takeWhitespace(ctx);
    if (ctx.pos >= ctx.buf.length) return false;
    const c = ctx.buf[ctx.pos];
    if (c !== '{' && c !== '[') return revert(ctx, this.raw);
    ctx.state = new JsonRegionState(ctx, { format: 'llama', triggered: false, prefix: this.raw });
    return true;
  }

  finish(ctx: ParserContext): void {
    ctx.sink.emitText(this.raw);
  }
}
