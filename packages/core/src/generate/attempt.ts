import { GenerateTaskError, type GenerateTaskErrorCode } from '../base/errors.js';
import { transportError } from '../providers/http.js';
import type {
  FinishReason,
  ProviderAdapter,
  ProviderMetadata,
  ProviderRequest,
  ReasoningPart,
  StreamEvent,
  Usage,
} from '../providers/types.js';
import type { GeneratedToolCall } from './types.js';

/** What one provider request produced. */
export interface AttemptOutcome {
  /** the answer text (text mode: without the call markup) */
  text: string;
  /** text mode: everything the model wrote, markup included */
  rawText: string;
  reasoning: string;
  reasoningParts: ReasoningPart[];
  calls: GeneratedToolCall[];
  finishReason: FinishReason;
  rawFinishReason: string | null;
  usage?: Usage;
  raw: unknown;
  /** Gemini: the signature of the answer's text, kept on the assistant message */
  providerMetadata?: ProviderMetadata;
  /** the answer's text closed a reasoning block it never opened (see GenerateTaskDetails) */
  loneReasoningClose?: string;
}

const CODES = new Set<GenerateTaskErrorCode>([
  'aborted',
  'network',
  'auth_missing',
  'rate_limit',
  'invalid_input',
  'unsupported_api',
  'tool_call_parse',
  'json_schema_violation',
  'no_response',
  'unknown',
]);

/** The end of a reply whose text showed it was over before the server ended it (TextToolCallParser.isOver). */
export const REPLY_OVER: Extract<StreamEvent, { type: 'finish' }> = {
  type: 'finish',
  reason: 'stop',
  rawReason: null,
};

export function abortedError(cause?: unknown): GenerateTaskError {
  return new GenerateTaskError('aborted', 'The request was aborted.', { cause });
}

export function emptyOutcome(): AttemptOutcome {
  return {
    text: '',
    rawText: '',
    reasoning: '',
    reasoningParts: [],
    calls: [],
    finishReason: 'other',
    rawFinishReason: null,
    raw: null,
  };
}

/** Where text mode sends an answer's text instead of relaying it: its parser. */
export interface TextRoute {
  push(text: string): Iterable<StreamEvent>;
  /** the text shows the reply is over: the rest of the stream is dropped unread */
  isOver(): boolean;
}

/**
 * Sends one request and relays its events, folding them into an outcome. `text` lets text mode route text
 * through its parser instead of relaying it. A stream that ends without `finish` was cut off.
 */
export async function* sendAndCollect(
  adapter: ProviderAdapter,
  request: ProviderRequest,
  outcome: AttemptOutcome,
  text?: TextRoute,
): AsyncGenerator<StreamEvent, void> {
  const signal = request.signal;
  let finished = false;
  try {
    read: for await (const event of adapter.send(request)) {
      if (signal?.aborted) throw abortedError(signal.reason);
      switch (event.type) {
        case 'text-delta':
          if (text) {
            outcome.rawText += event.text;
            yield* text.push(event.text);
            if (!text.isOver()) continue;
            // the text shows the reply is over (what follows is dropped): stop reading, which cancels the
            // download, and end it as the server would have
            finished = true;
            outcome.finishReason = REPLY_OVER.reason;
            yield REPLY_OVER;
            break read;
          }
          outcome.text += event.text;
          break;
        case 'reasoning-delta':
          outcome.reasoning += event.text;
          break;
        case 'reasoning-part':
          outcome.reasoningParts.push(event.part);
          if (!outcome.reasoning && event.part.text) outcome.reasoning = event.part.text;
          break;
        case 'tool-call':
          outcome.calls.push({
            id: event.id,
            name: event.name,
            args: event.args,
            raw: event.rawArgs,
            ...(event.providerMetadata ? { providerMetadata: event.providerMetadata } : {}),
          });
          break;
        case 'finish':
          finished = true;
          outcome.finishReason = event.reason;
          outcome.rawFinishReason = event.rawReason;
          outcome.usage = event.usage;
          outcome.raw = event.raw ?? null;
          if (event.providerMetadata) outcome.providerMetadata = event.providerMetadata;
          break;
        case 'error': {
          const code = CODES.has(event.code as GenerateTaskErrorCode)
            ? (event.code as GenerateTaskErrorCode)
            : 'unknown';
          throw new GenerateTaskError(code, event.message);
        }
      }
      yield event;
    }
  } catch (error) {
    if (signal?.aborted) throw abortedError(error);
    throw transportError(error, signal);
  }
  if (signal?.aborted) throw abortedError(signal.reason);
  if (!finished) {
    throw new GenerateTaskError('network', 'The provider stream ended before the answer was complete.');
  }
}

export function addUsage(total: Usage, usage: Usage | undefined): void {
  if (!usage) return;
  for (const key of ['inputTokens', 'outputTokens', 'totalTokens', 'reasoningTokens'] as const) {
    if (typeof usage[key] === 'number') total[key] = (total[key] ?? 0) + usage[key];
  }
}

/**
 * The error for an answer with no text and no call, in words the user can act on: a reasoning model that
 * thought until the token limit (a reply opened inside `<think>` that never closed it, too) has its reasoning
 * streamed but no answer.
 */
export function emptyAnswerError(outcome: AttemptOutcome): GenerateTaskError {
  const message =
    outcome.reasoning.trim() === ''
      ? 'The model returned an empty answer.'
      : outcome.finishReason === 'length'
        ? 'The model used all its tokens on reasoning and gave no answer: raise the maximum tokens (maxTokens) or lower the reasoning effort.'
        : 'The model reasoned but gave no answer.';
  return new GenerateTaskError('no_response', message, {
    details: {
      finishReason: outcome.finishReason,
      rawFinishReason: outcome.rawFinishReason,
      // the model did answer, with reasoning only (a connection test with few tokens counts that as working)
      ...(outcome.reasoning.trim() !== '' ? { reasoned: true } : {}),
    },
  });
}
