import { InvokeBlockState } from '../invoke-block.js';
import type { MarkerSpec } from '../marker-table.js';
import { type ParserContext, type ParserState, revert, take, takeWhitespace } from '../parser-context.js';
import { matchLiteral } from '../scan-utils.js';
import { REST_DROPPED } from '../turn-end.js';
import { dsmlDialect } from './dsml.js';
import type { FamilyParser } from './family.js';
import { JsonOpenState } from './hermes.js';

/**
 * GigaChat (Sber, ai-sage). GigaChat 3 ends its text with `<|message_sep|>` and opens a message in the role
 * `function call<|role_sep|>` holding one `{"name": .., "arguments": {..}}` (a reply with no text starts with
 * `<|message_sep|>`); GigaChat 3.1 writes `<|function_call|>` and the same object right after its text;
 * GigaChat 3.5 writes a GCML block, DeepSeek V3.2's DSML with `｜GCML｜` inside `<｜GCML｜tool_calls>`.
 */
const ROLE_SEP = '<|role_sep|>';
const CALL_ROLE = 'function call';
/** Longer than any role name (`function result`): a longer run of letters is prose. */
const MAX_ROLE = 24;
/** The end of the sequence, which may follow the end of the message. */
const EOS = '</s>';

/** a-z or a space: a role name's characters */
function isRoleChar(c: number): boolean {
  return (c >= 97 && c <= 122) || c === 32;
}

/**
 * After `<|message_sep|>`, the end of a message, and blanks: the role `function call` opens the call. The
 * reply is over where only blanks (and `</s>`) follow to its end, or another role's header (the model wrote
 * the next turn, a function result it invented), or anything right after a call: all of it is dropped.
 * Anything else and the token is text, as written.
 */
class MessageSepState implements ParserState {
  constructor(private raw: string) {}

  step(ctx: ParserContext): boolean {
    this.raw += takeWhitespace(ctx);
    const buf = ctx.buf;
    const at = ctx.pos;
    if (at >= buf.length) return false;
    let i = at;
    while (i < buf.length && i - at <= MAX_ROLE && isRoleChar(buf.charCodeAt(i))) i++;
    if (i >= buf.length && !ctx.final) return false;
    const m = i > at ? matchLiteral(buf, i, ROLE_SEP, ctx.final) : 'no';
    if (m === 'partial') return false;
    if (typeof m === 'number') {
      if (buf.slice(at, i) === CALL_ROLE) {
        ctx.state = new JsonOpenState(this.raw + take(ctx, i + m), undefined, 'gigachat', false);
      } else ctx.state = REST_DROPPED;
      return true;
    }
    if (ctx.sink.afterCall) {
      ctx.state = REST_DROPPED;
      return true;
    }
    const e = matchLiteral(buf, at, EOS, ctx.final);
    if (e === 'partial') return false;
    if (typeof e === 'number') {
      this.raw += take(ctx, at + e);
      return true;
    }
    return revert(ctx, this.raw);
  }

  finish(): void {
    // only blanks came after the token: the end of the reply
  }
}

/** GigaChat 3.5's GCML block: DeepSeek V3.2's DSML with another name, in `tool_calls`. */
const GCML = dsmlDialect('GCML', 'tool_calls', 'gigachat');

const MARKERS: MarkerSpec[] = [
  {
    open: '<|message_sep|>',
    enter: (ctx, at, length) => {
      ctx.state = new MessageSepState(take(ctx, at + length));
    },
  },
  {
    open: '<|function_call|>',
    enter: (ctx, at, length) => {
      ctx.state = new JsonOpenState(take(ctx, at + length), undefined, 'gigachat', false);
    },
  },
  {
    open: '<｜GCML｜tool_calls>',
    enter: (ctx, at, length) => {
      ctx.state = new InvokeBlockState(GCML, take(ctx, at + length));
    },
  },
];

export const gigachatFamily: FamilyParser = { id: 'gigachat', markers: () => MARKERS };
