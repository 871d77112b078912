import type { StreamEvent } from '../providers/types.js';
import { EventSink } from './event-sink.js';
import { parserConfig } from './parser-config.js';
import type { ParserContext } from './parser-context.js';
import type { TextParserOptions, TextParserTool, TextToolCallParseResult } from './parser-types.js';
import { isPlainChunk, TextState } from './text-state.js';
import { Utf8Chunks } from './utf8-chunks.js';

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
 * `tool-call` events come at `end()`. Calls in a model family's own markup (see `TOOL_CALL_FAMILY_INFO`)
 * are final as soon as they close. Reasoning blocks come out as `reasoning-delta` events.
 */
export function createTextToolCallParser(options: TextParserOptions): TextToolCallParser {
  const tools = new Map<string, TextParserTool>(options.tools.map((t) => [t.name, t]));
  const sink = new EventSink(options.createId ?? defaultIdFactory());
  const text = new TextState();
  const decoder = new Utf8Chunks();
  const config = parserConfig(options.format, options.model);
  let ended = false;
  const ctx: ParserContext = {
    buf: '',
    pos: 0,
    final: false,
    sink,
    tools,
    trigger: options.trigger,
    table: config.table,
    preferred: config.preferred,
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
      return {
        content: sink.content,
        reasoning: sink.reasoning,
        calls: sink.calls,
        errors: [...sink.errors],
      };
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
