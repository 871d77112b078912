import type { StreamEvent } from '../providers/types.js';
import { EventSink } from './event-sink.js';
import { JsonRegionState } from './json-region.js';
import { type ParserContext, type ParserState, PassthroughState, take } from './parser-context.js';
import type { TextParserOptions, TextParserTool, TextToolCallParseResult } from './parser-types.js';
import { type MatchResult, matchLiteral } from './scan-utils.js';
import { matchAnyTrigger, matchBareJsonCall, matchFence } from './text-markers.js';
import { MistralState, PythonTagState, ToolCallOpenState } from './tolerant-states.js';
import { AfterTriggerState } from './xml-states.js';

/** The characters that can open a marker; everything else is content straight away. */
const CANDIDATE = /[<[`{]/g;

const THINK_TAGS = ['<think>', '<thinking>', '<thought>'];

type Hit = 'partial' | 'no' | ((ctx: ParserContext, at: number, length: number) => void);

function pick(results: [MatchResult, Exclude<Hit, 'partial' | 'no'>][]): { hit: Hit; length: number } {
  let partial = false;
  for (const [m, enter] of results) {
    if (typeof m === 'number') return { hit: enter, length: m };
    if (m === 'partial') partial = true;
  }
  return { hit: partial ? 'partial' : 'no', length: 0 };
}

const enterThink = (ctx: ParserContext, at: number, length: number) => {
  const open = take(ctx, at + length);
  ctx.sink.emitText(open);
  // nothing inside a reasoning block is ever parsed: it is content up to its own closing tag
  ctx.state = new PassthroughState(`</${open.slice(1)}`, (c) => c.toText());
};
const enterTrigger = (ctx: ParserContext, at: number, length: number) => {
  ctx.state = new AfterTriggerState(take(ctx, at + length));
};
const enterToolCall = (ctx: ParserContext, at: number, length: number) => {
  ctx.state = new ToolCallOpenState(take(ctx, at + length));
};
const enterPythonTag = (ctx: ParserContext, at: number, length: number) => {
  ctx.state = new PythonTagState(take(ctx, at + length));
};
const enterMistral = (ctx: ParserContext, at: number, length: number) => {
  ctx.state = new MistralState(take(ctx, at + length));
};
const enterFence = (ctx: ParserContext, at: number, length: number) => {
  const prefix = take(ctx, at + length);
  ctx.state = new JsonRegionState(ctx, { format: 'fenced-json', triggered: false, prefix, closer: '```' });
};
const enterBare = (ctx: ParserContext) => {
  ctx.state = new JsonRegionState(ctx, { format: 'llama', triggered: false, prefix: '' });
};

function matchMarker(ctx: ParserContext, at: number): { hit: Hit; length: number } {
  const { buf, final } = ctx;
  switch (buf[at]) {
    case '<':
      return pick([
        ...THINK_TAGS.map(
          (t) => [matchLiteral(buf, at, t, final), enterThink] as [MatchResult, typeof enterThink],
        ),
        [
          ctx.trigger ? matchLiteral(buf, at, ctx.trigger, final) : matchAnyTrigger(buf, at, final),
          enterTrigger,
        ],
        [matchLiteral(buf, at, '<tool_call>', final), enterToolCall],
        [matchLiteral(buf, at, '<|python_tag|>', final), enterPythonTag],
      ]);
    case '[':
      return pick([[matchLiteral(buf, at, '[TOOL_CALLS]', final), enterMistral]]);
    case '`':
      return pick([[matchFence(buf, at, final), enterFence]]);
    default:
      // a bare JSON call stands on its own line; JSON inside prose is data, and is not even held back
      if (!ctx.sink.atLineStart) return { hit: 'no', length: 0 };
      return pick([[matchBareJsonCall(buf, at, final), enterBare]]);
  }
}

/** Plain text: emitted as it comes, except a possible marker start at the very end. */
class TextState implements ParserState {
  step(ctx: ParserContext): boolean {
    CANDIDATE.lastIndex = ctx.pos;
    const m = CANDIDATE.exec(ctx.buf);
    if (!m) {
      ctx.sink.emitText(take(ctx, ctx.buf.length));
      return false;
    }
    const at = m.index;
    ctx.sink.emitText(take(ctx, at));
    const { hit, length } = matchMarker(ctx, at);
    if (hit === 'partial') return false;
    if (hit === 'no') {
      ctx.sink.emitText(take(ctx, at + 1));
      return true;
    }
    hit(ctx, at, length);
    return true;
  }

  finish(): void {}
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
 */
export function createTextToolCallParser(options: TextParserOptions): TextToolCallParser {
  const tools = new Map<string, TextParserTool>(options.tools.map((t) => [t.name, t]));
  const sink = new EventSink(options.createId ?? defaultIdFactory());
  const text = new TextState();
  const decoder = new TextDecoder();
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
    ctx.buf = ctx.buf.slice(ctx.pos) + input;
    ctx.pos = 0;
    while (ctx.state.step(ctx)) {
      // each step consumes input or changes state
    }
  };

  return {
    push(chunk) {
      if (ended) throw new Error('The text tool-call parser has already ended.');
      run(typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true }));
      return sink.drain(false);
    },
    end() {
      if (ended) return [];
      ended = true;
      ctx.final = true;
      run(decoder.decode());
      ctx.state.finish(ctx);
      return sink.drain(true);
    },
    result() {
      return { content: sink.content, calls: [...sink.calls], errors: [...sink.errors] };
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
