import { JsonRegionState } from '../json-region.js';
import type { MarkerSpec } from '../marker-table.js';
import { type ParserContext, type ParserState, revert, take, takeWhitespace } from '../parser-context.js';
import { readName } from '../scan-names.js';
import { matchLiteral } from '../scan-utils.js';
import type { FamilyParser } from './family.js';

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

const TOOL_CALLS: MarkerSpec = {
  open: '[TOOL_CALLS]',
  enter: (ctx, at, length) => {
    ctx.state = new MistralState(take(ctx, at + length));
  },
};

export const mistralFamily: FamilyParser = {
  id: 'mistral',
  markers: () => [TOOL_CALLS],
};
