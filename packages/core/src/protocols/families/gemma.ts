import type { CallHandle } from '../event-sink.js';
import type { MarkerSpec } from '../marker-table.js';
import { type ParserContext, type ParserState, revert, take } from '../parser-context.js';
import { PyCallsState } from '../py-calls.js';
import { LiteralTranscoder } from '../py-literal.js';
import { takeNameChars } from '../scan-names.js';
import { matchLiteral } from '../scan-utils.js';
import { typedValue } from '../typed-value.js';
import type { FamilyParser } from './family.js';

/** Gemma 2 / 3: calls in a ```tool_code block, pythonic, sometimes inside print(). */
const TOOL_CODE: MarkerSpec = {
  open: '```tool_code',
  enter: (ctx, at, length) => {
    ctx.pos = at + length;
    ctx.state = new PyCallsState({ format: 'gemma', close: '```', bracket: 'optional' }, '```tool_code');
  },
};

export const gemmaFamily: FamilyParser = { id: 'gemma', markers: () => [TOOL_CODE] };

/**
 * FunctionGemma `<start_function_call>call:NAME{key:<escape>v<escape>}<end_function_call>` and Gemma 4
 * `<|tool_call>call:NAME{key:<|"|>v<|"|>,n:3}<tool_call|>`: bare keys, strings between markers, numbers
 * and booleans bare. A quoted value whose parameter is not a string is typed from the schema at the end.
 */
class GemmaCallState implements ParserState {
  private part: 'call' | 'name' | 'args' | 'close' = 'call';
  private name = '';
  private call?: CallHandle;
  private args = '';
  private value?: LiteralTranscoder;

  /** @param atName the marker ended where the name starts (Gemma 4's `<call>`) */
  constructor(
    private raw: string,
    private readonly close: string,
    private readonly format: 'functiongemma' | 'gemma4',
    atName = false,
  ) {
    if (atName) this.part = 'name';
  }

  step(ctx: ParserContext): boolean {
    if (this.part === 'call') {
      // Gemma 4 at times writes a stray colon first: `<|tool_call>:call:NAME{…}`
      if (this.format === 'gemma4' && ctx.buf[ctx.pos] === ':') this.raw += take(ctx, ctx.pos + 1);
      const m = matchLiteral(ctx.buf, ctx.pos, 'call:', ctx.final);
      if (m === 'partial') return false;
      if (m === 'no') return revert(ctx, this.raw);
      this.raw += take(ctx, ctx.pos + m);
      this.part = 'name';
    }
    if (this.part === 'name') {
      const start = ctx.pos;
      const name = takeNameChars(ctx, this.name);
      if (name === null) return revert(ctx, this.raw);
      this.name = name;
      this.raw += ctx.buf.slice(start, ctx.pos);
      if (ctx.pos >= ctx.buf.length) return ctx.final ? revert(ctx, this.raw) : false;
      if (ctx.buf[ctx.pos] !== '{' || !ctx.tools.has(this.name)) return revert(ctx, this.raw);
      this.call = ctx.sink.startCall(this.name, this.format);
      this.value = new LiteralTranscoder('gemma', (json) => {
        this.args += json;
        if (this.call) ctx.sink.argsDelta(this.call, json);
      });
      this.part = 'args';
    }
    if (this.part === 'args') {
      const value = this.value as LiteralTranscoder;
      ctx.pos = value.feed(ctx.buf, ctx.pos, ctx.final);
      if (value.error) {
        const kind = value.truncated ? 'truncated' : 'invalid_arguments';
        ctx.sink.failCall(this.call as CallHandle, kind, `${this.name}: ${value.error}.`, this.args);
        this.call = undefined;
        ctx.state = new SkipToState(this.close);
        return true;
      }
      if (!value.done) return false;
      this.finishCall(ctx);
      this.part = 'close';
    }
    const m = matchLiteral(ctx.buf, ctx.pos, this.close, ctx.final);
    if (m === 'partial') return false;
    if (typeof m === 'number') ctx.pos += m;
    ctx.toText();
    return true;
  }

  /** Quoted numbers and booleans where the schema wants them: typed once the call is complete. */
  private finishCall(ctx: ParserContext): void {
    const call = this.call as CallHandle;
    let raw = this.args;
    try {
      const parsed = JSON.parse(raw) as Record<string, unknown>;
      const tool = ctx.tools.get(call.name);
      let changed = false;
      for (const [key, v] of Object.entries(parsed)) {
        if (typeof v !== 'string') continue;
        const typed = typedValue(tool, key, v);
        if (typed !== v) {
          parsed[key] = typed;
          changed = true;
        }
      }
      if (changed) raw = JSON.stringify(parsed);
    } catch {
      // not JSON: finishCall reports it
    }
    ctx.sink.finishCall(call, raw);
    this.call = undefined;
  }

  finish(ctx: ParserContext): void {
    if (this.call) {
      ctx.sink.failCall(this.call, 'truncated', `${this.name}: the call was cut off.`, this.args);
    } else if (this.part === 'call' || this.part === 'name') {
      ctx.sink.emitText(this.raw);
    }
  }
}

/** Drops the rest of a call that cannot be used, through its end marker. */
class SkipToState implements ParserState {
  constructor(private readonly close: string) {}

  step(ctx: ParserContext): boolean {
    const i = ctx.buf.indexOf(this.close, ctx.pos);
    if (i < 0) {
      ctx.pos = Math.max(ctx.pos, ctx.buf.length - this.close.length + 1);
      return false;
    }
    ctx.pos = i + this.close.length;
    ctx.toText();
    return true;
  }

  finish(): void {}
}

function callMarker(
  open: string,
  close: string,
  format: 'functiongemma' | 'gemma4',
  atName = false,
): MarkerSpec {
  return {
    open,
    enter: (ctx, at, length) => {
      ctx.state = new GemmaCallState(take(ctx, at + length), close, format, atName);
    },
  };
}

const FUNCTION_GEMMA = callMarker('<start_function_call>', '<end_function_call>', 'functiongemma');
const GEMMA4 = callMarker('<|tool_call>', '<tool_call|>', 'gemma4');
/**
 * `<call>NAME{…}`: Gemma 4's call token broken up (seen with images in the prompt, vLLM's gemma4 parser reads
 * it); only where Gemma 4 is the known family, as a generic tag elsewhere
 */
const GEMMA4_BROKEN = callMarker('<call>', '<tool_call|>', 'gemma4', true);

/**
 * `call:NAME{…}` with no call token, glued to the end of the thought channel (`…<channel|>call:…`; vLLM's gemma4
 * parser reads it): only where Gemma 4 is the known family, and only right after its reasoning — anywhere
 * else `call:` is an ordinary word.
 */
const GEMMA4_BARE: MarkerSpec = {
  open: 'call:',
  tail: (_buf, _at, _final, ctx) => (ctx.sink.afterReasoning ? 0 : 'no'),
  enter: (ctx, at, length) => {
    ctx.state = new GemmaCallState(take(ctx, at + length), '<tool_call|>', 'gemma4', true);
  },
};

export const functionGemmaFamily: FamilyParser = { id: 'functiongemma', markers: () => [FUNCTION_GEMMA] };
export const gemma4Family: FamilyParser = {
  id: 'gemma4',
  markers: (mode) => (mode.preferred ? [GEMMA4, GEMMA4_BROKEN, GEMMA4_BARE] : [GEMMA4]),
};
