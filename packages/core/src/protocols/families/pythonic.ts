import { JsonRegionState } from '../json-region.js';
import type { MarkerSpec } from '../marker-table.js';
import { type ParserContext, type ParserState, take, takeWhitespace } from '../parser-context.js';
import { PyCallsState } from '../py-calls.js';
import { isNameChar, MAX_NAME } from '../scan-names.js';
import { isWhitespace, type MatchResult } from '../scan-utils.js';
import type { FamilyParser } from './family.js';

function wrapper(open: string, close: string): MarkerSpec {
  return {
    open,
    enter: (ctx, at, length) => {
      ctx.pos = at + length;
      ctx.state = new PyCallsState({ format: 'pythonic', close, bracket: 'optional' }, open);
    },
  };
}

/**
 * `[NAME(` where a line starts, NAME an offered tool (optionally `functions.NAME`): a pythonic call list.
 * Checked before anything is held, so `[see note 4]` or `[link](url)` in prose costs nothing.
 */
function matchListStart(buf: string, at: number, final: boolean, ctx: ParserContext): MatchResult {
  let i = at;
  while (i < buf.length && isWhitespace(buf.charCodeAt(i)) && i - at < 16) i++;
  const start = i;
  while (i < buf.length && isNameChar(buf.charCodeAt(i)) && i - start <= MAX_NAME) i++;
  if (i >= buf.length) return final ? 'no' : 'partial';
  if (buf[i] !== '(' || i === start) return 'no';
  const name = buf.slice(start, i).replace(/^(?:functions|default_api)\./, '');
  return ctx.tools.has(name) ? 0 : 'no';
}

function listMarker(lineStart: boolean): MarkerSpec {
  return {
    open: '[',
    lineStart,
    tail: matchListStart,
    enter: (ctx) => {
      ctx.state = new PyCallsState({ format: 'pythonic', bracket: 'required' }, '');
    },
  };
}

const CALL_START = '<|tool_call_start|>';
const CALL_END = '<|tool_call_end|>';

/**
 * After `<|tool_call_start|>`: LFM2's pythonic list, or a JSON list of `{"name", "arguments"}` objects in the
 * same tokens (openPangu; LFM2 when its system prompt asks for JSON). Decided by the first character after
 * the list's bracket.
 */
class CallStartState implements ParserState {
  constructor(
    private raw: string,
    private readonly close: string,
  ) {}

  step(ctx: ParserContext): boolean {
    this.raw += takeWhitespace(ctx);
    const buf = ctx.buf;
    let i = ctx.pos;
    if (buf[i] === '[') {
      i++;
      while (i < buf.length && isWhitespace(buf.charCodeAt(i)) && i - ctx.pos < 16) i++;
    }
    if (i >= buf.length && !ctx.final) return false;
    if (buf[i] === '{') {
      ctx.state = new JsonRegionState(ctx, {
        format: 'pythonic',
        triggered: false,
        prefix: this.raw,
        closer: this.close,
      });
    } else {
      ctx.state = new PyCallsState({ format: 'pythonic', close: this.close, bracket: 'optional' }, this.raw);
    }
    return true;
  }

  finish(ctx: ParserContext): void {
    ctx.sink.emitText(this.raw);
  }
}

function callStart(open: string, close: string): MarkerSpec {
  return {
    open,
    enter: (ctx, at, length) => {
      ctx.state = new CallStartState(take(ctx, at + length), close);
    },
  };
}

const WRAPPERS = [
  wrapper('<|python_start|>', '<|python_end|>'),
  wrapper('<function_calls>', '</function_calls>'),
  callStart(CALL_START, CALL_END),
  // openPangu-Embedded: the same list between reserved tokens its tokenizer has instead
  callStart('[unused11]', '[unused12]'),
];
const LIST_LINE_START = listMarker(true);

/**
 * Pythonic calls: Llama 3.2 / 4 `[get_weather(city='Paris'), ping()]` (also in `<|python_start|>`), OLMo 3
 * `<function_calls>` with one call per line, LFM2 `<|tool_call_start|>[…]<|tool_call_end|>` (a JSON list in
 * those tokens too: openPangu, LFM2 asked for JSON; openPangu-Embedded's `[unused11]…[unused12]`). Python
 * literals (True/None, single quotes, tuples, nested lists and dicts) become JSON. A bare list counts where
 * a line starts; its first name must be an offered tool.
 */
export const pythonicFamily: FamilyParser = {
  id: 'pythonic',
  markers: () => [...WRAPPERS, LIST_LINE_START],
};
