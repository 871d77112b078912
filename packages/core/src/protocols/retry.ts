import { GenerateTaskError } from '../base/errors.js';
import type { TextProtocolError } from './parser-types.js';
import { type ProtocolStyle, toCdata } from './render-calls.js';

/** How many times a text-mode answer is re-asked by default, and the allowed range. */
export const DEFAULT_TEXT_PROTOCOL_RETRIES = 1;
export const MAX_TEXT_PROTOCOL_RETRIES = 3;

/** The retry count for text mode: default 1, an integer from 0 to 3, else `invalid_input`. */
export function resolveTextProtocolRetries(value: unknown): number {
  if (value === undefined || value === null) return DEFAULT_TEXT_PROTOCOL_RETRIES;
  if (
    typeof value !== 'number' ||
    !Number.isInteger(value) ||
    value < 0 ||
    value > MAX_TEXT_PROTOCOL_RETRIES
  ) {
    throw new GenerateTaskError(
      'invalid_input',
      `The text-protocol retry count must be an integer from 0 to ${MAX_TEXT_PROTOCOL_RETRIES}; got ${JSON.stringify(value)}.`,
      { details: { field: 'functionCallOptions.retries' } },
    );
  }
  return value;
}

/** A call that parsed but whose arguments failed the tool's schema. */
export interface TextCallValidationFailure {
  name: string;
  message: string;
}

export type TextProtocolFailure =
  | { kind: 'none' }
  | { kind: 'parse'; message: string; errors: TextProtocolError[] }
  | { kind: 'validation'; message: string; failures: TextCallValidationFailure[] };

/**
 * Decides whether a text-mode answer needs a re-ask. Parse errors (cut off, bad JSON, unknown tool, bad
 * shape) come first because the calls may be incomplete; validation failures come next. Either is worth a
 * retry; when retries are spent, `textProtocolFailureError` turns it into the error to throw.
 */
export function classifyTextProtocolFailure(
  errors: readonly TextProtocolError[],
  validation: readonly TextCallValidationFailure[] = [],
): TextProtocolFailure {
  if (errors.length) {
    return { kind: 'parse', message: errors.map((e) => e.message).join('\n'), errors: [...errors] };
  }
  if (validation.length) {
    return {
      kind: 'validation',
      message: validation.map((v) => `${v.name}: ${v.message}`).join('\n'),
      failures: [...validation],
    };
  }
  return { kind: 'none' };
}

/** The GenerateTaskError for a text-mode failure that retries did not fix. */
export function textProtocolFailureError(failure: TextProtocolFailure): GenerateTaskError | undefined {
  if (failure.kind === 'parse') {
    return new GenerateTaskError(
      'tool_call_parse',
      `The model's tool call could not be parsed: ${failure.message}`,
      {
        details: { rawArgs: failure.errors[0]?.raw, errors: failure.errors },
      },
    );
  }
  if (failure.kind === 'validation') {
    return new GenerateTaskError(
      'tool_call_parse',
      `The model's tool call arguments are invalid: ${failure.message}`,
      {
        details: { errors: failure.failures },
      },
    );
  }
  return undefined;
}

/** Keeps a bad answer short for the re-ask: its start and its end, which is where calls usually break. */
export function previewBadOutput(text: string, max = 600): string {
  if (text.length <= max) return text;
  const head = Math.floor(max * 0.4);
  const tail = max - head;
  return `${text.slice(0, head)}\n[… ${text.length - max} characters left out …]\n${text.slice(-tail)}`;
}

export interface TextProtocolRetryOptions {
  /** the exact problem: a message, or the parser's errors */
  error: string | readonly TextProtocolError[];
  /** the bad answer (shortened here if long) */
  badOutputPreview: string;
  style: ProtocolStyle;
  trigger: string;
}

function expectedFormat(style: ProtocolStyle, trigger: string): string {
  if (style === 'json') {
    return `${trigger}\n{"tool_calls":[{"name":"TOOL_NAME","arguments":{"PARAM":"VALUE"}}]}`;
  }
  return `${trigger}\n<function_calls>\n<function_call>\n<tool>TOOL_NAME</tool>\n<args_json>${toCdata('{"PARAM":"VALUE"}')}</args_json>\n</function_call>\n</function_calls>`;
}

/** The user message that re-asks for a tool call: what went wrong, what was written, what is expected. */
export function buildTextProtocolRetryMessage(options: TextProtocolRetryOptions): string {
  const problem =
    typeof options.error === 'string' ? options.error : options.error.map((e) => `- ${e.message}`).join('\n');
  return [
    'Your previous answer tried to call a tool, but the call could not be used.',
    '',
    'Problem:',
    problem.trim() || '(no details)',
    '',
    'Your answer (shortened):',
    '<previous_answer>',
    previewBadOutput(options.badOutputPreview),
    '</previous_answer>',
    '',
    `Write the tool call again, exactly in this format (trigger line \`${options.trigger}\` first, arguments as one valid JSON object, nothing cut off):`,
    expectedFormat(options.style, options.trigger),
  ].join('\n');
}
