import { describe, expect, it } from 'vitest';
import { lineDiff } from './line-diff';

describe('line diff', () => {
  it('marks added and removed lines and folds long unchanged runs', () => {
    const before = ['a', 'b', 'c', 'd', 'e', 'f', 'g'].join('\n');
    const after = ['a', 'b', 'c', 'd', 'E', 'f', 'g'].join('\n');
    expect(lineDiff(before, after, 1)).toEqual([
      { kind: 'same', text: '…' },
      { kind: 'same', text: 'd' },
      { kind: 'del', text: 'e' },
      { kind: 'add', text: 'E' },
      { kind: 'same', text: 'f' },
      { kind: 'same', text: '…' },
    ]);
  });
});
