// The chunking check the reply-start tests share: a text parsed in two pieces, cut at every place.
import { expect } from 'vitest';
import type { TextParserOptions } from '../parser-types.js';
import { createTextToolCallParser } from '../text-parser.js';

/** The result of parsing `text` in two pieces, cut at `cut`. */
export function parsedInTwo(text: string, cut: number, parserOptions: TextParserOptions) {
  const parser = createTextToolCallParser(parserOptions);
  parser.push(text.slice(0, cut));
  parser.push(text.slice(cut));
  parser.end();
  return parser.result();
}

/** Every two-piece cut of `text` parses to `expected` (exactly, or at least those fields). */
export function expectEveryCut(
  text: string,
  parserOptions: TextParserOptions,
  expected: object,
  exact = true,
) {
  for (let cut = 0; cut <= text.length; cut++) {
    const result = parsedInTwo(text, cut, parserOptions);
    if (exact) expect(result).toEqual(expected);
    else expect(result).toMatchObject(expected);
  }
}
