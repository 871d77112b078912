import { JsonRegionState } from '../json-region.js';
import type { MarkerSpec } from '../marker-table.js';
import { type ParserContext, type ParserState, revert, take, takeWhitespace } from '../parser-context.js';
import { ReplyHeaderState } from '../reasoning-block.js';
import { MODEL_WRITTEN_REASONING, type ModelWrittenReasoning } from '../reasoning-tags.js';
import { isWhitespace, type MatchResult, matchLiteral } from '../scan-utils.js';
import type { FamilyParser } from './family.js';
import { JsonOpenState, RESPONSE_WRAPPERS } from './hermes.js';
import { TOOL_CALL_TAG } from './tool-call-tag.js';

/** Phi-4-mini: `functools[{"name":..,"arguments":{..}}, …]`. */
const FUNCTOOLS: MarkerSpec = {
  open: 'functools[',
  enter: (ctx, at, length) => {
    // the JSON list starts at the bracket
    ctx.state = new JsonOpenState(take(ctx, at + length - 1), undefined, 'phi4-mini', false);
  },
};

export const phi4MiniFamily: FamilyParser = { id: 'phi4-mini', markers: () => [FUNCTOOLS] };

/**
 * Granite 3.x: `<|tool_call|>[{"name":..,"arguments":{..}}]` (3.0 also wrote `<tool_call>[…]`, read as
 * Hermes); a closing `<|/tool_call|>` after the list, as Phi-4's tokens have it, is markup too.
 */
const GRANITE_TOOL_CALL: MarkerSpec = {
  open: '<|tool_call|>',
  enter: (ctx, at, length) => {
    ctx.state = new JsonOpenState(take(ctx, at + length), '<|/tool_call|>', 'granite', false);
  },
};

const GRANITE_THINKING = MODEL_WRITTEN_REASONING.granite as ModelWrittenReasoning;

/**
 * Granite 3.3 with thinking on wraps its answer in `<response>` (after `<think>`), and Granite 3.2 starts its
 * reply with a thinking header: layout where the family is known.
 */
export const graniteFamily: FamilyParser = {
  id: 'granite',
  markers: (mode) =>
    mode.preferred
      ? [GRANITE_TOOL_CALL, TOOL_CALL_TAG, ...RESPONSE_WRAPPERS]
      : [GRANITE_TOOL_CALL, TOOL_CALL_TAG],
  replyStart: () => new ReplyHeaderState(GRANITE_THINKING),
};

/**
 * Granite-20B-FunctionCalling: `<function_call> {"name":..,"arguments":{..}}`, repeated per call; a closing
 * `</function_call>` some models add is markup too. (The same tag followed by `<tool>` is our own XML
 * protocol written without its trigger: text.)
 */
const FUNCTION_CALL: MarkerSpec = {
  open: '<function_call>',
  enter: (ctx, at, length) => {
    ctx.state = new JsonOpenState(take(ctx, at + length), '</function_call>', 'granite-20b-fc', false);
  },
};

export const granite20bFamily: FamilyParser = { id: 'granite-20b-fc', markers: () => [FUNCTION_CALL] };

/** InternLM2 / 2.5: `<|action_start|><|plugin|>\n{"name":..,"parameters":{..}}<|action_end|>`. */
class ActionStartState implements ParserState {
  constructor(private raw: string) {}

  step(ctx: ParserContext): boolean {
    this.raw += takeWhitespace(ctx);
    if (ctx.pos >= ctx.buf.length) return false;
    const m = matchLiteral(ctx.buf, ctx.pos, '<|plugin|>', ctx.final);
    if (m === 'partial') return false;
    // `<|interpreter|>` blocks are code for the model's own interpreter: left as written
    if (m === 'no') return revert(ctx, this.raw);
    ctx.state = new JsonOpenState(this.raw + take(ctx, ctx.pos + m), '<|action_end|>', 'internlm2', false);
    return true;
  }

  finish(ctx: ParserContext): void {
    ctx.sink.emitText(this.raw);
  }
}

const ACTION_START: MarkerSpec = {
  open: '<|action_start|>',
  enter: (ctx, at, length) => {
    ctx.state = new ActionStartState(take(ctx, at + length));
  },
};

export const internlm2Family: FamilyParser = { id: 'internlm2', markers: () => [ACTION_START] };

/** `[{"name"` (whitespace allowed): a bare JSON list of calls, as xLAM writes them. */
function matchCallList(buf: string, at: number, final: boolean): MatchResult {
  let i = at;
  const skip = () => {
    while (i < buf.length && isWhitespace(buf.charCodeAt(i)) && i - at < 32) i++;
  };
  skip();
  if (i >= buf.length) return final ? 'no' : 'partial';
  if (buf[i] !== '{') return 'no';
  i++;
  skip();
  if (i >= buf.length) return final ? 'no' : 'partial';
  const m = matchLiteral(buf, i, '"name"', final);
  return typeof m === 'number' ? 0 : m;
}

function listMarker(lineStart: boolean): MarkerSpec {
  return {
    open: '[',
    lineStart,
    tail: matchCallList,
    enter: (ctx) => {
      ctx.state = new JsonRegionState(ctx, { format: 'xlam', triggered: false, prefix: '' });
    },
  };
}

const LIST_ANYWHERE = listMarker(false);
const LIST_LINE_START = listMarker(true);

/** xLAM: a bare JSON list `[{"name":..,"arguments":{..}}]` (where a line starts, unless xLAM is known). */
export const xlamFamily: FamilyParser = {
  id: 'xlam',
  markers: (mode) => [mode.preferred ? LIST_ANYWHERE : LIST_LINE_START],
};

/**
 * Nemotron (Llama-3.3-Nemotron-Super, Llama-3.1-Nemotron-Nano, Nemotron-Nano v2):
 * `<TOOLCALL>[{"name":..,"arguments":{..}}]</TOOLCALL>`. (Nemotron 3 writes Qwen3-Coder's XML.)
 */
const TOOLCALL_TAG: MarkerSpec = {
  open: '<TOOLCALL>',
  enter: (ctx, at, length) => {
    ctx.state = new JsonOpenState(take(ctx, at + length), '</TOOLCALL>', 'nemotron');
  },
};

export const nemotronFamily: FamilyParser = { id: 'nemotron', markers: () => [TOOLCALL_TAG] };
