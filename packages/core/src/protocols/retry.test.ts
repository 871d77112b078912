import { describe, expect, it } from 'vitest';
import { isGenerateTaskError } from '../base/errors.js';
import {
  buildTextProtocolRetryMessage,
  classifyTextProtocolFailure,
  previewBadOutput,
  resolveTextProtocolRetries,
  textProtocolFailureError,
} from './retry.js';
import { parseToolCallsFromText } from './text-parser.js';

const trigger = '<Function_R3tr_Start/>';

describe('buildTextProtocolRetryMessage', () => {
  it('states the exact error, shows the bad output, and the expected format', () => {
    const bad = `${trigger}\n<function_calls><function_call><tool>get_weather</tool><args_json><![CDATA[{"city": Lima}]]></args_json></function_call></function_calls>`;
    const { errors } = parseToolCallsFromText(bad, { tools: [{ name: 'get_weather' }], trigger });
    const text = buildTextProtocolRetryMessage({
      error: errors,
      badOutputPreview: bad,
      style: 'xml',
      trigger,
    });
    expect(text).toContain(errors[0].message);
    expect(text).toContain('{"city": Lima}');
    expect(text).toContain(`${trigger}\n<function_calls>\n<function_call>\n<tool>TOOL_NAME</tool>`);
    const json = buildTextProtocolRetryMessage({
      error: 'Unknown tool "x".',
      badOutputPreview: 'x',
      style: 'json',
      trigger,
    });
    expect(json).toContain('Unknown tool "x".');
    expect(json).toContain(`${trigger}\n{"tool_calls":[`);
  });

  it('shortens a long bad output, keeping its start and its end', () => {
    const long = `START${'x'.repeat(5000)}END`;
    const preview = previewBadOutput(long);
    expect(preview.length).toBeLessThan(700);
    expect(preview.startsWith('START')).toBe(true);
    expect(preview.endsWith('END')).toBe(true);
    expect(previewBadOutput('short')).toBe('short');
  });
});

describe('retry decisions', () => {
  it('puts parse errors before validation failures', () => {
    const { errors } = parseToolCallsFromText('[TOOL_CALLS]ping[ARGS]{"a":', { tools: [{ name: 'ping' }] });
    expect(classifyTextProtocolFailure(errors, [{ name: 'ping', message: 'bad' }]).kind).toBe('parse');
    expect(classifyTextProtocolFailure([], [{ name: 'ping', message: 'must have a' }])).toEqual({
      kind: 'validation',
      message: 'ping: must have a',
      failures: [{ name: 'ping', message: 'must have a' }],
    });
    expect(classifyTextProtocolFailure([])).toEqual({ kind: 'none' });
  });

  it('turns a failure that retries did not fix into tool_call_parse with the raw arguments', () => {
    const { errors } = parseToolCallsFromText('[TOOL_CALLS]ping[ARGS]{"a":', { tools: [{ name: 'ping' }] });
    const error = textProtocolFailureError(classifyTextProtocolFailure(errors));
    expect(isGenerateTaskError(error) && error.code).toBe('tool_call_parse');
    expect(error?.details.rawArgs).toBe('{"a":');
    expect(textProtocolFailureError({ kind: 'none' })).toBeUndefined();
  });

  it('resolves the retry count: default 1, integers 0 to 3', () => {
    expect(resolveTextProtocolRetries(undefined)).toBe(1);
    expect(resolveTextProtocolRetries(0)).toBe(0);
    expect(resolveTextProtocolRetries(3)).toBe(3);
    for (const bad of [4, -1, 1.5, '2']) {
      expect(() => resolveTextProtocolRetries(bad)).toThrow(/from 0 to 3/);
    }
  });
});
