import { afterEach, describe, expect, it } from 'vitest';
import { createEmulator, type Emulator } from './server.js';
import { splitAt, splitBytes, sseFrames } from './sse.js';

let emulator: Emulator | undefined;
afterEach(async () => {
  await emulator?.close();
  emulator = undefined;
});

describe('emulator', () => {
  it('replays queued answers in order and records the requests', async () => {
    emulator = await createEmulator();
    emulator.enqueue('/v1/chat/completions', { json: { n: 1 } }, { status: 429, json: { n: 2 } });
    const post = (body: unknown) =>
      fetch(`${emulator!.url}/v1/chat/completions?x=1`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: 'Bearer k' },
        body: JSON.stringify(body),
      });
    const first = await post({ a: 1 });
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ n: 1 });
    const second = await post({ a: 2 });
    expect(second.status).toBe(429);
    expect(emulator.requests.map((r) => r.body)).toEqual([{ a: 1 }, { a: 2 }]);
    expect(emulator.requests[0].query).toEqual({ x: '1' });
    expect(emulator.requests[0].headers.authorization).toBe('Bearer k');
    const third = await post({});
    expect(third.status).toBe(404);
  });

  it('streams chunks with the exact boundaries and falls back to a responder', async () => {
    emulator = await createEmulator();
    const text = sseFrames([{ data: { a: 1 } }, { data: '[DONE]' }]).join('');
    emulator.on(/\/stream$/, () => ({
      headers: { 'content-type': 'text/event-stream' },
      chunks: splitAt(text, [3, 10]),
    }));
    const res = await fetch(`${emulator.url}/x/stream`);
    const reader = res.body!.getReader();
    let all = '';
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      all += new TextDecoder().decode(value);
    }
    expect(all).toBe('data: {"a":1}\n\ndata: [DONE]\n\n');
  });

  it('cuts a stream off mid-way', async () => {
    emulator = await createEmulator();
    emulator.enqueue('/s', { chunks: ['data: {"a"'], cutOff: true });
    const res = await fetch(`${emulator.url}/s`);
    await expect(res.text()).rejects.toThrow();
  });

  it('splits text into byte chunks, cutting multi-byte characters', () => {
    const parts = splitBytes('añb', 2);
    expect(parts.map((p) => p.length)).toEqual([2, 2]);
    expect(new TextDecoder().decode(Buffer.concat(parts))).toBe('añb');
  });
});
