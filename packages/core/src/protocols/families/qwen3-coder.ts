import type { CallHandle } from '../event-sink.js';
import type { MarkerSpec } from '../marker-table.js';
import {
  type ParserContext,
  type ParserState,
  PassthroughState,
  revert,
  take,
  takeWhitespace,
} from '../parser-context.js';
import type { TextParserTool } from '../parser-types.js';
import { MAX_NAME, readName } from '../scan-names.js';
import { findFirst, matchLiteral } from '../scan-utils.js';
import type { FamilyParser } from './family.js';
import { TOOL_CALL_TAG } from './hermes.js';

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
export class QwenCoderState implements ParserState {
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

export const qwen3CoderFamily: FamilyParser = {
  id: 'qwen3-coder',
  markers: (): MarkerSpec[] => [TOOL_CALL_TAG],
};
