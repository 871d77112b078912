import { JsonRegionState } from '../json-region.js';
import type { MarkerSpec } from '../marker-table.js';
import {
  backToText,
  type ParserContext,
  type ParserState,
  PassthroughState,
  revert,
  take,
  takeWhitespace,
} from '../parser-context.js';
import { LiteralTranscoder } from '../py-literal.js';
import { isWhitespace, matchLiteral } from '../scan-utils.js';
import { matchFence } from '../text-markers.js';
import type { FamilyParser } from './family.js';
import { TOOL_CALL_TAG } from './tool-call-tag.js';

const LABEL = '**Tool Call:**';
const FENCE = '```';
const LEGACY_CLOSE = '</tool_call>';
/** Longest blank run looked through between `{` and its first key. */
const MAX_GAP = 64;

/**
 * One call object written as a Python dict (`{'name': 'get_weather', 'arguments': {...}}`; RWKV's parser
 * falls back to `ast.literal_eval`). Transcoded to JSON as it streams (linear), decided once the dict ends:
 * a known `name` makes it a call, anything else is handed back as text. `closer` may follow after blanks.
 */
class PyDictCallState implements ParserState {
  private json = '';
  private readonly literal = new LiteralTranscoder('python', (s) => {
    this.json += s;
  });
  private valueDone = false;
  private afterWs = '';

  constructor(
    private raw: string,
    private readonly closer: string,
  ) {}

  step(ctx: ParserContext): boolean {
    if (!this.valueDone) {
      const end = this.literal.feed(ctx.buf, ctx.pos, ctx.final);
      this.raw += take(ctx, end);
      if (this.literal.truncated) return this.truncated(ctx);
      if (this.literal.error) return revert(ctx, this.raw);
      if (!this.literal.done) return false;
      this.valueDone = true;
    }
    this.afterWs += takeWhitespace(ctx);
    if (ctx.pos >= ctx.buf.length && !ctx.final) return false;
    const m = matchLiteral(ctx.buf, ctx.pos, this.closer, ctx.final);
    if (m === 'partial') return false;
    const closed = typeof m === 'number';
    if (closed) {
      this.raw += this.afterWs + take(ctx, ctx.pos + m);
      this.afterWs = '';
    }
    this.settle(ctx, closed);
    return true;
  }

  finish(ctx: ParserContext): void {
    if (this.valueDone) this.settle(ctx, false);
    else ctx.sink.emitText(this.raw);
  }

  private settle(ctx: ParserContext, closed: boolean): void {
    const sink = ctx.sink;
    const call = callOf(this.json);
    if (!call || !ctx.tools.has(call.name)) {
      sink.emitText(this.raw + this.afterWs);
      ctx.toText();
      return;
    }
    const handle = sink.startCall(call.name, 'rwkv');
    // arguments given as a JSON string: that text is what the deltas carry (as JsonRegionState does)
    const isString = typeof call.args === 'string';
    const rawArgs = isString ? (call.args as string) : JSON.stringify(call.args ?? {});
    sink.argsDelta(handle, rawArgs);
    sink.finishCall(handle, rawArgs, !isString);
    // a fence not closed right after its call: the rest of the block is code
    if (!closed && this.closer === FENCE) {
      sink.emitText(this.afterWs);
      ctx.state = new PassthroughState(FENCE, backToText);
      return;
    }
    // the legacy payload is one line: its line break is part of it
    ctx.state = new AfterCallState(closed ? '' : this.afterWs.replace(/^\r?\n/, ''));
  }

  /** The reply ended inside the dict: an error where it names a known tool, else the text as written. */
  private truncated(ctx: ParserContext): true {
    const name = /"name":"((?:[^"\\]|\\.)*)"/.exec(this.json)?.[1];
    if (name === undefined || !ctx.tools.has(name)) return revert(ctx, this.raw);
    ctx.sink.error({
      kind: 'truncated',
      message: `${name}: the call was cut off before it ended.`,
      format: 'rwkv',
      name,
      raw: this.raw,
    });
    ctx.toText();
    return true;
  }
}

/**
 * After a call: blanks, then maybe the next `**Tool Call:**`. The blank lines between calls are layout and
 * are dropped; before anything else they are content.
 */
class AfterCallState implements ParserState {
  constructor(private ws: string) {}

  step(ctx: ParserContext): boolean {
    this.ws += takeWhitespace(ctx);
    if (ctx.pos >= ctx.buf.length && !ctx.final) return false;
    const m = matchLiteral(ctx.buf, ctx.pos, LABEL, ctx.final);
    if (m === 'partial') return false;
    if (typeof m === 'number') {
      ctx.state = new LabelState(this.ws, take(ctx, ctx.pos + m));
      return true;
    }
    return revert(ctx, this.ws);
  }

  finish(ctx: ParserContext): void {
    ctx.sink.emitText(this.ws);
  }
}

/** Where a JSON call in a fence is over: a closed fence goes on to the next label, an open one is code. */
function afterJsonCall(ctx: ParserContext): void {
  // JsonRegionState has just taken the closing fence, if there was one: it ends where the reading stands
  if (ctx.buf.startsWith(FENCE, ctx.pos - FENCE.length)) ctx.state = new AfterCallState('');
  else ctx.state = new PassthroughState(FENCE, backToText);
}

function callOf(json: string): { name: string; args: unknown } | undefined {
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    return undefined;
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) return undefined;
  const { name, arguments: args, parameters } = value as Record<string, unknown>;
  return typeof name === 'string' ? { name, args: args ?? parameters ?? {} } : undefined;
}

/**
 * At the `{` (or `[`) a fence opens with: a Python dict (first key single-quoted) or JSON, which streams
 * through the JSON reader; a name it does not know hands the label and fence back as text.
 */
class FenceBodyState implements ParserState {
  constructor(
    private readonly ws: string,
    private readonly raw: string,
  ) {}

  step(ctx: ParserContext): boolean {
    const { buf, pos } = ctx;
    let i = pos + 1;
    while (i < buf.length && isWhitespace(buf.charCodeAt(i)) && i - pos <= MAX_GAP) i++;
    if (i >= buf.length && !ctx.final) return false;
    if (buf[pos] === '{' && buf[i] === "'") ctx.state = new PyDictCallState(this.ws + this.raw, FENCE);
    else
      ctx.state = new JsonRegionState(ctx, {
        format: 'rwkv',
        triggered: false,
        prefix: this.ws + this.raw,
        closer: FENCE,
        next: afterJsonCall,
      });
    return true;
  }

  finish(ctx: ParserContext): void {
    ctx.sink.emitText(this.ws + this.raw);
  }
}

/** After `**Tool Call:**`: blanks, then a ```json fence holding the call; anything else and the label was prose. */
class LabelState implements ParserState {
  private raw: string;

  /** `ws`: blank lines after an earlier call (dropped when a call follows, content when not) */
  constructor(
    private readonly ws: string,
    label: string,
  ) {
    this.raw = label;
  }

  step(ctx: ParserContext): boolean {
    this.raw += takeWhitespace(ctx);
    if (ctx.pos >= ctx.buf.length) return false;
    const m = matchFence(ctx.buf, ctx.pos, ctx.final);
    if (m === 'partial') return false;
    if (m === 'no') return revert(ctx, this.ws + this.raw);
    ctx.state = new FenceBodyState(this.ws, this.raw + take(ctx, ctx.pos + m));
    return true;
  }

  finish(ctx: ParserContext): void {
    ctx.sink.emitText(this.ws + this.raw);
  }
}

// not only where a line starts: after a lone `</think>` the blank line is layout and the label follows prose;
// the fence a call needs after it keeps a label in bold prose text
const LABEL_MARKER: MarkerSpec = {
  open: LABEL,
  enter: (ctx, at, length) => {
    ctx.state = new LabelState('', take(ctx, at + length));
  },
};

/**
 * The legacy form: `<tool_call>` then a Python dict on one line, no closing tag. Longer than `<tool_call>`
 * itself, so the trie prefers it there; a JSON payload stays with the shared `<tool_call>` reader, which
 * already takes a missing closing tag.
 */
function legacy(open: string): MarkerSpec {
  return {
    open,
    enter: (ctx, at, length) => {
      // the dict's `{'` is read by the dict's reader
      ctx.state = new PyDictCallState(take(ctx, at + length - 2), LEGACY_CLOSE);
    },
  };
}

const PREFERRED = [LABEL_MARKER, TOOL_CALL_TAG, legacy("<tool_call>{'"), legacy("<tool_call>\n{'")];

/**
 * RWKV-7 G1 (BlinkDL): Markdown, no special tokens. `**Tool Call:**` on a line of its own, then a ```json
 * fence holding `{"name", "arguments"}` (arguments maybe a JSON string; a Python dict is read too); several
 * calls are several label + fence pairs. The label is only looked for where RWKV is known (chosen, or named
 * by the model): a `*` candidate would cost every Markdown chunk of every stream. Under `auto` the fenced
 * JSON still reads as a call (the common fenced-JSON reader) and the label stays in the content.
 */
export const rwkvFamily: FamilyParser = {
  id: 'rwkv',
  markers: (mode) => (mode.preferred ? PREFERRED : []),
};
