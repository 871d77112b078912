import { describe, expect, it } from 'vitest';
import { TextPieces } from './text-pieces.js';

describe('TextPieces', () => {
  it('reads back every piece in order, across block boundaries and between reads', () => {
    for (const count of [0, 1, 1023, 1024, 1025, 3000]) {
      const pieces = new TextPieces();
      let expected = '';
      for (let i = 0; i < count; i++) {
        const piece = i % 7 === 0 ? `${i}😀` : String(i);
        pieces.add(piece);
        expected += piece;
        // a read in the middle must not lose or repeat anything
        if (i === 1500) expect(pieces.text()).toBe(expected);
      }
      expect(pieces.text()).toBe(expected);
      expect(pieces.text()).toBe(expected);
      pieces.add('end');
      expect(pieces.text()).toBe(`${expected}end`);
    }
  });
});
