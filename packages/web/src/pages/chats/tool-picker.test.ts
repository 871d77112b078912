import { beforeAll, describe, expect, it } from 'vitest';
import type { Chat, ChatToolList } from '../../api/types';
import { filterGroups, itemKey, tickedNames } from '../../components/tool-picker/tool-groups';
import { i18n } from '../../i18n/i18n';
import en from '../../i18n/locales/en';
import {
  chatPickerGroups,
  chatPickerTicked,
  chatSettingsFromTicked,
  offeredCharacterTools,
} from './tool-picker';

const tool = (name: string, offered: boolean, extra: Record<string, unknown> = {}) => ({
  name,
  description: `${name} store`,
  kind: 'static' as const,
  mode: 'read' as const,
  enabled: true,
  offered,
  ...extra,
});

const list: ChatToolList = {
  toolUse: true,
  functionCalling: true,
  offered: ['store_hours', 'house_rules'],
  groups: [
    {
      id: 'global',
      kind: 'global',
      label: 'Global functions',
      tools: [
        tool('store_hours', true),
        tool('weather', false, { displayName: 'Weather report', reason: 'Not picked for this chat.' }),
        tool('old_tool', false, { enabled: false, reason: 'Switched off on the Functions page.' }),
      ],
    },
    {
      id: 'builtin',
      kind: 'builtin',
      label: 'Built-in',
      tools: [tool('roll_dice', false, { kind: 'native' })],
    },
    {
      id: 'character:a',
      kind: 'character',
      label: 'Ayla’s tools',
      character: { id: 'a', name: 'Ayla' },
      tools: [
        tool('house_rules', true),
        tool('lighthouse_log', false, { reason: 'Switched off for this chat.' }),
      ],
    },
    {
      id: 'orchestration',
      kind: 'orchestration',
      label: 'Orchestration',
      tools: [tool('orchestration_note', false)],
    },
  ],
};
const settings: Chat['settings'] = {
  toolUse: true,
  tools: ['gone_tool', 'old_tool', 'store_hours'],
  characterToolsOff: ['lighthouse_log', 'bram_tool'],
  lorebookIds: [],
};

// group labels and hints are worded in the UI's language
beforeAll(async () => {
  await i18n.init({ lng: 'en', resources: { en: { translation: en } } });
});

describe('the chat’s tool picker', () => {
  it('ticks the chat’s list and the character tools that come along; orchestration is for reference', () => {
    const ticked = chatPickerTicked(list, settings);
    expect([...ticked].sort()).toEqual(
      [
        itemKey('global', 'store_hours'),
        itemKey('global', 'old_tool'),
        itemKey('character:a', 'house_rules'),
      ].sort(),
    );
    const groups = chatPickerGroups(list);
    expect(groups.map((g) => [g.id, Boolean(g.readOnly)])).toEqual([
      ['global', false],
      ['builtin', false],
      ['character:a', false],
      ['orchestration', true],
    ]);
    // a ticked tool that stays unused says why; "not picked" is what unticked means, so no note
    expect(groups[0].tools.map((t) => t.note)).toEqual([
      undefined,
      undefined,
      'Switched off on the Functions page.',
    ]);
  });

  it('turns ticks back into settings, keeping the order and what the picker did not show', () => {
    const ticked = new Set([
      itemKey('global', 'store_hours'),
      itemKey('global', 'weather'),
      itemKey('builtin', 'roll_dice'),
      itemKey('character:a', 'lighthouse_log'),
    ]);
    expect(chatSettingsFromTicked(list, settings, ticked)).toEqual({
      tools: ['gone_tool', 'store_hours', 'weather', 'roll_dice'],
      characterToolsOff: ['bram_tool', 'house_rules'],
    });
  });

  it('counts the character tools offered, and searches names only', () => {
    expect(offeredCharacterTools(list)).toEqual([{ name: 'house_rules', character: 'Ayla' }]);
    const groups = chatPickerGroups(list);
    expect(filterGroups(groups, 'REPORT').map((g) => [g.id, g.tools.map((t) => t.name)])).toEqual([
      ['global', ['weather']],
    ]);
    // every description says "store"; only one name does
    expect(filterGroups(groups, 'store').flatMap((g) => g.tools.map((t) => t.name))).toEqual(['store_hours']);
    expect(filterGroups(groups, '  ')).toHaveLength(4);
  });

  it('keeps ticked names in their old order, new ones after', () => {
    expect(tickedNames([itemKey('x', 'c'), itemKey('y', 'a'), itemKey('x', 'b')], ['b', 'z', 'a'])).toEqual([
      'b',
      'a',
      'c',
    ]);
  });
});
