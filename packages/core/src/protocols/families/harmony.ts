import { decodeArguments } from '../decode-args.js';
import type { CallHandle } from '../event-sink.js';
import type { MarkerSpec } from '../marker-table.js';
import { type ParserContext, type ParserState, SkipWhitespaceState, take } from '../parser-context.js';
import { findFirst } from '../scan-utils.js';
import type { FamilyParser } from './family.js';

/** What ends a message (a new header also does: the end was left out). */
const MESSAGE_END = ['<|end|>', '<|call|>', '<|return|>', '<|start|>', '<|channel|>'];
const MAX_HEADER = 256;
const MESSAGE = '<|message|>';

/**
 * gpt-oss harmony, as a server without a harmony parser passes it on: `<|channel|>analysis<|message|>…<|end|>`
 * (reasoning), `<|start|>assistant<|channel|>commentary to=functions.NAME <|constrain|>json<|message|>{…}<|call|>`
 * (a call; the recipient may also come before the channel) and `<|channel|>final<|message|>…` (content).
 */
class HeaderState implements ParserState {
  constructor(private raw: string) {}

  step(ctx: ParserContext): boolean {
    // look ahead without consuming: giving up must resume at the same place however the text was cut;
    // only as far as a header can reach, so text full of `<|channel|>` stays linear
    // (slicing from 0 copies nothing, and a short streamed buffer comes back as it is)
    const end = ctx.buf.slice(0, ctx.pos + MAX_HEADER + MESSAGE.length).indexOf(MESSAGE, ctx.pos);
    if (end < 0 || end - ctx.pos > MAX_HEADER) {
      if (!ctx.final && end < 0 && ctx.buf.length - ctx.pos <= MAX_HEADER + 10) return false;
      return this.notHarmony(ctx);
    }
    // opened by `<|channel|>`: the header starts with the channel name
    const header = (this.raw === '<|channel|>' ? this.raw : '') + ctx.buf.slice(ctx.pos, end);
    this.raw += take(ctx, end + MESSAGE.length);
    const recipient = /\bto=(?:functions\.)?([A-Za-z0-9_.-]+)/.exec(header)?.[1];
    const channel = /<\|channel\|>\s*([A-Za-z]+)/.exec(header)?.[1] ?? '';
    if (recipient !== undefined) {
      if (!ctx.tools.has(recipient)) return this.notHarmony(ctx);
      ctx.state = new MessageState('call', ctx.sink.startCall(recipient, 'harmony'));
      return true;
    }
    ctx.state = new MessageState(channel === 'analysis' ? 'reasoning' : 'content');
    return true;
  }

  /** An unknown recipient or a header that never ends: the text goes back as written. */
  private notHarmony(ctx: ParserContext): boolean {
    ctx.sink.emitText(this.raw);
    ctx.toText();
    return true;
  }

  finish(ctx: ParserContext): void {
    ctx.sink.emitText(this.raw);
  }
}

class MessageState implements ParserState {
  private args = '';

  constructor(
    private readonly kind: 'reasoning' | 'content' | 'call',
    private readonly call?: CallHandle,
  ) {}

  step(ctx: ParserContext): boolean {
    const r = findFirst(ctx.buf, ctx.pos, MESSAGE_END, ctx.final);
    const text = take(ctx, 'marker' in r ? r.index : r.safeEnd);
    if (this.kind === 'reasoning') ctx.sink.emitReasoning(text);
    else if (this.kind === 'content') ctx.sink.emitText(text);
    else if (this.call && text) {
      this.args += text;
      ctx.sink.argsDelta(this.call, text);
    }
    if (!('marker' in r)) return false;
    if (this.call) ctx.sink.finishCall(this.call, this.args);
    if (r.marker === '<|start|>' || r.marker === '<|channel|>') {
      // the next message's header follows at once
      ctx.state = new HeaderState(take(ctx, r.index + r.marker.length));
      return true;
    }
    ctx.pos = r.index + r.marker.length;
    ctx.state = new SkipWhitespaceState();
    return true;
  }

  finish(ctx: ParserContext): void {
    if (!this.call) return;
    // <|call|> is an end-of-generation token: servers stop there and often leave it out, so arguments
    // that are whole JSON end the call; anything less was cut off
    if (this.args.trim() !== '' && decodeArguments(this.args).ok) {
      ctx.sink.finishCall(this.call, this.args);
      return;
    }
    ctx.sink.failCall(
      this.call,
      'truncated',
      `${this.call.name}: the call was cut off before <|call|>.`,
      this.args,
    );
  }
}

function header(open: string): MarkerSpec {
  return {
    open,
    enter: (ctx, at, length) => {
      ctx.state = new HeaderState(take(ctx, at + length));
    },
  };
}

/** End tokens with nothing before them (a message the server already split off): dropped. */
function drop(open: string): MarkerSpec {
  return {
    open,
    enter: (ctx, at, length) => {
      ctx.pos = at + length;
      ctx.state = new SkipWhitespaceState();
    },
  };
}

const MARKERS: MarkerSpec[] = [
  header('<|start|>'),
  header('<|channel|>'),
  drop('<|end|>'),
  drop('<|return|>'),
  drop('<|call|>'),
];

export const harmonyFamily: FamilyParser = { id: 'harmony', markers: () => MARKERS };
