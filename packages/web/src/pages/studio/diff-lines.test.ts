import { describe, expect, it } from 'vitest';
import { changedSections } from './diff-lines';

describe('proposal card sections', () => {
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
