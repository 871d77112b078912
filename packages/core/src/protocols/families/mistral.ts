import { JsonRegionState } from '../json-region.js';
import type { MarkerSpec } from '../marker-table.js';
import { type ParserContext, type ParserState, revert, take, takeWhitespace } from '../parser-context.js';
import { isNameChar, MAX_NAME } from '../scan-names.js';
import { matchLiteral } from '../scan-utils.js';
import type { FamilyParser } from './family.js';

type MistralPart = 'start' | 'name' | 'tag' | 'id' | 'args';

/** What may stand between `[TOOL_CALLS]` and the JSON list: whitespace, a fence, a colon. */
const JUNK = /^(?:\s|`|json|:)*/;
const MAX_JUNK = 64;

/**
 * After `[TOOL_CALLS]`: a JSON list of calls (maybe after a fence or a colon), or `NAME[ARGS]{...}`
 * (v11, optionally with `[CALL_ID]id`), or `NAME{...}`.
 */
export class MistralState implements ParserState {
  private part: MistralPart = 'start';
  private name = '';
  private id = '';
  private sawCallId = false;

  constructor(private raw: string) {}

  private json(ctx: ParserContext, argsFor?: string, fenced = false): boolean {
    ctx.state = new JsonRegionState(ctx, {
      format: 'mistral',
      triggered: false,
      prefix: this.raw,
      argsFor,
      closer: fenced ? '```' : undefined,
    });
    return true;
  }

  step(ctx: ParserContext): boolean {
    if (this.part === 'start') {
      const rest = ctx.buf.slice(ctx.pos, ctx.pos + MAX_JUNK);
      const junk = JUNK.exec(rest)?.[0] ?? '';
      const after = rest.slice(junk.length);
      // all junk so far, or a `json` cut off: wait for more
      if (!ctx.final && rest.length < MAX_JUNK && (after === '' || 'json'.startsWith(after))) return false;
      this.raw += take(ctx, ctx.pos + junk.length);
      if (ctx.pos >= ctx.buf.length) return revert(ctx, this.raw);
      const c = ctx.buf[ctx.pos];
      if (c === '[' || c === '{') return this.json(ctx, undefined, junk.includes('```'));
      if (junk.trim()) return revert(ctx, this.raw);
      this.part = 'name';
    }
    if (this.part === 'args') {
      this.raw += takeWhitespace(ctx);
      if (ctx.pos >= ctx.buf.length) return false;
      if (ctx.buf[ctx.pos] !== '{') return revert(ctx, this.raw);
      return this.json(ctx, this.name);
    }
    if (this.part === 'name' || this.part === 'id') {
      let word = this.part === 'name' ? this.name : this.id;
      while (ctx.pos < ctx.buf.length && isNameChar(ctx.buf.charCodeAt(ctx.pos)) && word.length < MAX_NAME) {
        word += ctx.buf[ctx.pos];
        this.raw += ctx.buf[ctx.pos++];
      }
      if (this.part === 'name') this.name = word;
      else this.id = word;
      if (ctx.pos >= ctx.buf.length) return ctx.final ? revert(ctx, this.raw) : false;
      const c = ctx.buf[ctx.pos];
      if (!word || (c !== '[' && c !== '{')) return revert(ctx, this.raw);
      // `NAME{...}`: the arguments straight after the name
      if (c === '{' && this.part === 'name') return this.json(ctx, this.name);
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
