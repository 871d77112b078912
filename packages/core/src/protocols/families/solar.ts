import { KvParamsState, type ParamDialect } from '../kv-params.js';
import type { MarkerSpec } from '../marker-table.js';
import { type ParserContext, type ParserState, revert, take, takeWhitespace } from '../parser-context.js';
import { takeNameChars } from '../scan-names.js';
import { matchLiteral } from '../scan-utils.js';
import type { FamilyParser } from './family.js';

const CALL_START = '<|tool_call:start|>';
const CALL_END = '<|tool_call:end|>';

const SOLAR_PARAMS: ParamDialect = {
  format: 'solar',
  open: '<|tool_arg:start|>',
  keyEnd: '<|tool_arg:value|>',
  close: '<|tool_arg:end|>',
  // a call left unclosed ends where the next one starts
  ends: [CALL_END, CALL_START],
  // values sit between their tokens: their whitespace is data
  trimNewlines: false,
};

/**
 * Solar Open2 after `<|tool_call:start|>`: the tool's name (the rest of the line), then
 * `<|tool_arg:start|>K<|tool_arg:value|>V<|tool_arg:end|>` lines, values typed from the tool's schema, up
 * to `<|tool_call:end|>` (or the next call's start). A name no tool has leaves the call text as written.
 */
class SolarCallState implements ParserState {
  private name = '';

  constructor(private raw: string) {}

  step(ctx: ParserContext): boolean {
    const start = ctx.pos;
    const name = takeNameChars(ctx, this.name);
    if (name === null) return revert(ctx, this.raw);
    this.name = name;
    this.raw += ctx.buf.slice(start, ctx.pos);
    if (ctx.pos >= ctx.buf.length && !ctx.final) return false;
    const next = ctx.buf[ctx.pos];
    // the name is the rest of its line; a token may follow it right away
    const ended = next === undefined || next === '\n' || next === '\r' || next === '<';
    if (!ended || !this.name || !ctx.tools.has(this.name)) return revert(ctx, this.raw);
    const call = ctx.sink.startCall(this.name, 'solar');
    ctx.state = new KvParamsState(SOLAR_PARAMS, call, (c, endTag) => {
      if (endTag === CALL_START) c.state = new SolarCallState(endTag);
      else if (endTag) c.state = new SolarBetweenState();
    });
    return true;
  }

  finish(ctx: ParserContext): void {
    ctx.sink.emitText(this.raw);
  }
}

/** After a call: the blanks before the next `<|tool_call:start|>` are layout; anything else is text again. */
class SolarBetweenState implements ParserState {
  private raw = '';

  step(ctx: ParserContext): boolean {
    this.raw += takeWhitespace(ctx);
    if (ctx.pos >= ctx.buf.length) return false;
    const m = matchLiteral(ctx.buf, ctx.pos, CALL_START, ctx.final);
    if (m === 'partial') return false;
    if (typeof m === 'number') {
      // an unknown tool's call after the blanks is text with them
      ctx.state = new SolarCallState(this.raw + take(ctx, ctx.pos + m));
      return true;
    }
    return revert(ctx, this.raw);
  }

  finish(ctx: ParserContext): void {
    ctx.sink.emitText(this.raw);
  }
}

const SOLAR_CALL: MarkerSpec = {
  open: CALL_START,
  enter: (ctx, at, length) => {
    ctx.state = new SolarCallState(take(ctx, at + length));
  },
};

/**
 * Upstage Solar Open2: `<|tool_call:start|>NAME\n<|tool_arg:start|>K<|tool_arg:value|>V<|tool_arg:end|>\n…
 * <|tool_call:end|>`, calls back to back with no wrapper; reasoning in `<|think:start|>`…`<|think:end|>`.
 */
export const solarFamily: FamilyParser = { id: 'solar', markers: () => [SOLAR_CALL] };
