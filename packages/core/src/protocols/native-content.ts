import type { StreamEvent } from '../providers/types.js';
import type { ReplyMarkup, TextParserTool } from './parser-types.js';
import { replyOpenReasoning } from './reasoning-tags.js';
import { createTextToolCallParser, type TextToolCallParser } from './text-parser.js';

export interface NativeContentOptions extends ReplyMarkup {
  /** the tools offered with the request: only their calls are taken out of the content */
  tools: readonly TextParserTool[];
  /** told at the end when the content closed a reasoning block it never opened (`loneReasoningClose`) */
  onLoneReasoningClose?: (tag: string) => void;
}

/**
 * The native-mode fallback: an OpenAI-compatible server without a tool parser for the model (Ollama,
 * LM Studio, vLLM or llama.cpp started without one) returns the model's call markup as plain content.
 * The content goes through the text parser: calls to offered tools become tool-call events, their markup
 * leaves the content, and `<think>` blocks become reasoning. Native tool calls pass through; all calls
 * are numbered in the order they start.
 */
export class NativeContentFilter {
  /** made at the first content (or the end): by then it is known whether the server separates reasoning */
  private parser: TextToolCallParser | undefined;
  /** the server sent reasoning of its own before any content: it has a reasoning parser */
  private serverReasons = false;
  private readonly indexes = new Map<string, number>();
  private fromContent = 0;
  /** the answer so far has visible text or a call (native or from the content) */
  private answered = false;

  constructor(private readonly options: NativeContentOptions) {}

  /** One provider event in; the events to pass on. */
  push(event: StreamEvent): StreamEvent[] {
    switch (event.type) {
      case 'reasoning-delta':
        if (!this.parser) this.serverReasons = true;
        return [event];
      case 'text-delta':
        return this.renumber(this.contentParser().push(event.text), 'content');
      case 'tool-call-start':
      case 'tool-call-delta':
      case 'tool-call':
        return this.renumber([event], 'native');
      case 'finish': {
        const parser = this.contentParser();
        const out = this.renumber(parser.end(), 'content');
        const { errors: unread, loneReasoningClose } = parser.result();
        if (loneReasoningClose !== undefined) this.options.onLoneReasoningClose?.(loneReasoningClose);
        if (!this.answered && unread.length > 0) {
          // the whole answer was a call that could not be read: say why, rather than "an empty answer"
          out.push({
            type: 'error',
            code: 'tool_call_parse',
            // worded as text mode words it
            message: `The tool call could not be read: ${unread[0].message}`,
          });
          return out;
        }
        // calls written as text are calls all the same
        const reason = this.fromContent > 0 && event.reason === 'stop' ? 'tool_calls' : event.reason;
        out.push(reason === event.reason ? event : { ...event, reason });
        return out;
      }
      default:
        return [event];
    }
  }

  /** The content says the reply is over (see TextToolCallParser.isOver): the rest of the stream can go unread. */
  isOver(): boolean {
    return this.parser?.isOver() ?? false;
  }

  /** The parser of the content, made once it is known whether the server sent reasoning of its own first. */
  private contentParser(): TextToolCallParser {
    this.parser ??= createTextToolCallParser({
      ...this.options,
      openReasoning: replyOpenReasoning(this.options.openReasoning, this.serverReasons),
    });
    return this.parser;
  }

  private renumber(events: StreamEvent[], source: 'content' | 'native'): StreamEvent[] {
    for (let i = 0; i < events.length; i++) {
      const e = events[i];
      if (!this.answered)
        this.answered = e.type === 'tool-call' || (e.type === 'text-delta' && /\S/.test(e.text));
      if (e.type !== 'tool-call-start' && e.type !== 'tool-call-delta' && e.type !== 'tool-call') continue;
      const key = `${source}:${e.index}`;
      let index = this.indexes.get(key);
      if (index === undefined) {
        index = this.indexes.size;
        this.indexes.set(key, index);
      }
      if (source === 'content' && e.type === 'tool-call') this.fromContent++;
      if (index !== e.index) events[i] = { ...e, index };
    }
    return events;
  }
}
