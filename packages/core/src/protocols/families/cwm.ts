import { JsonRegionState } from '../json-region.js';
import type { MarkerSpec } from '../marker-table.js';
import { type ParserContext, type ParserState, revert, take } from '../parser-context.js';
import { isNameChar, MAX_NAME, takeNameChars } from '../scan-names.js';
import { isWhitespace } from '../scan-utils.js';
import { FreeTextState, freeTextKey, matchClose, toEnd } from './cwm-body.js';
import type { FamilyParser } from './family.js';

/** Longest blank run looked through between a repeated name and its `{`. */
const MAX_GAP = 64;

type Phase = 'label' | 'afterLabel' | 'bodyStart' | 'head' | 'payload';

/**
 * Meta CWM after `<tool:`: ` LABEL>`, a new line, the body, `</tool>`. Meta's guide has the label name the
 * tool and the body its input; vLLM's parser names the tool by the body's first word (`<tool: function>\n
 * NAME {json}`). Both are read: a label that is an offered tool names it (a repeated `NAME {` after it is
 * skipped), else the body's first word must be one. Also `<tool: NAME payload </tool>` (no `>`). Nothing
 * is held past the name: a JSON payload streams as the arguments, free text as one string parameter.
 */
class CwmOpenState implements ParserState {
  private phase: Phase = 'label';
  private label = '';
  private name = '';
  private shorthand = false;
  /** blanks came after the label (the shorthand's payload follows them; `<tool: NAME(` is prose) */
  private gap = false;

  constructor(private raw: string) {}

  private eat(ctx: ParserContext, end: number): void {
    this.raw += take(ctx, end);
  }

  private blanks(ctx: ParserContext, newlines: boolean): void {
    let i = ctx.pos;
    while (i < ctx.buf.length) {
      const c = ctx.buf.charCodeAt(i);
      if (c !== 32 && c !== 9 && !(newlines && (c === 10 || c === 13))) break;
      i++;
    }
    this.eat(ctx, i);
  }

  step(ctx: ParserContext): boolean {
    const preferred = ctx.preferred === 'cwm';
    const buf = ctx.buf;
    switch (this.phase) {
      case 'label': {
        if (!this.label) this.blanks(ctx, false);
        const start = ctx.pos;
        const label = takeNameChars(ctx, this.label);
        if (label === null) return revert(ctx, this.raw);
        this.label = label;
        this.raw += buf.slice(start, ctx.pos);
        if (ctx.pos >= buf.length && !ctx.final) return false;
        if (!this.label) return revert(ctx, this.raw);
        this.phase = 'afterLabel';
        return true;
      }
      case 'afterLabel': {
        const from = ctx.pos;
        this.blanks(ctx, true);
        if (ctx.pos > from) this.gap = true;
        if (ctx.pos >= buf.length && !ctx.final) return false;
        if (buf[ctx.pos] === '>') {
          this.eat(ctx, ctx.pos + 1);
          this.phase = 'bodyStart';
          return true;
        }
        // `<tool: NAME payload </tool>`: the label names the tool; in prose only a JSON payload counts
        const c = buf[ctx.pos];
        const known = ctx.tools.has(this.label);
        if (!known || !this.gap || (!preferred && c !== '{' && c !== '<')) {
          return revert(ctx, this.raw);
        }
        this.shorthand = true;
        this.name = this.label;
        this.phase = 'payload';
        return true;
      }
      case 'bodyStart': {
        // the body starts on the next line (or with its JSON, or the closing tag); prose goes on on this one
        this.blanks(ctx, false);
        if (ctx.pos >= buf.length && !ctx.final) return false;
        const c = buf[ctx.pos];
        if (c !== '\n' && c !== '\r' && c !== '{') {
          const m = matchClose(buf, ctx.pos, ctx.final);
          if (m === 'partial') return false;
          if (m === 'no') return revert(ctx, this.raw);
        }
        this.phase = 'head';
        return true;
      }
      case 'head':
        return this.head(ctx);
      default:
        return this.payload(ctx, preferred);
    }
  }

  /** The body's first word: the tool's name where the label is none (vLLM), or the label repeated. */
  private head(ctx: ParserContext): boolean {
    this.blanks(ctx, true);
    const buf = ctx.buf;
    let i = ctx.pos;
    while (i < buf.length && isNameChar(buf.charCodeAt(i)) && i - ctx.pos <= MAX_NAME) i++;
    if (i >= buf.length && !ctx.final) return false;
    const word = buf.slice(ctx.pos, i);
    if (ctx.tools.has(this.label)) {
      this.name = this.label;
      if (word === this.label) {
        // skipped only before a JSON payload: `bash ls` is a command that starts with the tool's name
        let j = i;
        while (j < buf.length && j - i <= MAX_GAP && isWhitespace(buf.charCodeAt(j))) j++;
        if (j >= buf.length && !ctx.final) return false;
        if (buf[j] === '{') this.eat(ctx, j);
      }
      this.phase = 'payload';
      return true;
    }
    const c = buf.charCodeAt(i);
    const ended = i >= buf.length || isWhitespace(c) || c === 123 || c === 60;
    if (!word || !ended || !ctx.tools.has(word)) return revert(ctx, this.raw);
    this.name = word;
    this.eat(ctx, i);
    this.phase = 'payload';
    return true;
  }

  /** After the name: `</tool>` (no arguments), a JSON object, or free text for the tool's one text parameter. */
  private payload(ctx: ParserContext, preferred: boolean): boolean {
    this.blanks(ctx, true);
    const buf = ctx.buf;
    if (ctx.pos >= buf.length) return false;
    const sink = ctx.sink;
    const m = matchClose(buf, ctx.pos, ctx.final);
    if (m === 'partial') return false;
    if (typeof m === 'number') {
      ctx.pos += m;
      sink.emptyCall(this.name, 'cwm');
      ctx.toText();
      return true;
    }
    if (buf[ctx.pos] === '{') {
      ctx.state = new JsonRegionState(ctx, {
        format: 'cwm',
        triggered: false,
        prefix: '',
        argsFor: this.name,
        next: toEnd,
      });
      return true;
    }
    // free text is read only where the family is known: in prose it runs on with nothing to end it
    if (!preferred) return revert(ctx, this.raw);
    const key = freeTextKey(ctx.tools.get(this.name));
    const call = sink.startCall(this.name, 'cwm');
    ctx.state = new FreeTextState(call, key);
    return true;
  }

  finish(ctx: ParserContext): void {
    if (this.phase !== 'payload' || (this.shorthand && ctx.preferred !== 'cwm')) {
      ctx.sink.emitText(this.raw);
      return;
    }
    ctx.sink.error({
      kind: 'truncated',
      message: `${this.name}: the call was cut off before it ended.`,
      format: 'cwm',
      name: this.name,
      raw: '',
    });
  }
}

function tag(open: string): MarkerSpec {
  return {
    open,
    enter: (ctx, at, length) => {
      ctx.state = new CwmOpenState(take(ctx, at + length));
    },
  };
}

/** The tag is matched in any case; these are the spellings seen. */
const TAGS = [tag('<tool:'), tag('<Tool:'), tag('<TOOL:')];

/**
 * Meta CWM (Code World Model): plain-text `<tool: LABEL>\nBODY\n</tool>` blocks, one per call, after the
 * reply's text; reasoning before a lone `</think>` (the template opens `<think>`), the turn ends at
 * `<|eot_id|>`.
 */
export const cwmFamily: FamilyParser = { id: 'cwm', markers: () => TAGS };
