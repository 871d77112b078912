import type { CallHandle } from '../event-sink.js';
import { jsonStringBody } from '../json-string.js';
import { type ParserContext, type ParserState, take } from '../parser-context.js';
import type { TextParserTool } from '../parser-types.js';
import { isHighSurrogate, isWhitespace, type MatchResult } from '../scan-utils.js';
import { parameterTypes } from '../typed-value.js';

// The body of a Meta CWM call once its tool is known (the opening tag is read in cwm.ts).

/** The closing tag, matched in any case (`</tool>`, `</TOOL>`). */
export const CLOSE = '</tool>';

function lower(c: number): number {
  return c >= 65 && c <= 90 ? c + 32 : c;
}

/** Whether `</tool>` (any case) starts at `at`: its length, 'partial' at the buffer end, or 'no'. */
export function matchClose(buf: string, at: number, final: boolean): MatchResult {
  const n = Math.min(buf.length - at, CLOSE.length);
  for (let i = 0; i < n; i++) if (lower(buf.charCodeAt(at + i)) !== CLOSE.charCodeAt(i)) return 'no';
  return n === CLOSE.length ? n : final ? 'no' : 'partial';
}

/** The next `</tool>` at or after `from`, else (index -1) how far the text is surely free of one. */
function findClose(buf: string, from: number, final: boolean): { index: number; safeEnd: number } {
  for (let at = buf.indexOf('<', from); at >= 0; at = buf.indexOf('<', at + 1)) {
    const m = matchClose(buf, at, final);
    if (typeof m === 'number') return { index: at, safeEnd: at };
    if (m === 'partial') return { index: -1, safeEnd: at };
  }
  return { index: -1, safeEnd: buf.length };
}

/**
 * The parameter free text goes to: `command` (vLLM's reading), else the tool's only parameter, else its only
 * required one, when text can be its value; undefined when the tool takes no free text.
 */
export function freeTextKey(tool: TextParserTool | undefined): string | undefined {
  const props = tool?.parameters?.properties as Record<string, unknown> | undefined;
  if (!props) return undefined;
  const takesText = (key: string) => {
    const types = parameterTypes(tool, key);
    return types === undefined || types.has('string');
  };
  if (Object.hasOwn(props, 'command') && takesText('command')) return 'command';
  const keys = Object.keys(props);
  const required = Array.isArray(tool?.parameters?.required) ? (tool?.parameters?.required as string[]) : [];
  const only = keys.length === 1 ? keys[0] : required.length === 1 ? required[0] : undefined;
  return only !== undefined && Object.hasOwn(props, only) && takesText(only) ? only : undefined;
}

/**
 * Free text up to `</tool>`, trimmed, as the value of `key` (streamed as a JSON string; trailing blanks and
 * half a surrogate pair are held until more text follows). A tool that takes no free text fails the call.
 */
export class FreeTextState implements ParserState {
  private started = false;
  private held = '';
  private text = '';

  constructor(
    private readonly call: CallHandle,
    private readonly key: string | undefined,
  ) {}

  step(ctx: ParserContext): boolean {
    const r = findClose(ctx.buf, ctx.pos, ctx.final);
    const end = r.index >= 0 ? r.index : r.safeEnd;
    this.add(ctx, take(ctx, end));
    if (r.index < 0) return false;
    ctx.pos += CLOSE.length;
    this.close(ctx);
    ctx.toText();
    return true;
  }

  private add(ctx: ParserContext, s: string): void {
    if (!s) return;
    // only the new text is looked at: a long blank run is never scanned twice
    let cut = s.length;
    if (isHighSurrogate(s.charCodeAt(cut - 1))) cut--;
    else while (cut > 0 && isWhitespace(s.charCodeAt(cut - 1))) cut--;
    if (cut === 0) {
      this.held += s;
      return;
    }
    const piece = this.held + s.slice(0, cut);
    this.held = s.slice(cut);
    this.text += piece;
    if (this.key === undefined) return;
    if (!this.started) {
      this.started = true;
      ctx.sink.argsDelta(this.call, `{${JSON.stringify(this.key)}: "`);
    }
    ctx.sink.argsDelta(this.call, jsonStringBody(piece));
  }

  private close(ctx: ParserContext): void {
    const sink = ctx.sink;
    if (this.key === undefined) {
      const message = `${this.call.name}: the tool takes JSON arguments, not free text.`;
      sink.failCall(this.call, 'invalid_arguments', message, this.text);
      return;
    }
    if (!this.started) sink.argsDelta(this.call, `{${JSON.stringify(this.key)}: "`);
    sink.argsDelta(this.call, '"}');
    sink.finishCall(this.call, `{${JSON.stringify(this.key)}: ${JSON.stringify(this.text)}}`);
  }

  finish(ctx: ParserContext): void {
    const message = `${this.call.name}: the call was cut off before it ended.`;
    ctx.sink.failCall(this.call, 'truncated', message, this.text + this.held);
  }
}

/** Longest stray text after a JSON payload dropped with the `</tool>` that follows it. */
const MAX_JUNK = 256;

/**
 * After a JSON payload: blanks and `</tool>` end the call, with a short stray run before the tag (`{…} .`)
 * dropped too; anything else is text again. Nothing longer than the run is held.
 */
class CallEndState implements ParserState {
  private blank = '';

  step(ctx: ParserContext): boolean {
    const buf = ctx.buf;
    let i = ctx.pos;
    while (i < buf.length && isWhitespace(buf.charCodeAt(i))) i++;
    this.blank += take(ctx, i);
    if (ctx.pos >= buf.length) return false;
    // the stray run holds no tag: a next block's `<tool:` after a call left unclosed is not dropped
    const lt = buf.indexOf('<', ctx.pos);
    if (lt >= 0 && lt - ctx.pos <= MAX_JUNK) {
      const m = matchClose(buf, lt, ctx.final);
      if (m === 'partial') return false;
      if (typeof m === 'number') {
        ctx.pos = lt + m;
        this.blank = '';
        ctx.toText();
        return true;
      }
    } else if (lt < 0 && buf.length - ctx.pos <= MAX_JUNK && !ctx.final) return false;
    this.finish(ctx);
    ctx.toText();
    return true;
  }

  finish(ctx: ParserContext): void {
    ctx.sink.emitText(this.blank);
    this.blank = '';
  }
}

export function toEnd(ctx: ParserContext): void {
  ctx.state = new CallEndState();
}
