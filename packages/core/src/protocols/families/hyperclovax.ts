import type { MarkerSpec } from '../marker-table.js';
import {
  type ParserContext,
  type ParserState,
  SkipWhitespaceState,
  take,
  takeWhitespace,
} from '../parser-context.js';
import { findFirst, matchLiteral } from '../scan-utils.js';
import { REST_DROPPED } from '../turn-end.js';
import type { FamilyParser } from './family.js';
import { JsonOpenState } from './hermes.js';
import { TOOL_CALL_TAG } from './tool-call-tag.js';

/**
 * NAVER HyperCLOVAX SEED Think. The 32B model writes GLM-4.5's `<tool_call>NAME\n<arg_key>k</arg_key>\n
 * <arg_value>v</arg_value>\n</tool_call>` with every value JSON-encoded (read so in glm-call.ts where the
 * family is known). The 14B model switches roles in ChatML: it ends its message with `<|im_end|>`, opens
 * `<|im_start|>assistant -> tool/function_call\n` and writes a JSON list of `{"name", "arguments"}` objects,
 * then `<|im_end|><|stop|>` (turn-end.ts drops those). Its prompt ends with `<|im_start|>assistant`, so the
 * reply itself starts with the rest of a role: `\n` (an answer), ` -> tool/function_call\n` (calls) or
 * `/think\n` (reasoning, up to `<|im_end|>` and the next `<|im_start|>assistant` header).
 */
const IM_START = '<|im_start|>';
const IM_END = '<|im_end|>';
const ASSISTANT = `${IM_START}assistant`;
/** the rest of the function-call role after `assistant` */
const CALL_ROLE = ' -> tool/function_call';
const THINK_ROLE = '/think';
const REASONING_ENDS: readonly string[] = [IM_END];

/** After the function-call role: blanks, then the JSON list of calls (a lone object is read too). */
function callsAfter(raw: string): ParserState {
  return new JsonOpenState(raw, undefined, 'hyperclovax', false);
}

/** The 14B model's reasoning (role `assistant/think`): up to `<|im_end|>`; blanks first are layout. */
class ThinkRoleState implements ParserState {
  private started = false;

  step(ctx: ParserContext): boolean {
    if (!this.started) {
      takeWhitespace(ctx);
      if (ctx.pos >= ctx.buf.length) return false;
      this.started = true;
    }
    const r = findFirst(ctx.buf, ctx.pos, REASONING_ENDS, ctx.final);
    ctx.sink.emitReasoning(take(ctx, 'marker' in r ? r.index : r.safeEnd));
    if (!('marker' in r)) return false;
    ctx.pos += r.marker.length;
    ctx.sink.endReasoning();
    ctx.state = new AfterThinkState();
    return true;
  }

  finish(): void {}
}

/**
 * After the reasoning's `<|im_end|>`: the next `<|im_start|>assistant` header is layout, followed by the
 * function-call role (calls) or a line break (the answer). Another role's header is the next turn: the reply
 * is over. Anything else is the answer, written without a header.
 */
class AfterThinkState implements ParserState {
  step(ctx: ParserContext): boolean {
    takeWhitespace(ctx);
    const { buf, final } = ctx;
    if (ctx.pos >= buf.length) return false;
    const m = matchLiteral(buf, ctx.pos, ASSISTANT, final);
    if (m === 'partial') return false;
    if (typeof m === 'number') {
      const at = ctx.pos + m;
      if (at >= buf.length && !final) return false;
      const c = matchLiteral(buf, at, CALL_ROLE, final);
      if (c === 'partial') return false;
      ctx.pos = typeof c === 'number' ? at + c : at;
      ctx.state = typeof c === 'number' ? callsAfter('') : new SkipWhitespaceState();
      return true;
    }
    const other = matchLiteral(buf, ctx.pos, IM_START, final);
    if (other === 'partial') return false;
    if (typeof other === 'number') ctx.state = REST_DROPPED;
    else ctx.toText();
    return true;
  }

  finish(): void {}
}

/**
 * The reply's start where the family is known: the rest of the role its prompt opened. ` -> tool/function_call`
 * opens calls, `/think` reasoning; the line break that ends a plain `assistant` role is layout.
 */
class ReplyRoleState implements ParserState {
  step(ctx: ParserContext): boolean {
    const { buf, final } = ctx;
    if (ctx.pos >= buf.length) return false;
    const start = buf[ctx.pos];
    if (start === '\n') {
      ctx.pos++;
      ctx.toText();
      return true;
    }
    const role = start === '/' ? THINK_ROLE : CALL_ROLE;
    const m = matchLiteral(buf, ctx.pos, role, final);
    if (m === 'partial') return false;
    if (typeof m !== 'number') {
      ctx.toText();
      return true;
    }
    const raw = take(ctx, ctx.pos + m);
    ctx.state = role === THINK_ROLE ? new ThinkRoleState() : callsAfter(raw);
    return true;
  }

  finish(): void {}
}

function callRole(open: string): MarkerSpec {
  return {
    open,
    enter: (ctx, at, length) => {
      ctx.state = callsAfter(take(ctx, at + length));
    },
  };
}

/**
 * The 14B model's function-call role, with the end of its message before it (the template's `\n` between
 * them, or none) or alone. Longer than `<|im_end|>`, so it wins over turn-end.ts's reading of a new turn.
 */
const CALL_ROLE_MARKERS: MarkerSpec[] = [
  callRole(`${ASSISTANT}${CALL_ROLE}`),
  callRole(`${IM_END}\n${ASSISTANT}${CALL_ROLE}`),
  callRole(`${IM_END}${ASSISTANT}${CALL_ROLE}`),
];

export const hyperclovaxFamily: FamilyParser = {
  id: 'hyperclovax',
  markers: () => [TOOL_CALL_TAG, ...CALL_ROLE_MARKERS],
  replyStart: () => new ReplyRoleState(),
};
