import { describe, expect, it } from 'vitest';
import { changedSections, lineDiff } from './diff-lines';

describe('review card diffs', () => {
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

  it('lists only the tool fields and schema that change', () => {
    const schema = { type: 'object', properties: {} };
    const sections = changedSections(
      { body: 'return 1;', parameters: schema, description: 'd' },
      { body: 'return 2;', parameters: { ...schema, required: [] }, description: 'd' },
    );
    expect(sections.map((s) => s.label)).toEqual(['Body', 'Schema']);
    expect(changedSections(null, { staticResult: 'x' }).map((s) => s.label)).toEqual(['Static result']);
  });
});
