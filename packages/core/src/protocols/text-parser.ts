import type { StreamEvent } from '../providers/types.js';
import { EventSink } from './event-sink.js';
import { JsonRegionState } from './json-region.js';
import { type ParserContext, type ParserState, PassthroughState, take } from './parser-context.js';
import type { TextParserOptions, TextParserTool, TextToolCallParseResult } from './parser-types.js';
import { isHighSurrogate, type MatchResult, matchLiteral } from './scan-utils.js';
import { matchAnyTrigger, matchBareJsonCall, matchFence } from './text-markers.js';
import { MistralState, PythonTagState, ToolCallOpenState } from './tolerant-states.js';
import { Utf8Chunks } from './utf8-chunks.js';
import { AfterTriggerState } from './xml-states.js';

/** The characters that can open a marker; everything else is content straight away. */
const CANDIDATE = /[<[`{]/g;
/** Index of the next character that could open a marker, or -1. */
function nextCandidate(s: string, from: number): number {
  // test() rather than exec(): no match object per candidate; the regex beats a charCodeAt loop even on
  // a 16-character chunk
  CANDIDATE.lastIndex = from;
  return CANDIDATE.test(s) ? CANDIDATE.lastIndex - 1 : -1;
}

const THINK_TAGS = ['<think>', '<thinking>', '<thought>'];

type Enter = (ctx: ParserContext, at: number, length: number) => void;
type Hit = { enter: Enter; length: number } | 'partial' | 'no';

const enterThink: Enter = (ctx, at, length) => {
  const open = take(ctx, at + length);
  ctx.sink.emitText(open);
  // nothing inside a reasoning block is ever parsed: it is content up to its own closing tag
  ctx.state = new PassthroughState(`</${open.slice(1)}`, (c) => c.toText());
};
const enterTrigger: Enter = (ctx, at, length) => {
  ctx.state = new AfterTriggerState(take(ctx, at + length));
};
const enterToolCall: Enter = (ctx, at, length) => {
  ctx.state = new ToolCallOpenState(take(ctx, at + length));
};
const enterPythonTag: Enter = (ctx, at, length) => {
  ctx.state = new PythonTagState(take(ctx, at + length));
};
const enterMistral: Enter = (ctx, at, length) => {
  ctx.state = new MistralState(take(ctx, at + length));
};
const enterFence: Enter = (ctx, at, length) => {
  const prefix = take(ctx, at + length);
  ctx.state = new JsonRegionState(ctx, { format: 'fenced-json', triggered: false, prefix, closer: '```' });
};
const enterBare: Enter = (ctx) => {
  ctx.state = new JsonRegionState(ctx, {
    format: 'llama',
    triggered: false,
    prefix: '',
    revertOnUnknownName: true,
  });
};

/** Folds one more candidate into the running answer: a full match wins, a partial one means wait. */
function best(current: Hit, m: MatchResult, enter: Enter): Hit {
  if (typeof current === 'object') return current;
  if (typeof m === 'number') return { enter, length: m };
  return m === 'partial' || current === 'partial' ? 'partial' : 'no';
}

/**
 * Whether a marker starts at `at`. Runs on every `<`, `[`, backtick and `{` of the text, so it allocates
 * nothing and rejects on the second character where it can.
 */
function matchMarker(ctx: ParserContext, at: number, lineStart: boolean): Hit {
  const { buf, final } = ctx;
  const c = buf.charCodeAt(at);
  if (c === 0x3c /* < */) {
    if (at + 1 >= buf.length) return final ? 'no' : 'partial';
    const next = buf.charCodeAt(at + 1);
    let hit: Hit = 'no';
    if (next === 0x74 /* t */) {
      for (const tag of THINK_TAGS) hit = best(hit, matchLiteral(buf, at, tag, final), enterThink);
      hit = best(hit, matchLiteral(buf, at, '<tool_call>', final), enterToolCall);
    } else if (next === 0x46 /* F */) {
      const m = ctx.trigger ? matchLiteral(buf, at, ctx.trigger, final) : matchAnyTrigger(buf, at, final);
      hit = best(hit, m, enterTrigger);
    } else if (next === 0x7c /* | */) {
      hit = best(hit, matchLiteral(buf, at, '<|python_tag|>', final), enterPythonTag);
    }
    return hit;
  }
  if (c === 0x5b /* [ */) return best('no', matchLiteral(buf, at, '[TOOL_CALLS]', final), enterMistral);
  if (c === 0x60 /* ` */) return best('no', matchFence(buf, at, final), enterFence);
  // a bare JSON call stands on its own line; JSON inside prose is data, and is not even held back
  if (!lineStart) return 'no';
  return best('no', matchBareJsonCall(buf, at, final), enterBare);
}

/** Whether `at` starts a line, given the not yet emitted text run `from..at` and the content before it. */
function lineStartAt(ctx: ParserContext, from: number, at: number): boolean {
  for (let i = at - 1; i >= from; i--) {
    const c = ctx.buf.charCodeAt(i);
    if (c === 10) return true;
    if (c !== 32 && c !== 9 && c !== 13) return false;
  }
  return ctx.sink.atLineStart;
}

/**
 * Plain text: emitted as it comes, except a possible marker start at the very end. Runs of text between
 * real markers go out as one piece, however many look-alike characters they hold.
 */
class TextState implements ParserState {
  step(ctx: ParserContext): boolean {
    const buf = ctx.buf;
    const from = ctx.pos;
    let scan = from;
    for (;;) {
      const at = nextCandidate(buf, scan);
      if (at < 0) {
        ctx.sink.emitText(take(ctx, buf.length));
        return false;
      }
      const hit = matchMarker(ctx, at, buf.charCodeAt(at) === 0x7b && lineStartAt(ctx, from, at));
      if (hit === 'no') {
        scan = at + 1;
        continue;
      }
      ctx.sink.emitText(take(ctx, at));
      if (hit === 'partial') return false;
      hit.enter(ctx, at, hit.length);
      return true;
    }
  }

  finish(): void {}
}

const FAST_PATH_MAX = 4096;

/**
 * Whether a chunk, arriving with nothing held back, is plain text through and through: every candidate
 * character in it is definitely not a marker start and it does not end inside a surrogate pair. Such a
 * chunk becomes one text delta without touching the state machine (the common case while streaming prose).
 */
function isPlainChunk(ctx: ParserContext, s: string): boolean {
  if (s.length === 0 || s.length > FAST_PATH_MAX || isHighSurrogate(s.charCodeAt(s.length - 1))) return false;
  ctx.buf = s;
  ctx.pos = 0;
  let scan = 0;
  for (;;) {
    const at = nextCandidate(s, scan);
    if (at < 0) return true;
    if (matchMarker(ctx, at, s.charCodeAt(at) === 0x7b && lineStartAt(ctx, 0, at)) !== 'no') return false;
    scan = at + 1;
  }
}

export interface TextToolCallParser {
  /** Feeds text (or UTF-8 bytes); returns the events it completes. */
  push(chunk: string | Uint8Array): StreamEvent[];
  /** Ends the input: flushes held text and reports a call cut off mid-way. */
  end(): StreamEvent[];
  /** Content, calls and errors so far; complete after `end()`. */
  result(): TextToolCallParseResult;
}

function defaultIdFactory(): (index: number) => string {
  const bytes = new Uint8Array(6);
  globalThis.crypto.getRandomValues(bytes);
  const prefix = Array.from(bytes, (b) => b.toString(36).padStart(2, '0')).join('');
  return (index) => `call_${prefix}_${index}`;
}

/**
 * The streaming parser for text-mode tool calls. One pass over the input: each push scans only the new
 * text plus the few characters held back from the last push, so total work is linear in the input.
 *
 * Calls through the trigger protocol count from the last trigger that is followed by a block; their final
 * `tool-call` events come at `end()`. Calls in the tolerated formats (Hermes, Qwen3-Coder, Mistral,
 * Llama, fenced JSON) are final as soon as they close.
 */
export function createTextToolCallParser(options: TextParserOptions): TextToolCallParser {
  const tools = new Map<string, TextParserTool>(options.tools.map((t) => [t.name, t]));
  const sink = new EventSink(options.createId ?? defaultIdFactory());
  const text = new TextState();
  const decoder = new Utf8Chunks();
  let ended = false;
  const ctx: ParserContext = {
    buf: '',
    pos: 0,
    final: false,
    sink,
    tools,
    trigger: options.trigger,
    state: text,
    toText() {
      ctx.state = text;
    },
  };

  const run = (input: string) => {
    ctx.buf = ctx.pos >= ctx.buf.length ? input : ctx.buf.slice(ctx.pos) + input;
    ctx.pos = 0;
    while (ctx.state.step(ctx)) {
      // each step consumes input or changes state
    }
  };

  return {
    push(chunk) {
      if (ended) throw new Error('The text tool-call parser has already ended.');
      const input = typeof chunk === 'string' ? chunk : decoder.decode(chunk);
      // fast path for the common small chunk of plain prose: no buffering, no state machine
      if (ctx.state === text && ctx.pos >= ctx.buf.length && sink.idle) {
        if (isPlainChunk(ctx, input)) {
          ctx.pos = input.length;
          return sink.textEvents(input);
        }
        ctx.buf = '';
        ctx.pos = 0;
      }
      run(input);
      return sink.drain(false);
    },
    end() {
      if (ended) return [];
      ended = true;
      ctx.final = true;
      run(decoder.end());
      ctx.state.finish(ctx);
      sink.endTriggeredBlock();
      return sink.drain(true);
    },
    result() {
      return { content: sink.content, calls: sink.calls, errors: [...sink.errors] };
    },
  };
}

/** One-shot parse: the same machine as the streaming parser, fed the whole text at once. */
export function parseToolCallsFromText(text: string, options: TextParserOptions): TextToolCallParseResult {
  const parser = createTextToolCallParser(options);
  parser.push(text);
  parser.end();
  return parser.result();
}
