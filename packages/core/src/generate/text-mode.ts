import {
  buildTextProtocolRetryMessage,
  buildToolProtocolPrompt,
  createTextToolCallParser,
  type ReplyMarkup,
  renderHistoryForTextProtocol,
  replyOpenReasoning,
  type TextProtocolError,
  type TextToolCallParser,
} from '../protocols/index.js';
import type { ChatMessage, StreamEvent, ToolChoice, ToolSpec } from '../providers/types.js';
import { validateToolArguments } from '../tools/validate-arguments.js';
import type { AttemptOutcome } from './attempt.js';
import type { ProtocolStyleOption } from './types.js';

/** Puts a section at the end of the first system message (or a new one in front). */
export function appendToSystem(messages: ChatMessage[], section: string): ChatMessage[] {
  const out = [...messages];
  const index = out.findIndex((m) => m.role === 'system');
  if (index === -1) out.unshift({ role: 'system', content: section });
  else out[index] = { role: 'system', content: `${out[index].content}\n\n${section}` };
  return out;
}

/** The prompt of a text-mode request: history in protocol form and the protocol in the system message. */
export function textModeMessages(
  messages: ChatMessage[],
  tools: ToolSpec[],
  options: { style: ProtocolStyleOption; trigger: string; toolChoice?: ToolChoice },
): ChatMessage[] {
  const rendered = renderHistoryForTextProtocol(messages, { style: options.style, trigger: options.trigger });
  const protocol = buildToolProtocolPrompt(tools, {
    style: options.style,
    trigger: options.trigger,
    toolChoice: options.toolChoice,
  });
  return appendToSystem(rendered as ChatMessage[], protocol);
}

/**
 * Routes a text-mode answer through the streaming parser: content deltas and call progress are relayed
 * as they arrive; finished calls are held until the attempt has been checked, so a consumer never sees a
 * call the runtime is about to re-ask for.
 */
export function createTextRouter(
  tools: ToolSpec[],
  trigger: string,
  outcome: AttemptOutcome,
  markup: ReplyMarkup = {},
) {
  // made at the first text, once it is known whether the server sent reasoning of its own first
  let parser: TextToolCallParser | undefined;
  const textParser = (): TextToolCallParser => {
    parser ??= createTextToolCallParser({
      tools,
      trigger,
      ...markup,
      openReasoning: replyOpenReasoning(markup.openReasoning, outcome.reasoning !== ''),
    });
    return parser;
  };
  const held: Extract<StreamEvent, { type: 'tool-call' }>[] = [];
  const route = (events: Iterable<StreamEvent>): StreamEvent[] => {
    const relay: StreamEvent[] = [];
    for (const event of events) {
      if (event.type === 'tool-call') {
        held.push(event);
        outcome.calls.push({ id: event.id, name: event.name, args: event.args, raw: event.rawArgs });
      } else if (event.type === 'text-delta') {
        outcome.text += event.text;
        relay.push(event);
      } else if (event.type === 'reasoning-delta') {
        // <think> blocks the model wrote in its text
        outcome.reasoning += event.text;
        relay.push(event);
      } else if (event.type === 'tool-call-start' || event.type === 'tool-call-delta') {
        relay.push(event);
      }
    }
    return relay;
  };
  return {
    push: (text: string) => route(textParser().push(text)),
    /** the text shows the reply is over: the rest of the stream is dropped unread */
    isOver: () => parser?.isOver() ?? false,
    end: () => {
      const relay = route(textParser().end());
      const lone = textParser().result().loneReasoningClose;
      if (lone !== undefined) outcome.loneReasoningClose = lone;
      return relay;
    },
    /** the parser's errors (complete after `end()`) */
    errors: (): TextProtocolError[] => textParser().result().errors,
    held,
  };
}

/** Everything wrong with a text-mode answer, in words a model can act on. */
export function textModeProblems(
  outcome: AttemptOutcome,
  parseErrors: readonly TextProtocolError[],
  tools: ToolSpec[],
  toolChoice: ToolChoice | undefined,
): { parse: string[]; validation: string[]; missing: string[] } {
  const parse = parseErrors.map((e) => e.message);
  const validation: string[] = [];
  for (const call of outcome.calls) {
    const tool = tools.find((t) => t.name === call.name);
    if (!tool) continue;
    const checked = validateToolArguments(tool, call.args);
    if (!checked.ok) validation.push(checked.error.message);
  }
  const missing: string[] = [];
  if (parse.length === 0 && outcome.calls.length === 0) {
    if (toolChoice === 'required')
      missing.push('You must call at least one tool, but the answer called none.');
    else if (typeof toolChoice === 'object') {
      missing.push(`You must call the tool "${toolChoice.name}", but the answer called none.`);
    }
  }
  return { parse, validation, missing };
}

/** The two messages appended before a re-ask: the bad answer and the correction. */
export function retryMessages(
  outcome: AttemptOutcome,
  reason: string,
  style: ProtocolStyleOption,
  trigger: string,
): ChatMessage[] {
  // buildTextProtocolRetryMessage shortens the preview itself
  const preview = outcome.rawText;
  return [
    { role: 'assistant', content: outcome.rawText },
    {
      role: 'user',
      content: buildTextProtocolRetryMessage({ error: reason, badOutputPreview: preview, style, trigger }),
    },
  ];
}
