import { JsonRegionState } from './json-region.js';
import type { MarkerSpec } from './marker-table.js';
import {
  backToText,
  type ParserContext,
  type ParserState,
  PassthroughState,
  take,
} from './parser-context.js';
import { afterReasoning, SkipThenReason } from './reasoning-block.js';
import { THINK_TAGS } from './reasoning-tags.js';
import { findFirst, type MatchResult, matchLiteral } from './scan-utils.js';
import { matchAnyTrigger, matchBareJsonCall, matchFence } from './text-markers.js';
import { AfterTriggerState } from './xml-states.js';

/** The markers of reasoning tag pairs: the block itself, and a closing tag with no opening one. */
export function reasoningMarkers(pairs: readonly (readonly [open: string, close: string])[]): MarkerSpec[] {
  return [
    ...pairs.map(
      ([open, close]): MarkerSpec => ({
        open,
        enter: (ctx, at, length) => {
          ctx.pos = at + length;
          // leading whitespace inside the block is layout too
          ctx.state = new SkipThenReason(close);
        },
      }),
    ),
    // a closing tag with no opening one: templates that open the block in the prompt leave only this (a
    // closing tag the parser could not find from its first character is left alone)
    ...pairs
      .filter(([, close]) => /^[<[\u25c1]/.test(close))
      .map(
        ([, close]): MarkerSpec => ({
          open: close,
          enter: (ctx, at, length) => {
            ctx.pos = at + length;
            ctx.sink.noteLoneReasoningClose(close);
            afterReasoning(ctx);
          },
        }),
      ),
  ];
}

/** A tag's suffix after `<think` / `</think`: `:` and a checkpoint id, then `>` (the length matched, or why not). */
function matchThinkSuffix(buf: string, at: number, final: boolean): MatchResult {
  const n = buf.length;
  for (let i = at; i < n && i - at <= MAX_THINK_SUFFIX; i++) {
    const c = buf.charCodeAt(i);
    if (c === 62) return i > at ? i - at + 1 : 'no';
    if (!isSuffixChar(c)) return 'no';
  }
  return n - at <= MAX_THINK_SUFFIX && !final ? 'partial' : 'no';
}

const MAX_THINK_SUFFIX = 40;

function isSuffixChar(c: number): boolean {
  return (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95 || c === 45;
}

/**
 * Tencent Hy4's reasoning tags carry its checkpoint's suffix, as its tool tags do (`<think:6124c78e>` …
 * `</think:6124c78e>`); its template opens the block in the prompt, so often only the closing tag comes.
 */
const SUFFIXED_THINK_MARKERS: readonly MarkerSpec[] = [
  {
    open: '<think:',
    tail: (buf, at, final) => matchThinkSuffix(buf, at, final),
    enter: (ctx, at, length) => {
      const close = `</think:${ctx.buf.slice(at + '<think:'.length, at + length)}`;
      ctx.pos = at + length;
      ctx.state = new SkipThenReason(close);
    },
  },
  {
    open: '</think:',
    tail: (buf, at, final) => matchThinkSuffix(buf, at, final),
    enter: (ctx, at, length) => {
      const close = ctx.buf.slice(at, at + length);
      ctx.pos = at + length;
      ctx.sink.noteLoneReasoningClose(close);
      afterReasoning(ctx);
    },
  },
];

export const REASONING_MARKERS: readonly MarkerSpec[] = [
  ...reasoningMarkers(THINK_TAGS),
  ...SUFFIXED_THINK_MARKERS,
];

/** The trigger line of our own protocol (`<Function_XXXX_Start/>`): the live one, or any when none is set. */
export const TRIGGER_MARKER: MarkerSpec = {
  open: '<Function_',
  tail: (buf, at, final, ctx) => {
    const start = at - '<Function_'.length;
    const m = ctx.trigger ? matchLiteral(buf, start, ctx.trigger, final) : matchAnyTrigger(buf, start, final);
    return typeof m === 'number' ? m - '<Function_'.length : m;
  },
  enter: (ctx, at, length) => {
    ctx.state = new AfterTriggerState(take(ctx, at + length));
  },
};

const INLINE_ENDS = new Map<string, readonly string[]>([
  ['`', ['`', '\n']],
  ['``', ['``', '\n']],
]);

/** Inline code: content up to the same run of backticks (or the end of the line), never parsed. */
class InlineCodeState implements ParserState {
  constructor(private readonly markers: readonly string[]) {}

  step(ctx: ParserContext): boolean {
    const r = findFirst(ctx.buf, ctx.pos, this.markers, ctx.final);
    if (!('marker' in r)) {
      ctx.sink.emitText(take(ctx, r.safeEnd));
      return false;
    }
    ctx.sink.emitText(take(ctx, r.index + r.marker.length));
    ctx.toText();
    return true;
  }

  finish(): void {}
}

/**
 * Where inline code that starts before `at` ends within the buffer (past its closer or the line end); -1
 * when it does not, or -2 when the buffer ends on what may be the first backtick of a closing pair.
 */
function inlineEnd(closer: string) {
  // one scan that stops at whichever comes first: searching for each to the end of the buffer would make
  // text with many inline spans and no line break quadratic
  return (buf: string, at: number): number => {
    const n = buf.length;
    for (let i = at; i < n; i++) {
      const c = buf.charCodeAt(i);
      if (c === 10) return i + 1;
      if (c === 96 && buf.startsWith(closer, i)) return i + closer.length;
    }
    return closer.length > 1 && n > at && buf.charCodeAt(n - 1) === 96 ? -2 : -1;
  };
}

function inline(open: '`' | '``'): MarkerSpec {
  return {
    open,
    span: inlineEnd(open),
    enter: (ctx, at, length) => {
      ctx.sink.emitText(take(ctx, at + length));
      ctx.state = new InlineCodeState(INLINE_ENDS.get(open) ?? []);
    },
  };
}

const FENCED_JSON: MarkerSpec = {
  open: '```',
  tail: (buf, at, final) => {
    const m = matchFence(buf, at - 3, final);
    return typeof m === 'number' ? m - 3 : m;
  },
  enter: (ctx, at, length) => {
    const prefix = take(ctx, at + length);
    ctx.state = new JsonRegionState(ctx, { format: 'fenced-json', triggered: false, prefix, closer: '```' });
  },
};

const CODE_FENCE: MarkerSpec = {
  open: '```',
  enter: (ctx, at, length) => {
    ctx.sink.emitText(take(ctx, at + length));
    ctx.state = new PassthroughState('```', backToText);
  },
};

/** Backticks: fenced JSON calls (when read), code blocks and inline code (content, never parsed). */
export function codeMarkers(fencedJson: boolean): MarkerSpec[] {
  return [inline('`'), inline('``'), ...(fencedJson ? [FENCED_JSON] : []), CODE_FENCE];
}

/** A bare JSON call (Llama 3 style) standing on its own line: `{"name": ...}`. */
export function bareJsonMarker(lineStart: boolean): MarkerSpec {
  return {
    open: '{',
    lineStart,
    // the scanner starts at the brace itself: the marker's length is not used
    tail: (buf, at, final): MatchResult => matchBareJsonCall(buf, at - 1, final),
    enter: (ctx) => {
      ctx.state = new JsonRegionState(ctx, {
        format: 'llama',
        triggered: false,
        prefix: '',
        revertOnUnknownName: true,
        sequence: true,
      });
    },
  };
}
