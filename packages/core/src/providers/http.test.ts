import { createEmulator, type Emulator } from '@toolsmith/emulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isGenerateTaskError } from '../base/errors.js';
import { normalizeFinishReason } from './finish-reason.js';
import { postJson, readJson, retryAfterMs } from './http.js';
import { parseToolArguments } from './json-args.js';
import { readSse } from './sse.js';

let emulator: Emulator;
beforeAll(async () => {
  emulator = await createEmulator();
});
afterAll(() => emulator.close());

async function failure(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    if (isGenerateTaskError(error)) return error;
    throw error;
  }
  throw new Error('expected a failure');
}

describe('postJson error mapping (by status and error type)', () => {
  it.each([
    [401, 'auth_missing'],
    [403, 'auth_missing'],
    [429, 'rate_limit'],
    [500, 'network'],
    [503, 'network'],
    [400, 'unknown'],
  ])('HTTP %i → %s', async (status, code) => {
    emulator.enqueue('/e', {
      status,
      headers: { 'retry-after': '2' },
      json: { error: { message: 'rate limit auth' } },
    });
    const error = await failure(postJson({ url: `${emulator.url}/e`, headers: {}, body: {} }));
    expect(error.code).toBe(code);
    expect(error.details.status).toBe(status);
    expect(error.message).toBe('rate limit auth');
    if (status === 429) expect(error.details.retryAfterMs).toBe(2000);
  });

  it('connection refused → network', async () => {
    const closed = await createEmulator();
    const url = closed.url;
    await closed.close();
    const error = await failure(postJson({ url: `${url}/x`, headers: {}, body: {} }));
    expect(error.code).toBe('network');
  });

  it('abort → aborted', async () => {
    emulator.enqueue('/hang', { hang: true });
    const controller = new AbortController();
    const pending = postJson({
      url: `${emulator.url}/hang`,
      headers: {},
      body: {},
      signal: controller.signal,
    });
    controller.abort();
    expect((await failure(pending)).code).toBe('aborted');
  });

  it('empty body → no_response; cut-off SSE → network', async () => {
    emulator.enqueue('/empty', { body: '' });
    const response = await postJson({ url: `${emulator.url}/empty`, headers: {}, body: {} });
    expect((await failure(readJson(response))).code).toBe('no_response');

    emulator.enqueue('/cut', { chunks: ['data: {"a":1}\n\n', 'data: {"b"'], cutOff: true });
    const streamed = await postJson({ url: `${emulator.url}/cut`, headers: {}, body: {} });
    const seen: string[] = [];
    const error = await failure(
      (async () => {
        for await (const message of readSse(streamed)) seen.push(message.data);
      })(),
    );
    expect(seen).toEqual(['{"a":1}']);
    expect(error.code).toBe('network');
  });
});

describe('readSse', () => {
  it('delivers a last event that has no closing blank line', async () => {
    emulator.enqueue('/tail', { chunks: ['data: {"a":1}\n\n', 'data: [DONE]'] });
    const response = await postJson({ url: `${emulator.url}/tail`, headers: {}, body: {} });
    const seen: string[] = [];
    for await (const message of readSse(response)) seen.push(message.data);
    expect(seen).toEqual(['{"a":1}', '[DONE]']);
  });
});

describe('helpers', () => {
  it('parses Retry-After seconds and dates', () => {
    expect(retryAfterMs('3')).toBe(3000);
    expect(retryAfterMs(null)).toBeUndefined();
    expect(retryAfterMs(new Date(Date.now() + 60_000).toUTCString())).toBeGreaterThan(50_000);
  });

  it('normalizes finish reasons and keeps unknown ones as other', () => {
    expect(normalizeFinishReason('tool_calls')).toBe('tool_calls');
    expect(normalizeFinishReason('end_turn')).toBe('stop');
    expect(normalizeFinishReason('MAX_TOKENS')).toBe('length');
    expect(normalizeFinishReason('SAFETY')).toBe('content_filter');
    expect(normalizeFinishReason('constructor')).toBe('other');
    expect(normalizeFinishReason(null)).toBe('other');
  });

  it('parses tool arguments: empty → {}, double-encoded, invalid → tool_call_parse with rawArgs', () => {
    expect(parseToolArguments('', 'f')).toEqual({});
    expect(parseToolArguments('  ', 'f')).toEqual({});
    expect(parseToolArguments('{"a":1}', 'f')).toEqual({ a: 1 });
    expect(parseToolArguments('"{\\"a\\":1}"', 'f')).toEqual({ a: 1 });
    try {
      parseToolArguments('{"a":', 'f');
      throw new Error('expected a failure');
    } catch (error) {
      expect(isGenerateTaskError(error) && error.code).toBe('tool_call_parse');
      expect(isGenerateTaskError(error) && error.details.rawArgs).toBe('{"a":');
    }
    expect(() => parseToolArguments('[1]', 'f')).toThrow(/JSON object/);
  });
});
