import { describe, expect, it } from 'vitest';
import { jsonStringBody } from './json-string.js';

describe('jsonStringBody', () => {
  it('equals JSON.stringify without the quotes for every kind of character', () => {
    const samples = [
      '',
      'plain text, 42 and {braces}',
      'a "quote" and a \\ backslash',
      'tab\there, new\nline, \u0000 and \u001f',
      'é中😀 and a lone \ud83d high and \ude00 low surrogate',
      '\u2028\u2029\u007f',
    ];
    for (const s of samples) expect(jsonStringBody(s)).toBe(JSON.stringify(s).slice(1, -1));
  });
});
