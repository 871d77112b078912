import { describe, expect, it } from 'vitest';
import { Utf8Chunks } from './utf8-chunks.js';

const decodeAll = (chunks: Uint8Array[]) => {
  const d = new Utf8Chunks();
  return chunks.map((c) => d.decode(c)).join('') + d.end();
};

describe('Utf8Chunks', () => {
  const text = 'a é 中 😀 z';
  const bytes = new TextEncoder().encode(text);

  it('decodes every split of a text with 1- to 4-byte characters', () => {
    for (let i = 0; i <= bytes.length; i++) {
      for (let j = i; j <= bytes.length; j++) {
        expect(decodeAll([bytes.subarray(0, i), bytes.subarray(i, j), bytes.subarray(j)])).toBe(text);
      }
    }
  });

  it('never returns half a character from a chunk', () => {
    const d = new Utf8Chunks();
    const emoji = new TextEncoder().encode('😀');
    expect(d.decode(emoji.subarray(0, 1))).toBe('');
    expect(d.decode(emoji.subarray(1, 3))).toBe('');
    expect(d.decode(emoji.subarray(3))).toBe('😀');
  });

  it('turns an incomplete character at the end into U+FFFD', () => {
    const d = new Utf8Chunks();
    expect(d.decode(new Uint8Array([0x61, 0xe4, 0xb8]))).toBe('a');
    expect(d.end()).toBe('\uFFFD');
  });
});
