import { describe, expect, it } from 'vitest';
import type { ToolsList } from '../../api/types';
import { addToList, filterEntries, pickerEntries } from './tool-picker';

const list: ToolsList = {
  builtin: [
    {
      name: 'roll_dice',
      displayName: 'Roll dice',
      description: 'Rolls store dice',
      parameters: {},
      mode: 'read',
      kind: 'native',
      enabled: true,
    },
  ],
  tools: [
    {
      id: 't1',
      name: 'store_hours',
      description: 'Opening hours',
      parameters: {},
      mode: 'read',
      kind: 'static',
      includeHiddenContext: false,
      enabled: true,
      order: 0,
    },
    {
      id: 't2',
      name: 'weather',
      displayName: 'Weather report',
      description: 'Weather near the store',
      parameters: {},
      mode: 'read',
      kind: 'webhook',
      includeHiddenContext: false,
      enabled: false,
      order: 1,
    },
  ],
};

describe('function picker', () => {
  it('lists builtin and custom tools together, sorted by name', () => {
    const entries = pickerEntries(list);
    expect(entries.map((e) => [e.name, e.builtin, e.kind, e.enabled])).toEqual([
      ['roll_dice', true, 'native', true],
      ['store_hours', false, 'static', true],
      ['weather', false, 'webhook', false],
    ]);
  });

  it('searches technical and display names, never descriptions', () => {
    const entries = pickerEntries(list);
    // every description mentions "store"; only one name does
    expect(filterEntries(entries, 'store').map((e) => e.name)).toEqual(['store_hours']);
    expect(filterEntries(entries, 'REPORT').map((e) => e.name)).toEqual(['weather']);
    expect(filterEntries(entries, 'roll dice').map((e) => e.name)).toEqual(['roll_dice']);
    expect(filterEntries(entries, '  ')).toHaveLength(3);
    expect(filterEntries(entries, 'hours')).toHaveLength(1);
    expect(filterEntries(entries, 'opening')).toHaveLength(0);
  });

  it('appends picked names once, keeping the chat order', () => {
    expect(addToList(['b', 'a'], ['c', 'a', 'c'])).toEqual(['b', 'a', 'c']);
  });
});
