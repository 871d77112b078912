import { JsonRegionState } from '../json-region.js';
import type { MarkerSpec } from '../marker-table.js';
import { type ParserContext, type ParserState, revert, take, takeWhitespace } from '../parser-context.js';
import { isNameChar, MAX_NAME } from '../scan-names.js';
import type { FamilyParser } from './family.js';

/** The recipient of the parts of a reply meant for the user. */
const TO_USER = 'all';

/**
 * Functionary v3.2 (MeetKai): every part of a reply starts `>>>RECIPIENT\n`: `all` for text to the user, a
 * tool's name for a call with JSON arguments (`>>>all\nLet me look.>>>get_weather\n{"city": "Paris"}`). The
 * recipient is read here, after the `>>>` (or, at a reply's start, after the `>>>` the template wrote at the
 * end of the prompt): `all` drops the header, an offered tool starts the call, anything else is text.
 */
class RecipientState implements ParserState {
  private name = '';
  /** the name and its newline were read: the arguments come next */
  private named = false;

  constructor(private raw: string) {}

  step(ctx: ParserContext): boolean {
    if (this.named) {
      this.raw += takeWhitespace(ctx);
      if (ctx.pos >= ctx.buf.length) return ctx.final ? revert(ctx, this.raw) : false;
      if (ctx.buf[ctx.pos] !== '{') return revert(ctx, this.raw);
      ctx.state = new JsonRegionState(ctx, {
        format: 'functionary',
        triggered: false,
        prefix: this.raw,
        argsFor: this.name,
      });
      return true;
    }
    const { buf } = ctx;
    let i = ctx.pos;
    while (i < buf.length && isNameChar(buf.charCodeAt(i)) && this.name.length + i - ctx.pos < MAX_NAME) i++;
    this.name += buf.slice(ctx.pos, i);
    this.raw += take(ctx, i);
    if (i >= buf.length) return ctx.final ? revert(ctx, this.raw) : false;
    if (buf.charCodeAt(i) !== 10 || this.name === '') return revert(ctx, this.raw);
    // the header of text for the user is layout
    if (this.name === TO_USER) {
      ctx.pos = i + 1;
      ctx.toText();
      return true;
    }
    if (!ctx.tools.has(this.name)) return revert(ctx, this.raw);
    this.raw += take(ctx, i + 1);
    this.named = true;
    return true;
  }

  finish(ctx: ParserContext): void {
    ctx.sink.emitText(this.raw);
  }
}

const RECIPIENT: MarkerSpec = {
  open: '>>>',
  enter: (ctx, at, length) => {
    ctx.state = new RecipientState(take(ctx, at + length));
  },
};

export const functionaryFamily: FamilyParser = {
  id: 'functionary',
  markers: () => [RECIPIENT],
  // the template ends the prompt with `>>>`: the reply starts with its first recipient
  replyStart: () => new RecipientState(''),
};
